package web_test

// A browser test of Gomoku's renju rule on the page: black's forbidden
// points, as POST /position lists them, are marked on the board.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRenjuForbiddenMarked opens a renju position where h8 would make
// black a double three and checks that the page marks exactly the cells
// the API forbids, names them so for assistive technology, and does not
// play one when clicked; that the marks go while white is to move and come
// back for black; and that freestyle marks none. It saves the first
// position's pictures for docs/img on every display.
func TestRenjuForbiddenMarked(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)
	p := newPlayer(t, b, svc, "gomoku", "both", map[string]any{"size": 15, "rule": "renju"})
	moves := []string{"f8", "a1", "g8", "c1", "h6", "e1", "h7", "a15"}
	p.tab.run(chromedp.Navigate(p.link(moves...)))
	p.tab.settled()
	p.checkBoard(moves)
	if got, want := pageForbidden(p), apiForbidden(p, moves); !slices.Equal(got, want) || !slices.Contains(got, "7,7") {
		t.Fatalf("the page marks %q forbidden, the API %q (h8, 7,7, among them)", got, want)
	}
	label := eval[string](p.tab, `document.querySelector('#board .cell[data-row="7"][data-col="7"]').getAttribute("aria-label")`)
	if !strings.Contains(label, "forbidden to black") {
		t.Errorf("h8's label %q does not say it is forbidden to black", label)
	}
	p.tab.screenshot("renju-forbidden")
	p.tab.run(chromedp.Click(chromedp.CSS(`#board .cell[data-row="7"][data-col="7"]`)))
	p.tab.settled()
	if got := p.pageMoves(); !slices.Equal(got, moves) {
		t.Errorf("a click on the forbidden h8 changed the moves to %q", got)
	}

	// Black plays elsewhere: white is to move, and nothing is forbidden to white.
	moves = append(moves, "o8")
	p.clickMove(moves[:len(moves)-1], "o8")
	p.tab.settled()
	if got := pageForbidden(p); len(got) != 0 || len(apiForbidden(p, moves)) != 0 {
		t.Errorf("white to move: the page marks %q forbidden", got)
	}
	moves = append(moves, "o1")
	p.clickMove(moves[:len(moves)-1], "o1")
	p.tab.settled()
	if got, want := pageForbidden(p), apiForbidden(p, moves); !slices.Equal(got, want) || len(got) == 0 {
		t.Errorf("black to move again: the page marks %q forbidden, the API %q", got, want)
	}

	free := newPlayer(t, b, svc, "gomoku", "both", map[string]any{"size": 15, "rule": "freestyle"})
	free.tab.run(chromedp.Navigate(free.link(moves[:8]...)))
	free.tab.settled()
	free.checkBoard(moves[:8])
	if got := pageForbidden(free); len(got) != 0 {
		t.Errorf("freestyle: the page marks %q forbidden", got)
	}
	p.tab.checkClean([]string{svc.URL})
	free.tab.checkClean([]string{svc.URL})

	// The pictures of docs/img: the first position, h8 forbidden, on
	// every display.
	for _, d := range displays {
		shot := *p // the same game and settings, in a tab of its own on d
		shot.tab, shot.display = newTab(t, b), d
		shot.tab.show(d)
		shot.tab.run(chromedp.Navigate(shot.link(moves[:8]...)))
		shot.tab.settled()
		if got, want := pageForbidden(&shot), apiForbidden(&shot, moves[:8]); !slices.Equal(got, want) {
			t.Errorf("on the %s display the page marks %q forbidden, the API %q", d.name, got, want)
		}
		shot.tab.capture("renju-"+d.name, true)
		shot.tab.checkClean([]string{svc.URL})
	}
}

// pageForbidden returns the cells the page marks forbidden, "row,col", sorted.
func pageForbidden(p *player) []string {
	got := eval[[]string](p.tab, `[...document.querySelectorAll("#board .cell.forbidden")].map((c) => c.dataset.row + "," + c.dataset.col)`)
	slices.Sort(got)
	return got
}

// apiForbidden returns the cells POST /position lists as forbidden after
// played, "row,col", sorted.
func apiForbidden(p *player, played []string) []string {
	var pos struct {
		Forbidden []moveJSON `json:"forbidden"`
	}
	p.svc.post(p.t, "/position", p.request(played, nil), &pos)
	out := []string{}
	for _, m := range pos.Forbidden {
		out = append(out, fmt.Sprintf("%d,%d", m.Row, m.Col))
	}
	slices.Sort(out)
	return out
}
