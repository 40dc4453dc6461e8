package web_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// kalahView is the part of POST /position's answer for Kalah these tests
// read.
type kalahView struct {
	ToMove string `json:"to_move"`
	View   struct {
		Pits   [2][]int `json:"pits"`
		Stores [2]int   `json:"stores"`
	} `json:"view"`
}

// TestPlayKalah plays the first moves of Kalah(6,4) through the page by
// clicks on the pits, on an analysis board (the player moves both sides):
// South's pit 3, whose last seed falls into South's store, so South moves
// again (the page says so), then South's pit 6, and North's pit 2, whose
// five seeds end in North's store, so North moves again too. After
// each click it checks every pit and store against POST /position and the
// move list's side of every move against the side that played it.
func TestPlayKalah(t *testing.T) {
	browser := newBrowser(t)
	svc := newService(t, unhurried)
	tb := newTab(t, browser)
	tb.show(displays[2])
	link := url.Values{"game": {"kalah"}, "side": {"both"}, "analysis": {"0"}}
	tb.run(chromedp.Navigate(svc.URL + "/#" + link.Encode()))
	tb.settled()

	var played []string
	for _, step := range []struct {
		side, pit string
		extra     bool     // the same side moves again after it
		movers    []string // the move list's sides after it
	}{
		{"x", "3", true, []string{"x"}},
		{"x", "6", false, []string{"x", "x"}},
		{"o", "2", true, []string{"x", "x", "o"}},
	} {
		draws := eval[string](tb, `document.getElementById("board").dataset.draws`)
		tb.run(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board .pit[data-side=%q][data-pit=%q]`, step.side, step.pit))))
		played = append(played, step.pit)
		tb.waitFor(fmt.Sprintf(`document.querySelectorAll("#moves li").length === %d && document.getElementById("board").dataset.draws !== %q`, len(played), draws))
		tb.settled()

		var want kalahView
		svc.post(t, "/position", map[string]any{"game": "kalah", "moves": played}, &want)
		got := eval[kalahView](tb, `(() => {
			const counts = (side) => [...document.querySelectorAll("#board .pit[data-side='" + side + "']")]
				.sort((a, b) => Number(a.dataset.pit) - Number(b.dataset.pit)).map((b) => Number(b.dataset.count));
			const store = (side) => Number(document.querySelector("#board .store[data-side='" + side + "']").dataset.count);
			return {view: {pits: [counts("x"), counts("o")], stores: [store("x"), store("o")]}};
		})()`)
		if !slices.Equal(got.View.Pits[0], want.View.Pits[0]) || !slices.Equal(got.View.Pits[1], want.View.Pits[1]) || got.View.Stores != want.View.Stores {
			t.Errorf("after %q the page shows %+v, POST /position says %+v", played, got.View, want.View)
		}
		if next := map[bool]string{true: step.side, false: map[string]string{"x": "o", "o": "x"}[step.side]}[step.extra]; want.ToMove != map[string]string{"x": "south", "o": "north"}[next] {
			t.Fatalf("after %q POST /position says %s moves, the test expects %s", played, want.ToMove, next)
		}
		if extra := eval[string](tb, `document.querySelector("#board .board").dataset.extraTurn`); extra != fmt.Sprint(step.extra) {
			t.Errorf("after %q the board's extra turn is %s, want %v", played, extra, step.extra)
		}
		if sides := eval[[]string](tb, `[...document.querySelectorAll("#moves li")].map((li) => li.dataset.side)`); !slices.Equal(sides, step.movers) {
			t.Errorf("after %q the move list's sides are %q, want %q", played, sides, step.movers)
		}
		if sown := eval[int](tb, `document.querySelectorAll("#board .sown").length`); sown == 0 {
			t.Errorf("after %q no pit shows the sowing", played)
		}
	}
	tb.checkClean([]string{svc.URL})
	// The pictures of docs/img: the same game on every display.
	link.Set("moves", strings.Join(played, ","))
	for _, d := range displays {
		shot := newTab(t, browser)
		shot.show(d)
		shot.run(chromedp.Navigate(svc.URL + "/#" + link.Encode()))
		shot.waitFor(`document.querySelectorAll("#moves li").length === 3`)
		shot.settled()
		if right := eval[float64](shot, `Math.max(document.documentElement.scrollWidth, ...[...document.querySelectorAll("#board .pit, #board .store")].map((e) => e.getBoundingClientRect().right))`); right > float64(d.width) {
			t.Errorf("on the %s display the board reaches x = %.0f, past the screen's %d px", d.name, right, d.width)
		}
		shot.capture("kalah-"+d.name, true)
		shot.checkClean([]string{svc.URL})
	}
}

// TestKalahPastedPosition pastes a Kalah position in its notation, North
// to move, for the engine playing North: the page plays on from that
// position (not the start), the move list gives North's moves to North
// (pit 6's last seed falls into North's store, so North moves again), the
// board after them matches POST /position from the pasted position, the
// address keeps it (position=, as the request names it; a link that says
// fen=, as the page wrote before, still opens it), and the panel says the engine's answer is solved
// rather than a depth of 254.
func TestKalahPastedPosition(t *testing.T) {
	const pasted = "0,0,1,0,2,13:5/0,0,0,0,2,1:24/o"
	browser := newBrowser(t)
	svc := newService(t, unhurried)
	tb := newTab(t, browser)
	link := url.Values{"game": {"kalah"}, "side": {"x"}, "analysis": {"0"}}
	tb.run(chromedp.Navigate(svc.URL + "/#" + link.Encode()))
	tb.settled()
	tb.run(chromedp.SetValue(chromedp.ID("paste"), pasted), chromedp.Click(chromedp.ID("load")))
	tb.waitFor(`document.getElementById("engine").dataset.state === "answered" && document.querySelectorAll("#moves li").length > 0`)
	state := tb.settled()

	hash := eval[string](tb, `location.hash.slice(1)`)
	params, err := url.ParseQuery(hash)
	if err != nil || params.Get("position") != pasted || params.Has("fen") {
		t.Fatalf("the address %q does not keep the pasted position %q as position=", hash, pasted)
	}
	played := strings.Split(params.Get("moves"), ",")
	if sides := eval[[]string](tb, `[...document.querySelectorAll("#moves li")].map((li) => li.dataset.side)`); len(sides) == 0 || sides[0] != "o" {
		t.Errorf("the engine's moves %q from the pasted position are listed as %q, want North's (o) first", played, sides)
	}
	var want kalahView
	svc.post(t, "/position", map[string]any{"game": "kalah", "position": pasted, "moves": played}, &want)
	got := eval[kalahView](tb, `(() => {
		const counts = (side) => [...document.querySelectorAll("#board .pit[data-side='" + side + "']")]
			.sort((a, b) => Number(a.dataset.pit) - Number(b.dataset.pit)).map((b) => Number(b.dataset.count));
		const store = (side) => Number(document.querySelector("#board .store[data-side='" + side + "']").dataset.count);
		return {view: {pits: [counts("x"), counts("o")], stores: [store("x"), store("o")]}};
	})()`)
	if !slices.Equal(got.View.Pits[0], want.View.Pits[0]) || !slices.Equal(got.View.Pits[1], want.View.Pits[1]) || got.View.Stores != want.View.Stores {
		t.Errorf("after %q from %q (page %s) the page shows %+v, POST /position says %+v", played, pasted, state, got.View, want.View)
	}
	depth := eval[string](tb, `document.querySelector("#answer dd[data-field=depth]").textContent`)
	if !strings.HasPrefix(depth, "solved") || strings.Contains(depth, "254") {
		t.Errorf("the panel's depth of a solve reads %q, want \"solved\" and the plies to the end", depth)
	}

	// A link in the old form (fen=) opens the same game, its address
	// rewritten as position=.
	old := url.Values{"game": {"kalah"}, "side": {"both"}, "analysis": {"0"}, "fen": {pasted}, "moves": {params.Get("moves")}}
	tb.run(chromedp.Navigate("about:blank"), chromedp.Navigate(svc.URL+"/#"+old.Encode()))
	tb.settled()
	again, err := url.ParseQuery(eval[string](tb, `location.hash.slice(1)`))
	if err != nil || again.Get("position") != pasted || again.Get("moves") != params.Get("moves") {
		t.Errorf("a fen= link opens as %v, want position %q and moves %q", again, pasted, params.Get("moves"))
	}
	if n := eval[int](tb, `document.querySelectorAll("#moves li").length`); n != len(played) {
		t.Errorf("a fen= link lists %d moves, want %d", n, len(played))
	}
	tb.checkClean([]string{svc.URL})
}
