package gomoku_test

import (
	"slices"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// FuzzNewState feeds NewState arbitrary boards (rows separated by '/'),
// move lists (separated by ','), rules and sizes. It must never panic; an
// accepted position must round-trip through its board and allow a search
// whose move is legal, and no forbidden point (renju) may be legal.
func FuzzNewState(f *testing.F) {
	f.Add("", "h8,h9,i9", "", 0.0, true)
	f.Add(strings.Repeat(".........", 9)[:81], "", "standard", 9.0, false)
	f.Add(".........\n", "a1,a1", "renju", 20.0, true)
	f.Add("", "a1,a2,b1,b2,c1,c2,d1,d2,e1", "freestyle", 15.0, true)
	f.Add("", "f8,a1,g8,c1,h6,e1,h7,a15", "renju", 15.0, true)
	f.Add("", "f8,a1,g8,c1,h6,e1,h7,a15,h8", "renju", 15.0, true)
	f.Add("x......../........./........./........./........./........./........./........./.........", "", "standard", 0.0, false)
	f.Fuzz(func(t *testing.T, board, moves, rule string, size float64, fromMoves bool) {
		setup := engine.Setup{FromMoves: fromMoves, Options: map[string]any{}}
		if fromMoves {
			setup.Moves = strings.Split(moves, ",")
		} else {
			setup.Board = strings.Split(board, "/")
		}
		if rule != "" {
			setup.Options["rule"] = rule
		}
		if size != 0 {
			setup.Options["size"] = size
		}
		st, err := gomoku.Game{}.NewState(setup)
		if err != nil {
			if _, ok := engine.AsInputError(err); !ok {
				t.Fatalf("error %v is not an input error", err)
			}
			return
		}
		if st.Outcome() != engine.OutcomeUnknown {
			t.Fatalf("accepted a finished position: %v", st.Outcome())
		}
		opts := map[string]any{"rule": st.(*gomoku.State).Rule().String()}
		back, err := gomoku.Game{}.NewState(engine.Setup{Board: st.(*gomoku.State).Board(), Options: opts})
		if err != nil || back.Hash() != st.Hash() || !slices.Equal(back.(*gomoku.State).Board(), st.(*gomoku.State).Board()) {
			t.Fatalf("board %q does not round-trip: %v", st.(*gomoku.State).Board(), err)
		}
		legal := st.LegalMoves(nil)
		for _, m := range st.(*gomoku.State).Forbidden() {
			if slices.Contains(legal, m) {
				t.Fatalf("forbidden %s is a legal move", st.FormatMove(m))
			}
		}
		res := st.(*gomoku.State).Search(t.Context(), engine.Limits{Depth: 2, MaxNodes: 2000})
		if !slices.Contains(legal, res.Move) {
			t.Fatalf("search returned %d, not a legal move", res.Move)
		}
	})
}
