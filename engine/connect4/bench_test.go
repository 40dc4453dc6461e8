package connect4

import (
	"testing"
)

// benchSetSize bounds the positions per benchmark iteration for the hard
// sets, as the reference figures for Test_L1_R3 cover its first 64.
var benchSetSize = map[string]int{"Test_L1_R3": 64}

// BenchmarkTestSets solves every position of each public test set with the
// table reset per position, as the reference figures were measured, and
// reports the mean time and nodes per position.
func BenchmarkTestSets(b *testing.B) {
	for _, name := range testSets {
		b.Run(name, func(b *testing.B) {
			set := loadTestSet(b, name)
			if n := benchSetSize[name]; n > 0 && n < len(set) {
				set = set[:n]
			}
			positions := make([]Position, len(set))
			for i, tp := range set {
				positions[i] = tp.position(b)
			}
			s := NewSolver(DefaultTableBits, nil)
			var nodes uint64
			solved := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
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
