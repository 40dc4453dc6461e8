package lab

import (
	"context"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/internal/race"
)

// middlegame is the quiet position after 12 moves of the engine's speed
// benchmarks (gomoku's BenchmarkSearch).
const middlegame = "h8 h9 j9 i8 g6 g8 i11 j10 k8 j7 h10 g11"

// TestSearchAllocations checks that a search with a cell table and a line
// table allocates nothing per node: a search ten times larger allocates
// no more than a small one, a handful of allocations for the result.
func TestSearchAllocations(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	st := played(t, "freestyle", middlegame)
	ctx := context.Background()
	table := DefaultTable()
	lines := LineTable{{CanonLineKey(LineKey([8]int{0, 0, 0, LineOwn})): 5}, {}}
	opt := gomoku.Options{Variant: Options{Table: &table, Lines: &lines}.Variant()}
	run := func(depth int, nodes uint64) float64 {
		return testing.AllocsPerRun(1, func() {
			st.SearchWith(ctx, engine.Limits{Depth: depth, MaxNodes: nodes}, opt)
		})
	}
	shallow, deep := run(2, 2_000), run(8, 20_000)
	if deep > shallow || deep > 6 {
		t.Errorf("allocations per search: %.1f at depth 2, %.1f at depth 8", shallow, deep)
	}
}
