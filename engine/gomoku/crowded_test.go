package gomoku_test

import (
	"slices"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// TestFirstIterationStopsAtTheNodeLimit searches the position where the
// first iteration once ran on for 27 million nodes (its quiescence of
// fours, before any root move was scored, ignored the limits; docs/
// gomoku.md): with a node limit of 40,000 the search stops near it and
// still answers a legal move.
func TestFirstIterationStopsAtTheNodeLimit(t *testing.T) {
	t.Parallel()
	st := crowdedState(t)
	const limit = 40_000
	res := engine.Search(t.Context(), st, engine.Limits{MaxNodes: limit})
	legal := st.LegalMoves(nil)
	if !slices.Contains(legal, res.Move) {
		t.Fatalf("move %d is not legal", res.Move)
	}
	if res.Nodes > 2*limit {
		t.Errorf("%d nodes searched with a limit of %d", res.Nodes, limit)
	}
	t.Logf("%s after %d nodes, depth %d", st.FormatMove(res.Move), res.Nodes, res.Depth)
}

// crowdedState is a position of a game against Rapfi with many fours on
// the board, where the quiescence of fours once took 27 million nodes to
// score the first root move.
func crowdedState(t *testing.T) engine.State {
	t.Helper()
	moves := "b4 f1 e2 e4 b1 f3 c6 b7 f5 d6 c8 d7 c7 c9 d8 e9 d9 f8 d10 d5 e10 f10 e8 f7 f11 g12 d11 d12 e11 " +
		"c11 e12 g9 a8 b8 c10 b9 b10 a10 f13 g14 g11 h11 e7 f9 f6 h9 i9 h10 g5 h4 e13 e14 c4 c5 b11 a12 h12 h8"
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: strings.Fields(moves)})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestQuiescenceIsBounded searches the crowded position to depth 1 with a
// limit of a million nodes: the quiescence past the first ply tries the
// laterQuiescenceFours best fours, not all, so the iteration completes
// (it took 27,030,343 nodes with every four tried; 234,149 now).
func TestQuiescenceIsBounded(t *testing.T) {
	if race.Enabled && !longtest.Enabled() {
		t.Skip("a node count of a single-threaded search, not a race check: the plain and long runs count it")
	}
	st := crowdedState(t)
	res := engine.Search(t.Context(), st, engine.Limits{Depth: 1, MaxNodes: 1_000_000})
	if !res.Complete || res.Depth < 1 {
		t.Errorf("depth 1 stopped after %d nodes at depth %d, complete %v", res.Nodes, res.Depth, res.Complete)
	}
	t.Logf("%s after %d nodes, depth %d", st.FormatMove(res.Move), res.Nodes, res.Depth)
}
