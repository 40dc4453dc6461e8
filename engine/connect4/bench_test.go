package connect4

import (
	"cmp"
	"context"
	"flag"
	"runtime"
	"slices"
	"testing"
	"time"

	"movesvc/engine"
)

// benchThreads is the solver's threads in BenchmarkTestSets (lazy SMP):
// go test -bench TestSets -solver-threads=2.
var benchThreads = flag.Int("solver-threads", 1, "solver threads in BenchmarkTestSets")

// benchTableBits is the solver's table size in BenchmarkTestSets, log2 of
// its entries: go test -bench TestSets -solver-table-bits=18.
var benchTableBits = flag.Int("solver-table-bits", DefaultTableBits, "solver table bits in BenchmarkTestSets")

// benchSetSize bounds the positions per benchmark iteration for the hard
// sets, as the reference figures for Test_L1_R3 cover its first 64.
var benchSetSize = map[string]int{"Test_L1_R3": 64}

// benchPositions, when positive, bounds the positions of every set in
// BenchmarkTestSets instead (the first N): go test -bench TestSets
// -solver-positions=100.
var benchPositions = flag.Int("solver-positions", 0, "solve only the first N positions of each set in BenchmarkTestSets (0: all, Test_L1_R3 64)")

// benchPasses is how many times each iteration of BenchmarkTestSets solves
// its positions, in order, as the side-by-side script's reference driver
// reads a set repeated: a set that takes milliseconds is then timed over
// more than one cold pass.
var benchPasses = flag.Int("solver-passes", 1, "solve each set's positions this many times per BenchmarkTestSets iteration")

// BenchmarkTestSets solves every position of each public test set with the
// table reset per position, as the reference figures were measured, and
// reports the mean time and nodes per position (with -solver-threads above one,
// the nodes of every thread).
func BenchmarkTestSets(b *testing.B) {
	for _, name := range testSets {
		b.Run(name, func(b *testing.B) {
			set := loadTestSet(b, name)
			n := benchSetSize[name]
			if *benchPositions > 0 {
				n = *benchPositions
			}
			if n > 0 && n < len(set) {
				set = set[:n]
			}
			positions := make([]Position, len(set))
			for i, tp := range set {
				positions[i] = tp.position(b)
			}
			s := NewSolver(*benchTableBits, nil)
			s.SetThreads(*benchThreads)
			// The table's pages are mapped on first touch; touch them all
			// before the clock starts, as the reference's reset does.
			clear(s.table.buckets)
			var nodes uint64
			solved := 0
			b.ResetTimer()
			for i := 0; i < b.N*max(*benchPasses, 1); i++ {
				for j, p := range positions {
					s.Reset()
					if got := s.Solve(p); got != set[j].score {
						b.Fatalf("%s: score %d, want %d", set[j].moves, got, set[j].score)
					}
					nodes += s.Nodes()
					solved++
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(solved), "ns/position")
			b.ReportMetric(float64(nodes)/float64(solved), "nodes/position")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// deadlinePositions is how many positions of each set
// BenchmarkServiceDeadline answers (the first N; 0: all).
var deadlinePositions = flag.Int("deadline-positions", 100, "answer only the first N positions of each set in BenchmarkServiceDeadline (0: all)")

// BenchmarkServiceDeadline answers the first positions of a test set as the
// service does on an idle server (engine.Search: book, then the solver on
// every CPU under the default 1 s deadline) and reports the share answered
// exactly, the share of the positions beyond the book's depth answered
// exactly, the mean time and the longest. With -v it lists the positions
// not answered exactly, the five slowest answers and the five slowest exact
// ones.
func BenchmarkServiceDeadline(b *testing.B) {
	for _, name := range []string{"Test_L1_R3", "Test_L1_R2"} {
		b.Run(name, func(b *testing.B) {
			set := loadTestSet(b, name)
			if n := *deadlinePositions; n > 0 && n < len(set) {
				set = set[:n]
			}
			exact, answered := 0, 0
			beyond, beyondExact := 0, 0
			type answer struct {
				moves string
				took  time.Duration
				exact bool
			}
			var answers []answer
			for b.Loop() {
				for _, tp := range set {
					st := newState(b, movesSetup(tp.moves))
					start := time.Now()
					ctx, cancel := context.WithTimeout(context.Background(), time.Second)
					res := engine.Search(ctx, st, engine.Limits{Threads: runtime.NumCPU()})
					cancel()
					answers = append(answers, answer{tp.moves, time.Since(start), res.Complete})
					answered++
					if len(tp.moves) > DefaultBook().Complete() {
						beyond++
					}
					if !res.Complete {
						if testing.Verbose() {
							b.Logf("%s (%d stones): not exact within 1 s", tp.moves, len(tp.moves))
						}
						continue
					}
					if res.Score != tp.score {
						b.Fatalf("%s: score %d, want %d", tp.moves, res.Score, tp.score)
					}
					exact++
					if len(tp.moves) > DefaultBook().Complete() {
						beyondExact++
					}
				}
			}
			slices.SortFunc(answers, func(x, y answer) int { return cmp.Compare(y.took, x.took) })
			if testing.Verbose() {
				for _, a := range answers[:min(5, len(answers))] {
					b.Logf("slow: %s (%d stones) %v exact %v", a.moves, len(a.moves), a.took.Round(time.Millisecond), a.exact)
				}
				shown := 0
				for _, a := range answers {
					if a.exact && shown < 5 {
						shown++
						b.Logf("slowest exact: %s (%d stones) %v", a.moves, len(a.moves), a.took.Round(time.Millisecond))
					}
				}
			}
			b.ReportMetric(float64(answers[0].took.Milliseconds()), "ms-longest")
			b.ReportMetric(float64(exact)/float64(answered), "exact-share")
			b.ReportMetric(float64(beyondExact)/float64(max(beyond, 1)), "exact-share-beyond-book")
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(answered), "ms/position")
		})
	}
}
