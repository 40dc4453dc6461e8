package connect4

import (
	"context"
	"testing"

	"go.uber.org/goleak"

	"movesvc/engine"
	"movesvc/internal/race"
)

// TestParallelSolveIsExact: with helpers sharing the table, every score is
// still the published one, and the best move is the one a single thread
// picks, whatever the helpers left in the table.
func TestParallelSolveIsExact(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	single := NewSolver(DefaultTableBits, nil)
	for _, threads := range []int{2, 4} {
		s := NewSolver(DefaultTableBits, nil)
		s.SetThreads(threads)
		if s.Threads() != threads {
			t.Fatalf("Threads() = %d after SetThreads(%d)", s.Threads(), threads)
		}
		set := append(loadTestSet(t, "Test_L2_R2")[:20], loadTestSet(t, "Test_L1_R1")[:20]...)
		if race.Enabled {
			set = loadTestSet(t, "Test_L1_R1")[:8]
		}
		for _, tp := range set {
			p := tp.position(t)
			s.Reset()
			got := s.Solve(p)
			if got != tp.score {
				t.Fatalf("%d threads, %s: score %d, want %d", threads, tp.moves, got, tp.score)
			}
			single.Reset()
			single.Solve(p)
			if a, b := s.BestMove(p, got), single.BestMove(p, got); a != b {
				t.Errorf("%d threads, %s: best move %d, one thread %d", threads, tp.moves, a+1, b+1)
			}
		}
	}
}

// TestParallelSolveStopsAtTheDeadline: after the deadline every thread
// stops within its next look at it, so the nodes after it are bounded by
// the threads times the poll interval, and no goroutine is left running.
func TestParallelSolveStopsAtTheDeadline(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const threads = 4
	s := NewSolver(DefaultTableBits, nil)
	s.SetThreads(threads)
	p := pastBook(t, "Test_L1_R3").position(t)
	done := make(chan struct{})
	close(done)
	s.clock.Watch(done, 0)
	lo, hi, _ := s.bounds(p)
	if lo == hi {
		t.Fatalf("a hard position solved exactly after its deadline: %d", lo)
	}
	if max := uint64(threads * pollInterval); s.Nodes() > max {
		t.Errorf("%d nodes after the deadline, want at most %d", s.Nodes(), max)
	}
	// The solver is usable again, with its helpers, once reset.
	s.Reset()
	tp := loadTestSet(t, "Test_L2_R2")[0]
	s.clock.Watch(nil, 0)
	if got := s.Solve(tp.position(t)); got != tp.score {
		t.Errorf("after a stopped solve: score %d, want %d", got, tp.score)
	}
}

// TestSearchThreadsAgree: the service's search answers the same exact
// score, move and outcome with one thread as with several.
func TestSearchThreadsAgree(t *testing.T) {
	set := append(loadTestSet(t, "Test_L2_R2")[:10], loadTestSet(t, "Test_L1_R2")[:3]...)
	if race.Enabled {
		set = loadTestSet(t, "Test_L1_R1")[8:12]
	}
	for _, tp := range set {
		st := newState(t, movesSetup(tp.moves))
		one := st.Search(context.Background(), engine.Limits{})
		three := st.Search(context.Background(), engine.Limits{Threads: 3})
		if !one.Complete || !three.Complete || one.Score != tp.score || three.Score != tp.score ||
			one.Move != three.Move || one.Outcome != three.Outcome {
			t.Errorf("%s: one thread %+v, three %+v, want score %d from both, the same move", tp.moves, one, three, tp.score)
		}
	}
}
