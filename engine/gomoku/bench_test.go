package gomoku_test

import (
	"context"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
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
// node: a search ten times larger allocates no more than a small one, a
// handful of allocations for the result.
func TestSearchAllocations(t *testing.T) {
	st := middlegameState(t)
	ctx := context.Background()
	run := func(depth int, nodes uint64) float64 {
		return testing.AllocsPerRun(5, func() {
			st.SearchWith(ctx, engine.Params{Depth: depth}, gomoku.Options{MaxNodes: nodes})
		})
	}
	shallow, deep := run(2, 2_000), run(8, 20_000)
	if deep > shallow || deep > 6 {
		t.Errorf("allocations per search: %.1f at depth 2, %.1f at depth 8", shallow, deep)
	}
}

// BenchmarkSearch measures the main search (threat searches included) on
// the middlegame position at depth 6.
func BenchmarkSearch(b *testing.B) {
	benchSearch(b, gomoku.Options{})
}

// BenchmarkSearchNoThreats is BenchmarkSearch without VCF and VCT: plain
// PVS, the arena's baseline.
func BenchmarkSearchNoThreats(b *testing.B) {
	benchSearch(b, gomoku.Options{NoThreatSearch: true})
}

func benchSearch(b *testing.B, opt gomoku.Options) {
	st := middlegameState(b)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		res := st.SearchWith(context.Background(), engine.Params{Depth: 6, TableBits: 20}, opt)
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

// TestParamsNodeLimit checks that engine.Params.MaxNodes limits the search
// as Options.MaxNodes does (the weaker levels set it): the same move in
// the same nodes, about the limit, far fewer than the search unlimited,
// incomplete with no deadline hit; and that the smaller of the two limits
// applies.
func TestParamsNodeLimit(t *testing.T) {
	st := middlegameState(t)
	ctx := context.Background()
	const limit = 5_000
	full := st.SearchWith(ctx, engine.Params{Depth: 6}, gomoku.Options{})
	byParams := st.Search(ctx, engine.Params{Depth: 6, MaxNodes: limit})
	byOptions := st.SearchWith(ctx, engine.Params{Depth: 6}, gomoku.Options{MaxNodes: limit})
	both := st.SearchWith(ctx, engine.Params{Depth: 6, MaxNodes: 4 * limit}, gomoku.Options{MaxNodes: limit})
	if full.Nodes < 10*limit {
		t.Fatalf("unlimited search: %d nodes, want many more than %d", full.Nodes, limit)
	}
	if byParams.Nodes < limit || byParams.Nodes > limit+limit/10 || byParams.Complete || byParams.DeadlineHit {
		t.Errorf("Params.MaxNodes %d: %d nodes, complete %v, deadline hit %v", limit, byParams.Nodes, byParams.Complete, byParams.DeadlineHit)
	}
	for name, r := range map[string]engine.Result{"Options.MaxNodes": byOptions, "the smaller of both": both} {
		if r.Move != byParams.Move || r.Nodes != byParams.Nodes {
			t.Errorf("%s: %s in %d nodes; Params.MaxNodes: %s in %d", name,
				st.FormatMove(r.Move), r.Nodes, st.FormatMove(byParams.Move), byParams.Nodes)
		}
	}
}
