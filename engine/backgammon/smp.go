package backgammon

import (
	"sync"
	"sync/atomic"
)

// team is the helpers of a search with Threads > 1: each has its own
// evaluator, move generators and table, and takes root plays of an
// iteration in turn. Every value is computed as one goroutine would compute
// it, so with no limit hit the answer does not depend on the threads. The
// node limit is on the evaluations of all of them, counted in a shared
// total every pollEvals/4 evaluations.
type team struct {
	helpers []*searcher
	nodes   atomic.Uint64
	stop    atomic.Bool
	hitTime bool
}

// helperTableBytes is the table of each helper.
const helperTableBytes = 2 << 20

func newTeam(main *searcher, threads int) *team {
	t := &team{}
	main.team = t
	for i := 1; i < threads; i++ {
		lim := main.lim
		lim.Table = NewTable(helperTableBytes)
		h := newSearcher(main.ctx, lim)
		h.team = t
		t.helpers = append(t.helpers, h)
	}
	return t
}

// iterate evaluates roots into next at ply on main and the helpers and
// reports whether all completed.
func (t *team) iterate(main *searcher, before *Board, plays []Play, roots, next []rootPlay, ply int) bool {
	var idx atomic.Int32
	var wg sync.WaitGroup
	workers := append([]*searcher{main}, t.helpers...)[:min(len(t.helpers)+1, len(roots))]
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(idx.Add(1)) - 1
				if i >= len(roots) || t.stop.Load() {
					return
				}
				if !w.evalRoot(before, plays, roots[i], &next[i], ply) {
					t.stop.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, w := range workers {
		t.hitTime = t.hitTime || w.hitTime
	}
	return !t.stop.Load()
}

// poll adds s's new evaluations to the shared total and stops s when the
// team has stopped or the total reaches the node limit.
func (t *team) poll(s *searcher, n uint64) {
	if t.stop.Load() {
		s.aborted = true
		return
	}
	if n-s.shared >= pollEvals/4 {
		t.nodes.Add(n - s.shared)
		s.shared = n
	}
	if s.lim.MaxNodes > 0 && t.nodes.Load()+(n-s.shared)+1 > s.lim.MaxNodes {
		s.aborted = true
		t.stop.Store(true)
	}
}

// totalNodes returns the evaluations of main and the helpers.
func (t *team) totalNodes(main *searcher) uint64 {
	n := main.nodes()
	for _, h := range t.helpers {
		n += h.nodes()
	}
	return n
}
