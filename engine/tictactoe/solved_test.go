package tictactoe_test

import (
	"context"
	"testing"

	"movesvc/engine"
	"movesvc/engine/tictactoe"
	"movesvc/internal/longtest"
)

// generic hides State's own Search, so that engine.Search runs the generic
// negamax; it keeps the exact-score convention.
type generic struct{ engine.State }

func (g generic) ExactScore(o engine.Outcome, plies int) int {
	return g.State.(*tictactoe.State).ExactScore(o, plies)
}

// TestSolutionTable checks the solution table against the generic search in
// every position reachable in play: the same outcome, distance and score,
// a move that keeps them (its child is the opposite result one ply
// shorter), and a principal variation that plays the game to its end. The
// quick run checks every fifth position of the walk.
func TestSolutionTable(t *testing.T) {
	seen := map[uint64]bool{}
	every := longtest.Pick(5, 1)
	var walk func(st *tictactoe.State)
	walk = func(st *tictactoe.State) {
		if st.Outcome() != engine.OutcomeUnknown || seen[st.Hash()] {
			return
		}
		seen[st.Hash()] = true
		if len(seen)%every == 0 {
			checkSolution(t, st)
		}
		for _, m := range st.LegalMoves(nil) {
			st.Play(m)
			walk(st)
			st.Undo(m)
		}
	}
	walk(newState(t).(*tictactoe.State))
	// 5,478 legal positions, 958 of them finished games.
	if len(seen) != 4520 {
		t.Errorf("%d positions walked, want 4520", len(seen))
	}
}

// checkSolution fails t unless the solution table's answer in st agrees
// with the generic search, as TestSolutionTable says; st is left as it was.
func checkSolution(t *testing.T, st *tictactoe.State) {
	t.Helper()
	ctx := context.Background()
	got := engine.Search(ctx, st, engine.Limits{})
	want := engine.Search(ctx, generic{st}, engine.Limits{})
	if got.Outcome != want.Outcome || got.PliesToEnd != want.PliesToEnd || got.Score != want.Score || !got.Complete {
		t.Fatalf("%v: table %v in %d (score %d), search %v in %d (score %d)", st.Board(),
			got.Outcome, got.PliesToEnd, got.Score, want.Outcome, want.PliesToEnd, want.Score)
	}
	if got.Nodes != 0 || len(got.PV) != got.PliesToEnd || got.PV[0] != got.Move {
		t.Fatalf("%v: nodes %d, pv %v for move %v in %d plies", st.Board(), got.Nodes, got.PV, got.Move, got.PliesToEnd)
	}
	line := st.Clone().(*tictactoe.State)
	for _, m := range got.PV {
		if !legal(line, m) {
			t.Fatalf("%v: pv %v plays an illegal move", st.Board(), got.PV)
		}
		line.Play(m)
	}
	if line.Outcome() == engine.OutcomeUnknown {
		t.Fatalf("%v: pv %v does not end the game", st.Board(), got.PV)
	}
	st.Play(got.Move)
	defer st.Undo(got.Move)
	if got.PliesToEnd > 1 {
		child := engine.Search(ctx, generic{st}, engine.Limits{})
		if child.PliesToEnd != got.PliesToEnd-1 || (child.Outcome == engine.OutcomeDraw) != (got.Outcome == engine.OutcomeDraw) ||
			(child.Outcome == engine.OutcomeWin) != (got.Outcome == engine.OutcomeLoss) {
			t.Fatalf("move %v leads to %v in %d, not the %v in %d claimed", got.Move, child.Outcome, child.PliesToEnd, got.Outcome, got.PliesToEnd)
		}
	}
}

func legal(st engine.State, m engine.Move) bool {
	for _, l := range st.LegalMoves(nil) {
		if l == m {
			return true
		}
	}
	return false
}
