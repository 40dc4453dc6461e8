package web_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBackgammonByClicks plays backgammon on the page as a person would:
// x rolls with the Roll button, enters a legal play of the roll by
// clicking each checker and where it goes, and the engine (o) rolls and
// plays its answer. The move list names the side of every move (each side
// rolls, then plays), and the board shows the checkers of the API's
// position after the moves.
func TestBackgammonByClicks(t *testing.T) {
	browser := newBrowser(t)
	svc := newService(t, unhurried)
	for _, d := range displays {
		t.Run(d.name, func(t *testing.T) {
			tb := newTab(t, browser)
			tb.show(d)
			playByClicks(t, svc, tb, d.name)
		})
	}
}

// playByClicks plays x's first roll and play by clicks on tb, checks the
// engine's answer, and saves a screenshot named for the display.
func playByClicks(t *testing.T, svc *service, tb *tab, display string) {
	tb.run(chromedp.Navigate(svc.URL + "/#game=backgammon&side=x&level=10&depth=1&analysis=0"))
	tb.settled()
	tb.waitFor(`document.querySelector(".kind-backgammon")?.dataset.chance === "true" && !document.getElementById("bg-roll").hidden`)
	tb.run(chromedp.Click(chromedp.ID("bg-roll")))
	tb.waitFor(`document.querySelectorAll("#moves li").length === 1 && document.body.dataset.state === "ready"`)
	roll := eval[string](tb, `document.querySelector("#moves li").dataset.notation`)

	var pos struct {
		LegalMoves []struct {
			Notation string `json:"notation"`
			Steps    []struct{ From, To int }
		} `json:"legal_moves"`
	}
	svc.post(t, "/position", map[string]any{"game": "backgammon", "moves": []string{roll}}, &pos)
	play := pos.LegalMoves[len(pos.LegalMoves)/2]
	spot := func(p int) string {
		switch p {
		case 25:
			return `[data-spot="bar-x"]`
		case 0:
			return `[data-spot="off-x"]`
		}
		return fmt.Sprintf(`[data-spot="%d"]`, p)
	}
	for _, s := range play.Steps {
		tb.run(chromedp.Click(chromedp.CSS(spot(s.From))))
		tb.waitFor(`document.querySelector('` + spot(s.From) + `').classList.contains("picked")`)
		tb.run(chromedp.Click(chromedp.CSS(spot(s.To))))
	}
	// The engine rolls for o and plays: four moves, then x to roll.
	tb.waitFor(`document.querySelectorAll("#moves li").length === 4 && document.body.dataset.state === "ready"`)
	moves := eval[[]string](tb, `[...document.querySelectorAll("#moves li")].map((li) => li.dataset.notation)`)
	if moves[0] != roll || moves[1] != play.Notation {
		t.Fatalf("the page played %q, want the roll %s and the play %s clicked", moves, roll, play.Notation)
	}
	sides := eval[[]string](tb, `[...document.querySelectorAll("#moves li button")].map((b) => b.textContent.split(" ")[0])`)
	if !slices.Equal(sides, []string{"x", "x", "o", "o"}) {
		t.Errorf("the move list names the sides %q, want x x o o", sides)
	}
	var after struct {
		View struct {
			Points []int `json:"points"`
		} `json:"view"`
	}
	svc.post(t, "/position", map[string]any{"game": "backgammon", "moves": moves}, &after)
	shown := eval[[]string](tb, `[...Array(24).keys()].map((i) => document.querySelector('[data-spot="' + (i + 1) + '"]').dataset.count)`)
	want := make([]string, 24)
	for i, n := range after.View.Points {
		want[i] = fmt.Sprint(n)
	}
	if !slices.Equal(shown, want) {
		t.Errorf("the board shows %s, the position after %q is %s", strings.Join(shown, ","), moves, strings.Join(want, ","))
	}
	tb.capture("backgammon-"+display, true)
	tb.checkClean([]string{svc.URL})
}
