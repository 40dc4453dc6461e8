package gomoku_test

import (
	"context"
	"slices"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/internal/longtest"
)

// stillWins reports whether the side that just played keeps a forced win:
// the opponent's own search proves its loss within the node limit.
func stillWins(st *gomoku.State, m engine.Move) bool {
	c := st.Clone().(*gomoku.State)
	c.Play(m)
	if c.Outcome() == engine.OutcomeLoss {
		return true
	}
	return search(c, 8, 30_000, gomoku.Options{}).Outcome == engine.OutcomeLoss
}

// lostAfter is stillWins for longer wins: the defender's own search after
// m, given up to maxNodes, proves its loss.
func lostAfter(st *gomoku.State, m engine.Move, maxNodes uint64) bool {
	c := st.Clone().(*gomoku.State)
	c.Play(m)
	return c.Outcome() == engine.OutcomeLoss ||
		search(c, 30, maxNodes, gomoku.Options{}).Outcome == engine.OutcomeLoss
}

// holds reports whether, after the defender plays m, the attacker's search
// finds no forced win.
func holds(st *gomoku.State, m engine.Move) bool {
	c := st.Clone().(*gomoku.State)
	c.Play(m)
	return search(c, 6, 30_000, gomoku.Options{}).Outcome != engine.OutcomeWin
}

// TestTactics checks the basic threats: winning, blocking, answering an
// open three, and making and stopping four-three and four-four.
func TestTactics(t *testing.T) {
	tests := []struct {
		name    string
		xs, os  []string
		want    []string // acceptable moves; nil: any that keeps the result
		outcome engine.Outcome
		plies   int // plies to the end when outcome is a win; 0: any
	}{
		{"win in one", []string{"h8", "i8", "j8", "k8"}, []string{"h9", "i9", "j9", "a1"},
			[]string{"g8", "l8"}, engine.OutcomeWin, 1},
		// The defender's stones stand near the attacker's: with them in
		// the corners the attacker's initiative wins (in 12 plies, found
		// by the full-width search at depth 8), so the answer would no
		// longer hold.
		{"block a four", []string{"g9", "h10", "i8", "k10"}, []string{"h9", "i9", "j9", "k9"},
			[]string{"l9"}, engine.OutcomeUnknown, 0},
		{"answer an open three", []string{"h10", "j8", "a1"}, []string{"h9", "i9", "j9"},
			[]string{"g9", "k9"}, engine.OutcomeUnknown, 0},
		{"make four-four", []string{"d8", "e8", "f8", "g10", "g11", "g12"}, []string{"c8", "g13", "f9", "h11", "e7", "b2"},
			[]string{"g8"}, engine.OutcomeWin, 3},
		{"stop four-four", []string{"d8", "e8", "f8", "g10", "g11", "g12"}, []string{"c8", "g13", "f9", "h11", "e7"},
			nil, engine.OutcomeUnknown, 0},
		{"make four-three", []string{"d8", "e8", "f8", "g10", "g11"}, []string{"c8", "f10", "h9", "e6", "n2"},
			[]string{"g8"}, engine.OutcomeWin, 5},
		{"stop four-three", []string{"d8", "e8", "f8", "g10", "g11"}, []string{"c8", "f10", "h9", "e6"},
			nil, engine.OutcomeUnknown, 0},
	}
	// The quick run leaves out the search without the threat search.
	opts := []gomoku.Variant{{}, {NoThreatSearch: true}}[:longtest.Pick(1, 2)]
	for _, tt := range tests {
		for _, opt := range opts {
			st := position(t, "freestyle", tt.xs, tt.os)
			before := st.Board()
			res := search(st, 6, 30_000, gomoku.Options{Variant: gomoku.Variant{NoThreatSearch: opt.NoThreatSearch}})
			got := st.FormatMove(res.Move)
			if !slices.Equal(st.Board(), before) {
				t.Fatalf("%s: the search changed the position", tt.name)
			}
			if tt.want != nil && !slices.Contains(tt.want, got) {
				t.Errorf("%s (%+v): played %s, want one of %v", tt.name, opt, got, tt.want)
			}
			switch tt.outcome {
			case engine.OutcomeWin:
				if res.Outcome != engine.OutcomeWin || tt.plies != 0 && res.PliesToEnd != tt.plies {
					t.Errorf("%s (%+v): %s %v in %d plies, want a win in %d", tt.name, opt, got, res.Outcome, res.PliesToEnd, tt.plies)
				}
				if tt.want == nil && !stillWins(st, res.Move) {
					t.Errorf("%s (%+v): %s lets the win go", tt.name, opt, got)
				}
			default:
				if res.Outcome != engine.OutcomeUnknown {
					t.Errorf("%s (%+v): %s claims %v", tt.name, opt, got, res.Outcome)
				}
				if !holds(st, res.Move) {
					t.Errorf("%s (%+v): after %s the opponent has a forced win", tt.name, opt, got)
				}
			}
		}
	}
}

// TestVCFBeyondDepth checks that a long win by continuous fours, which a
// depth-2 search of every move could not see, is proved at depth 2 both by
// the root's threat search and, without it, by the quiescence search of
// fours past the horizon; plain alpha-beta, which has neither, proves
// nothing.
func TestVCFBeyondDepth(t *testing.T) {
	t.Parallel()
	ps := loadPuzzles(t)
	p := ps[170] // a 27-ply VCF
	st := puzzleState(t, p)
	for _, v := range []gomoku.Variant{{}, {NoThreatSearch: true}} {
		res := search(st, 2, 0, gomoku.Options{Variant: v})
		if res.Outcome != engine.OutcomeWin || res.PliesToEnd < 15 || !stillWins(st, res.Move) {
			t.Errorf("%+v: %s %v in %d plies, want a long win", v, st.FormatMove(res.Move), res.Outcome, res.PliesToEnd)
		}
	}
	if res := search(st, 2, 0, gomoku.Options{Variant: gomoku.Variant{Plain: true}}); res.Outcome == engine.OutcomeWin {
		t.Errorf("plain: a depth-2 search proves a %d-ply win", res.PliesToEnd)
	}
}

// TestOpening checks the moves chosen without search: the centre, then a
// diagonal neighbour of a lone stone.
func TestOpening(t *testing.T) {
	for _, tt := range []struct {
		size  int
		moves []string
		want  string
	}{
		{15, []string{}, "h8"},
		{9, []string{}, "e5"},
		{19, []string{}, "j10"},
		{15, []string{"h8"}, "g9"},
		{15, []string{"a1"}, "b2"},
		{15, []string{"o15"}, "n14"},
	} {
		st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: tt.moves, Options: map[string]any{"size": tt.size}})
		if err != nil {
			t.Fatal(err)
		}
		res := engine.Search(context.Background(), st, engine.Limits{})
		if got := st.FormatMove(res.Move); got != tt.want || res.Nodes != 0 {
			t.Errorf("size %d after %v: %s after %d nodes, want %s without search", tt.size, tt.moves, got, res.Nodes, tt.want)
		}
	}
}

// TestDeterministic checks that two searches of the same position with no
// deadline return the same move, score, variation and node count.
func TestDeterministic(t *testing.T) {
	st := position(t, "freestyle", []string{"h8", "i9", "g7", "j9"}, []string{"h9", "i8", "g9", "k10"})
	a := search(st, 5, 50_000, gomoku.Options{})
	b := search(st, 5, 50_000, gomoku.Options{})
	if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes || !slices.Equal(a.PV, b.PV) || a.Depth != b.Depth {
		t.Errorf("two searches differ: %+v and %+v", a, b)
	}
	if a.DeadlineHit || a.Complete == (a.Depth < 5) && a.Outcome == engine.OutcomeUnknown && a.Nodes < 50_000 {
		t.Errorf("flags: %+v", a)
	}
}

// TestDeadline checks that a search whose context has already ended still
// returns a legal move from its first iteration and says so.
func TestDeadline(t *testing.T) {
	st := position(t, "freestyle", []string{"h8", "j9", "g6", "i11"}, []string{"h9", "i8", "g8", "j10"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := engine.Search(ctx, st, engine.Limits{Depth: 10})
	legal := st.LegalMoves(nil)
	if !slices.Contains(legal, res.Move) || !res.DeadlineHit || res.Complete || res.Depth < 1 {
		t.Errorf("cancelled search: move %d, %+v", res.Move, res)
	}
}
