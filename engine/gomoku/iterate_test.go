package gomoku_test

import (
	"context"
	"testing"

	"movesvc/engine"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// TestUnfinishedIterationMove stops a search at node limits
// that end an iteration part-way and checks the answer: the depth is the
// last complete iteration's, and the move is that iteration's or one the
// unfinished iteration found better, with its variation. Some limits must
// give the latter: the unfinished iteration's work is not thrown away.
func TestUnfinishedIterationMove(t *testing.T) {
	t.Parallel()
	// Positions from self-play games where the best move changes between
	// iterations (with the search and the evaluation weights of the time:
	// a change to either may need others).
	changed := 0
	// Under the race detector, some thirty times slower, two limits of three.
	maxLimit := longtest.Pick(race.Pick[uint64](40_000, 20_000), 40_000)
	positions := []string{
		"i5 k7 f8 j4 f6",
		"j8 f9 f7 j10 h8",
	}
	for _, moves := range positions[:longtest.Pick(1, len(positions))] {
		st := played(t, moves)
		for limit := uint64(5000); limit <= maxLimit; limit += longtest.Pick[uint64](15_000, 5000) {
			var last engine.Progress
			res := st.Search(context.Background(), engine.Limits{Depth: 20, MaxNodes: limit,
				Progress: func(p engine.Progress) { last = p }})
			if res.Depth != last.Depth || res.Complete {
				t.Fatalf("%s, limit %d: depth %d (complete %v), last iteration %d", moves, limit, res.Depth, res.Complete, last.Depth)
			}
			if len(res.PV) == 0 || res.PV[0] != res.Move {
				t.Fatalf("%s, limit %d: move %d, variation %v", moves, limit, res.Move, res.PV)
			}
			if res.Move != last.Move {
				changed++
			}
		}
	}
	if changed == 0 {
		t.Error("no limit gave a move found by an unfinished iteration")
	}
	t.Logf("%d limits gave a move found by an unfinished iteration", changed)
}
