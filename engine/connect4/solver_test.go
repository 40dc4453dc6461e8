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
	t.Parallel()
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

// minWithinDeadline is how many of TestHardSampleWithinTheDeadline's 35
// positions must solve within deadlineNodes: 31 did when the check was
// written (docs/connect4.md), less one.
const minWithinDeadline = 30

// TestHardSampleWithinTheDeadline solves every tenth position of
// Test_L1_R3 with more stones than the book's deepest layer (7: the
// positions that only the solver answers however far the book's layers
// go), as the service does (book, then solver), on one thread, and holds
// them to deadlineNodes, a count that stands for the default deadline
// without depending on the machine's speed: at least minWithinDeadline of
// them within it, and every one exact (the rest solved without the budget).
// A long check.
func TestHardSampleWithinTheDeadline(t *testing.T) {
	longtest.Skip(t)
	const deepestLayer = 7
	s := NewSolver(DefaultTableBits, DefaultBook())
	n, sampled, within := 0, 0, 0
	for _, tp := range loadTestSet(t, "Test_L1_R3") {
		if len(tp.moves) <= deepestLayer {
			continue
		}
		if n++; n%10 != 1 {
			continue
		}
		sampled++
		s.Reset()
		s.clock.Watch(nil, deadlineNodes+1)
		lo, hi, _ := s.bounds(tp.position(t))
		if s.clock.Stopped() || lo != hi {
			t.Logf("%s (%d stones): not solved within %d nodes", tp.moves, len(tp.moves), deadlineNodes)
			s.Reset()
			lo = s.Solve(tp.position(t))
		} else {
			within++
		}
		if lo != tp.score {
			t.Errorf("%s: score %d, want %d", tp.moves, lo, tp.score)
		}
	}
	t.Logf("%d of %d sampled positions (of %d past layer %d) within %d nodes", within, sampled, n, deepestLayer, deadlineNodes)
	if within < minWithinDeadline {
		t.Errorf("%d of %d within %d nodes, want at least %d", within, sampled, deadlineNodes, minWithinDeadline)
	}
}
