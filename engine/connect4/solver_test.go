package connect4

import (
	"movesvc/internal/longtest"
	"testing"
)

// TestSolverHardSample solves six Test_L1_R3 positions with 13 stones (the
// cheapest of the hard set; the rest are benchmarks). A long check.
func TestSolverHardSample(t *testing.T) {
	longtest.Skip(t)
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

// TestSolverTestSets solves the public test sets and compares with their
// published scores: the easy sets whole and the medium ones' first
// positions in the long run, samples of the easy ones in the quick run.
func TestSolverTestSets(t *testing.T) {
	for _, tc := range []struct {
		name        string
		quick, long int // positions; 0 for the whole set, -1 for none
	}{
		{"Test_L3_R1", 0, 0},
		{"Test_L2_R1", 200, 0},
		{"Test_L1_R1", 50, 0},
		{"Test_L2_R2", 5, 0},
		{"Test_L1_R2", -1, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := longtest.Pick(tc.quick, tc.long)
			if n < 0 {
				longtest.Skip(t)
			}
			checkSet(t, tc.name, n)
		})
	}
}

// deadlineNodes is the node budget TestHardSampleWithinTheDeadline holds a
// solve of one thread to: about a second of one core of the project's
// 2-core machine (BenchmarkTestSets: 12-17 M nodes a second on
// Test_L1_R3), where the service has two threads and the default 1 s.
const deadlineNodes = 16_000_000

// TestHardSampleWithinTheDeadline solves every tenth position of
// Test_L1_R3 past the opening book, as the service does (the book, then
// the solver), on one thread, and holds each to deadlineNodes: a count
// that stands for the default deadline without depending on the machine's
// speed. A long check.
func TestHardSampleWithinTheDeadline(t *testing.T) {
	longtest.Skip(t)
	s := NewSolver(DefaultTableBits, DefaultBook())
	n := 0
	var most uint64
	for _, tp := range loadTestSet(t, "Test_L1_R3") {
		p := tp.position(t)
		if _, ok := DefaultBook().Lookup(p); ok || len(tp.moves) <= DefaultBook().Complete() {
			continue
		}
		if n++; n%10 != 1 {
			continue
		}
		s.Reset()
		s.clock.Watch(nil, deadlineNodes+1)
		got, hi, _ := s.bounds(p)
		if s.clock.Stopped() || got != hi {
			t.Errorf("%s (%d stones): not solved within %d nodes", tp.moves, len(tp.moves), deadlineNodes)
			continue
		}
		if got != tp.score {
			t.Errorf("%s: score %d, want %d", tp.moves, got, tp.score)
		}
		most = max(most, s.Nodes())
		t.Logf("%s (%d stones): %d nodes", tp.moves, len(tp.moves), s.Nodes())
	}
	t.Logf("%d positions past the book, every tenth solved; the most nodes %d", n, most)
}
