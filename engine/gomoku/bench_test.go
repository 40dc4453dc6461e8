package gomoku_test

import (
	"context"
	"fmt"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/internal/race"
)

// middlegame is a quiet position after 12 moves with chances for both
// sides, the fixed position of the speed benchmarks.
var middlegame = []string{"h8", "h9", "j9", "i8", "g6", "g8", "i11", "j10", "k8", "j7", "h10", "g11"}

func middlegameState(tb testing.TB) *gomoku.State {
	tb.Helper()
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: middlegame})
	if err != nil {
		tb.Fatal(err)
	}
	return st.(*gomoku.State)
}

// TestSearchAllocations checks that the hot path allocates nothing per
// node, with the default evaluation and with cell and line values (the
// lab's tables; engine/gomoku/lab checks its own): a search ten times
// larger allocates no more than a small one, a handful of allocations for
// the result.
func TestSearchAllocations(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	st := middlegameState(t)
	ctx := context.Background()
	cells, lines := new(gomoku.CellValues), new(gomoku.LineValues)
	for c := range cells {
		ps := gomoku.Combo(c).Patterns()
		cells[c][0] = int32(ps[0] + ps[1] + ps[2] + ps[3])
	}
	lines[0][1<<6], lines[1][2<<6] = [2]int32{5, -5}, [2]int32{5, -5} // a stone one before the centre
	for _, opt := range []gomoku.Options{{}, {Variant: gomoku.Variant{Cells: cells, Lines: lines}}} {
		run := func(depth int, nodes uint64) float64 {
			return testing.AllocsPerRun(1, func() {
				st.SearchWith(ctx, engine.Limits{Depth: depth, MaxNodes: nodes}, opt)
			})
		}
		shallow, deep := run(2, 2_000), run(8, 20_000)
		if deep > shallow || deep > 6 {
			t.Errorf("options %+v: allocations per search: %.1f at depth 2, %.1f at depth 8", opt, shallow, deep)
		}
	}
}

// BenchmarkSearch measures the main search (threat searches included) on
// the middlegame position at the default depth (DefaultDepth).
func BenchmarkSearch(b *testing.B) {
	benchSearch(b, gomoku.Options{})
}

// BenchmarkSearchNoThreats is BenchmarkSearch without VCF and VCT: plain
// PVS, the arena's baseline.
func BenchmarkSearchNoThreats(b *testing.B) {
	benchSearch(b, gomoku.Options{Variant: gomoku.Variant{NoThreatSearch: true}})
}

// BenchmarkSearchLines is BenchmarkSearch with line values added to the
// evaluation (every key worth, to a player, 1 for each of its stones, and
// as much less to the other; a lab line table of every key with a stone
// of its player worth 1 a stone, as the engine takes it): the cost of
// keeping the line sums, compared with BenchmarkSearch in one run. The
// values change the tree, so compare the time per node.
func BenchmarkSearchLines(b *testing.B) {
	lines := new(gomoku.LineValues)
	for key := range gomoku.NumLineKeys {
		for colour := range lines {
			var own int32
			for j := range 8 {
				if key>>(2*j)&3 == colour+1 { // 1 x, 2 o
					own++
				}
			}
			lines[colour][key] = [2]int32{own, -own}
		}
	}
	benchSearch(b, gomoku.Options{Variant: gomoku.Variant{Lines: lines}})
}

func benchSearch(b *testing.B, opt gomoku.Options) {
	st := middlegameState(b)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		res := st.SearchWith(context.Background(), engine.Limits{Depth: gomoku.DefaultDepth, TableBits: 20}, opt)
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkVCF measures the continuous-four search alone on the puzzles'
// VCF positions, the win proved on each.
func BenchmarkVCF(b *testing.B) {
	ps := loadPuzzles(b)
	var states []*gomoku.State
	for _, p := range ps {
		if p.Kind == "vcf" {
			states = append(states, puzzleState(b, p))
		}
	}
	b.ReportAllocs()
	var nodes uint64
	i := 0
	for b.Loop() {
		n, plies := states[i%len(states)].VCF(1 << 20)
		if plies == 0 {
			b.Fatalf("VCF puzzle %d not proved", i%len(states))
		}
		nodes += n
		i++
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// TestParamsNodeLimit checks that engine.Limits.MaxNodes limits the search
// (the weaker levels, the tools and the tests set it): about the limit,
// far fewer than the search unlimited, incomplete with no deadline hit,
// and reproducible: the same move in the same nodes again, and through
// SearchWith with no options.
func TestParamsNodeLimit(t *testing.T) {
	t.Parallel()
	st := middlegameState(t)
	ctx := context.Background()
	const limit = 500
	// Under the race detector, some thirty times slower, depth 8: still
	// far more nodes than the limit.
	depth := race.Pick(gomoku.DefaultDepth, 8)
	params := engine.Limits{Depth: depth, MaxNodes: limit}
	full := st.Search(ctx, engine.Limits{Depth: depth})
	limited := st.Search(ctx, params)
	if full.Nodes < 10*limit {
		t.Fatalf("unlimited search: %d nodes, want many more than %d", full.Nodes, limit)
	}
	if limited.Nodes < limit || limited.Nodes > limit+limit/10 || limited.Complete || limited.DeadlineHit {
		t.Errorf("Params.MaxNodes %d: %d nodes, complete %v, deadline hit %v", limit, limited.Nodes, limited.Complete, limited.DeadlineHit)
	}
	for name, r := range map[string]engine.Result{"again": st.Search(ctx, params), "SearchWith": st.SearchWith(ctx, params, gomoku.Options{})} {
		if r.Move != limited.Move || r.Nodes != limited.Nodes {
			t.Errorf("%s: %s in %d nodes; first: %s in %d", name,
				st.FormatMove(r.Move), r.Nodes, st.FormatMove(limited.Move), limited.Nodes)
		}
	}
}

// threadPositions are the positions of BenchmarkSearchThreads: the
// middlegame and openings of arena games, none decided within depth 12.
var threadPositions = []string{
	"h8 h9 j9 i8 g6 g8 i11 j10 k8 j7 h10 g11",
	"h8 h9 j9 i8 g6 g8 i11 j10",
	"e8 k7 i7 j5 e7 j6 e6 e5",
	"j10 k8 h6 k7 i9 h8 k9",
	"i11 e9 j8 e10 j11 e11",
	"g11 i10 i7 j11 g9 h8 h9",
}

// BenchmarkSearchThreads measures the time to complete depth 12 on each of
// threadPositions in turn, with the main search alone and with helpers
// (lazy SMP): ns/op is the time to depth of the six, nodes/s counts every
// thread's nodes.
func BenchmarkSearchThreads(b *testing.B) {
	var states []*gomoku.State
	for _, p := range threadPositions {
		states = append(states, played(b, p))
	}
	for _, threads := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				for _, st := range states {
					res := st.SearchWith(context.Background(), engine.Limits{Depth: 12, TableBits: 20}, gomoku.Options{Threads: threads})
					nodes += res.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
