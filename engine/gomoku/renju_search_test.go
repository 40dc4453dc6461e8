package gomoku_test

import (
	"slices"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// TestRenjuForbiddenBlock checks that the search uses a forbidden point as
// white's weapon: black cannot block a four on its overline point, so
// white's four wins in three plies under renju, where under freestyle the
// same block makes black's six and wins.
func TestRenjuForbiddenBlock(t *testing.T) {
	xs := []string{"d8", "e8", "f8", "h8", "i8", "g3"}
	os := []string{"g4", "g5", "g6", "a1", "o1"}
	st := position(t, "renju", xs, os)
	res := search(st, 4, 0, gomoku.Options{})
	if got := st.FormatMove(res.Move); got != "g7" || res.Outcome != engine.OutcomeWin || res.PliesToEnd != 3 {
		t.Errorf("renju: %s %v in %d plies, want g7 win in 3", got, res.Outcome, res.PliesToEnd)
	}
	g7, err := st.ParseMove("g7")
	if err != nil {
		t.Fatal(err)
	}
	st.Play(g7)
	if moves := squares(st, st.LegalMoves(nil)); slices.Contains(moves, "g8") {
		t.Errorf("renju: black's overline point g8 is among the legal moves")
	}
	if _, err := st.ParseMove("g8"); err == nil {
		t.Errorf("renju: black's overline point g8 parses as a move")
	}
	if got := squares(st, st.Forbidden()); !slices.Equal(got, []string{"g8"}) {
		t.Errorf("renju: forbidden %v, want [g8]", got)
	}
	if res := search(st, 4, 0, gomoku.Options{}); res.Outcome != engine.OutcomeLoss || res.PliesToEnd != 2 {
		t.Errorf("renju: black to block plays %s, %v in %d plies, want a loss in 2", st.FormatMove(res.Move), res.Outcome, res.PliesToEnd)
	}
	free := position(t, "freestyle", xs, os)
	if res := search(free, 4, 0, gomoku.Options{}); free.FormatMove(res.Move) == "g7" && res.Outcome == engine.OutcomeWin {
		t.Errorf("freestyle: g7 claimed to win, though black's block makes six")
	}
}

// TestRenjuBlackAvoidsForbidden checks that black does not play its double
// three under renju, where under freestyle it is the winning move.
func TestRenjuBlackAvoidsForbidden(t *testing.T) {
	t.Parallel()
	xs := []string{"f8", "g8", "h6", "h7"}
	os := []string{"a1", "c1", "e1", "a15"}
	free := position(t, "freestyle", xs, os)
	if res := search(free, 6, 0, gomoku.Options{}); free.FormatMove(res.Move) != "h8" || res.Outcome != engine.OutcomeWin {
		t.Fatalf("freestyle: %s %v, want the double three h8 to win", free.FormatMove(res.Move), res.Outcome)
	}
	st := position(t, "renju", xs, os)
	if got := squares(st, st.Forbidden()); !slices.Contains(got, "h8") {
		t.Fatalf("renju: forbidden %v, want h8 among them", got)
	}
	res := search(st, 6, 0, gomoku.Options{})
	if got := st.FormatMove(res.Move); got == "h8" {
		t.Errorf("renju: black plays its forbidden double three h8")
	}
	line := st.Clone().(*gomoku.State)
	for i, m := range res.PV {
		if slices.Contains(line.Forbidden(), m) {
			t.Errorf("renju: the line %v plays black's forbidden %s at ply %d", squares(st, res.PV), line.FormatMove(m), i)
		}
		line.Play(m)
	}
}
