package gomoku_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"go.uber.org/goleak"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// TestThreadsSolvePuzzles: with helpers sharing the table, the search still
// finds the puzzles' wins (every 30th puzzle in the long run; in the quick
// one every 240th from the 60th, which skips puzzle 0, whose check plays
// the game out), and no helper is left running.
func TestThreadsSolvePuzzles(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	ps := loadPuzzles(t)
	first, step := longtest.Pick(60, 0), longtest.Pick(240, 30)
	for _, threads := range []int{2, 4} {
		for i := first; i < len(ps); i += step {
			if ok, res := solveWith(t, ps[i], sampleNodes, gomoku.Options{Threads: threads}); !ok {
				t.Errorf("%d threads: puzzle %d (%s, first %s) unsolved: %+v", threads, i, ps[i].Kind, ps[i].First, res)
			}
		}
	}
}

// TestThreadsStopAtTheDeadline: a search on four threads that cannot finish
// stops at its deadline with a legal move from a completed iteration, and
// every helper has stopped when it returns.
func TestThreadsStopAtTheDeadline(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	st := middlegameState(t)
	for _, timeout := range []time.Duration{0, 50 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		res := st.SearchWith(ctx, engine.Limits{Depth: gomoku.MaxDepth}, gomoku.Options{Threads: 4})
		cancel()
		if !slices.Contains(st.LegalMoves(nil), res.Move) || !res.DeadlineHit || res.Complete || res.Depth < 1 {
			t.Errorf("timeout %v: move %s, %+v", timeout, st.FormatMove(res.Move), res)
		}
		// A generous bound: the point is that the helpers do not run on.
		if res.Elapsed > timeout+2*time.Second {
			t.Errorf("timeout %v: returned after %v", timeout, res.Elapsed)
		}
	}
}

// TestThreadsHelp: the helpers search (on one thread they do not), the
// iteration the main search completes is the requested one, and a search
// on one thread afterwards is unchanged by the helpers having run: the
// same move, score and nodes as before them.
func TestThreadsHelp(t *testing.T) {
	st := middlegameState(t)
	for threads, want := range map[int]bool{1: false, 3: true} {
		main, helpers := gomoku.HelpedSearch(st, 5, threads)
		if main == 0 || (helpers > 0) != want {
			t.Errorf("%d threads: main search %d nodes, helpers %d", threads, main, helpers)
		}
	}
	ctx := context.Background()
	params := engine.Limits{Depth: 5, TableBits: 18}
	before := st.Search(ctx, params)
	threaded := st.SearchWith(ctx, params, gomoku.Options{Threads: 3})
	after := st.Search(ctx, params)
	if !threaded.Complete || threaded.Depth != 5 || !slices.Contains(st.LegalMoves(nil), threaded.Move) {
		t.Errorf("3 threads: %+v", threaded)
	}
	if after.Move != before.Move || after.Score != before.Score || after.Nodes != before.Nodes {
		t.Errorf("one thread after a threaded search: %+v, before: %+v", after, before)
	}
}

// TestThreadsAllocations: helpers are reused between searches, so a
// threaded search allocates a bounded number of times however many nodes
// it searches (none per node).
func TestThreadsAllocations(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	st := middlegameState(t)
	ctx := context.Background()
	run := func(depth int) float64 {
		return testing.AllocsPerRun(3, func() {
			st.SearchWith(ctx, engine.Limits{Depth: depth, TableBits: 16}, gomoku.Options{Threads: 2})
		})
	}
	shallow, deep := run(3), run(7)
	if deep > shallow+2 || deep > 12 {
		t.Errorf("allocations per threaded search: %.1f at depth 3, %.1f at depth 7", shallow, deep)
	}
}
