package connect4

import (
	"fmt"
	"testing"
)

// TestSolverHardSample solves six Test_L1_R3 positions with 13 stones (the
// cheapest of the hard set; the rest are benchmarks).
func TestSolverHardSample(t *testing.T) {
	s := NewSolver(DefaultTableBits, nil)
	n := 0
	for _, tp := range loadTestSet(t, "Test_L1_R3") {
		if len(tp.moves) < 13 || n == 6 {
			continue
		}
		n++
		s.Reset()
		if got := s.Solve(tp.position(t)); got != tp.score {
			t.Errorf("%s: score %d, want %d", tp.moves, got, tp.score)
		}
	}
	if n == 0 {
		t.Fatal("no position with 13 stones")
	}
}

// checkSet solves the first n positions of a test set with a fresh table
// each and compares with the published scores.
func checkSet(t *testing.T, name string, n int) {
	t.Helper()
	set := loadTestSet(t, name)
	if n > 0 && n < len(set) {
		set = set[:n]
	}
	s := NewSolver(DefaultTableBits, nil)
	var nodes uint64
	for _, tp := range set {
		s.Reset()
		if got := s.Solve(tp.position(t)); got != tp.score {
			t.Errorf("%s %s: score %d, want %d", name, tp.moves, got, tp.score)
		}
		nodes += s.Nodes()
	}
	t.Logf("%s: %d positions, mean nodes %.1f", name, len(set), float64(nodes)/float64(len(set)))
}

func TestSolverTestSets(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
	}{
		{"Test_L3_R1", 0},
		{"Test_L2_R1", 0},
		{"Test_L1_R1", 0},
		{"Test_L2_R2", 50},
		{"Test_L1_R2", 5},
	} {
		t.Run(fmt.Sprint(tc.name), func(t *testing.T) { checkSet(t, tc.name, tc.n) })
	}
}
