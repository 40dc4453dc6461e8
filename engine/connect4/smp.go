package connect4

import (
	"sync"
	"sync/atomic"
)

// Lazy SMP for the solver (https://www.chessprogramming.org/Lazy_SMP): with
// SetThreads above one, each null-window search of a solve runs on helper
// goroutines too, every one with its own tie-break among moves of equal
// score so that the threads spread over the tree, all sharing the solver's
// transposition table. The first thread to finish a window answers it; its
// flag (finished) makes the others stop, and their nodes are added to the
// solver's.

// helperOrders are the helpers' tie-break orders, each centre-heavy.
var helperOrders = [...][Width]int{
	{3, 4, 2, 5, 1, 6, 0},
	{2, 3, 4, 1, 5, 0, 6},
	{4, 3, 2, 5, 1, 6, 0},
	{3, 2, 4, 0, 6, 1, 5},
	{2, 4, 3, 1, 5, 6, 0},
	{4, 2, 3, 5, 1, 0, 6},
	{3, 1, 5, 2, 4, 0, 6},
}

// SetThreads makes the solver search each null window on n goroutines
// that share its table (lazy SMP): the first to finish answers and the
// others stop. Helpers are created once and kept; n <= 1 means one.
func (s *Solver) SetThreads(n int) {
	n = max(1, min(n, len(helperOrders)+1))
	for len(s.helpers) < n-1 {
		h := &Solver{table: s.table, order: helperOrders[len(s.helpers)]}
		h.clock.Start(nil, 0, pollInterval)
		h.clock.Arm(true)
		s.helpers = append(s.helpers, h)
	}
	s.helpers = s.helpers[:n-1]
	if s.finished == nil {
		s.finished = new(atomic.Bool)
		s.results = make(chan int, len(helperOrders))
	}
}

// Threads returns the number of goroutines a null window is searched on.
func (s *Solver) Threads() int { return len(s.helpers) + 1 }

// nullWindowShared is nullWindow on the solver's goroutine and every
// helper's at once: the first to finish answers, and the others stop.
func (s *Solver) nullWindowShared(p Position, med int) (r int, ok bool) {
	s.finished.Store(false)
	var wg sync.WaitGroup
	for _, h := range s.helpers {
		h.book, h.finished = s.book, s.finished
		h.clock.Watch(s.clock.Done(), 0)
		h.clock.HaltOn(s.finished)
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := h.negamax(p, med, med+1)
			if !h.clock.Stopped() && s.finished.CompareAndSwap(false, true) {
				s.results <- v
			}
		}()
	}
	v := s.negamax(p, med, med+1)
	if !s.clock.Stopped() && s.finished.CompareAndSwap(false, true) {
		s.results <- v
	}
	s.finished.Store(true)
	wg.Wait()
	s.finished.Store(false)
	for _, h := range s.helpers {
		s.clock.Nodes += h.clock.Nodes
		h.clock.Nodes = 0
	}
	select {
	case r = <-s.results:
		s.clock.Resume()
		return r, true
	default:
		return 0, false
	}
}
