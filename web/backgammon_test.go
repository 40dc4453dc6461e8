package web_test

import (
	"fmt"
	"net/url"
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

// TestBackgammonCube plays the doubling cube on the page: x, before its
// roll with the cube centered, doubles with the Double button and the
// engine (o) answers the double as POST /move does, after which x may not
// double again when o took; and in a position where o, on roll, should
// double and x should drop (gnubg's "double, pass"), the engine doubles
// and x drops with the Drop button, which ends the game.
func TestBackgammonCube(t *testing.T) {
	browser := newBrowser(t)
	svc := newService(t, unhurried)
	tb := newTab(t, browser)
	tb.show(displays[0])
	opening := []string{"31", "8/5 6/5", "42", "8/4 6/4"}
	var escaped []string
	for _, m := range opening {
		escaped = append(escaped, url.QueryEscape(m))
	}
	tb.run(chromedp.Navigate(svc.URL + "/#game=backgammon&side=x&level=10&depth=1&analysis=0&moves=" + strings.Join(escaped, ",")))
	tb.settled()
	tb.waitFor(`document.querySelector(".kind-backgammon")?.dataset.chance === "true" && !document.getElementById("bg-double").hidden`)
	tb.run(chromedp.Click(chromedp.ID("bg-double")))
	tb.waitFor(`document.querySelectorAll("#moves li").length === 6 && document.body.dataset.state === "ready"`)
	var answer struct {
		Move struct{ Notation string } `json:"move"`
	}
	svc.post(t, "/move", map[string]any{"game": "backgammon", "moves": append(opening, "double"), "depth": 1}, &answer)
	moves := eval[[]string](tb, `[...document.querySelectorAll("#moves li")].map((li) => li.dataset.notation)`)
	if moves[4] != "double" || moves[5] != answer.Move.Notation {
		t.Fatalf("after x's double the page played %q, want double and the engine's %s", moves, answer.Move.Notation)
	}
	sides := eval[[]string](tb, `[...document.querySelectorAll("#moves li button")].map((b) => b.textContent.split(" ")[0])`)
	if !slices.Equal(sides[4:], []string{"x", "o"}) {
		t.Errorf("the move list names the double's and the answer's sides %q, want x o", sides[4:])
	}
	if answer.Move.Notation == "take" {
		info := eval[string](tb, `document.querySelector(".bg-info").textContent`)
		if !eval[bool](tb, `document.getElementById("bg-double").hidden && !document.getElementById("bg-roll").hidden`) ||
			!strings.Contains(info, "cube 2, owned by o") {
			t.Errorf("after o took: %q, Double shown %v; want x to roll, o owning the cube at 2", info, !eval[bool](tb, `document.getElementById("bg-double").hidden`))
		}
	}

	// o on roll, a double and a pass by gnubg: the engine doubles.
	const id = "4HPwAVDMzuADIA:MAEAAAAAAAAA"
	tb.checkClean([]string{svc.URL})
	tb = newTab(t, browser)
	tb.show(displays[0])
	tb.run(chromedp.Navigate(svc.URL + "/#game=backgammon&side=x&level=10&depth=2&analysis=0&position=" + id))
	tb.settled()
	tb.waitFor(`document.querySelectorAll("#moves li").length === 1 && !document.getElementById("bg-drop").hidden`)
	if got := eval[string](tb, `document.querySelector("#moves li").dataset.notation`); got != "double" {
		t.Fatalf("the engine played %q, want double", got)
	}
	tb.run(chromedp.Click(chromedp.ID("bg-drop")))
	tb.waitFor(`document.body.dataset.state === "over"`)
	sides = eval[[]string](tb, `[...document.querySelectorAll("#moves li button")].map((b) => b.textContent.split(" ")[0])`)
	if !slices.Equal(sides, []string{"o", "x"}) {
		t.Errorf("the move list names the sides %q of o's double and x's drop, want o x", sides)
	}
	tb.capture("backgammon-drop", false)
	tb.checkClean([]string{svc.URL})
}
