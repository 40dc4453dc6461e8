package gomoku

import (
	"sync"
	"sync/atomic"

	"movesvc/engine"
)

// Lazy SMP (https://www.chessprogramming.org/Lazy_SMP): with
// Options.Threads above one, the main search's iterative deepening runs on
// helper goroutines too, each with its own board, move stack, killers,
// history and threat table, all sharing the main transposition table
// (engine.Table is safe for that). The helpers search the same root moves,
// each iteration at the main search's current depth or, for every other
// helper, a ply deeper (and always deeper than its own last), and their
// results reach the main search only through the table: its cutoffs and
// move ordering come sooner, so it completes iterations faster. The answer
// is the main search's alone. The root threat searches run before the
// helpers start, on the main goroutine.

// idleHelpers keeps helper searchers between searches (about 4.4 MiB each:
// the threat table, the stacks and a board of their own); they have no
// main table, borrowing the main search's while they help.
var idleHelpers = make(chan *searcher, 16)

// crew is a search's running helpers.
type crew struct {
	stop    chan struct{} // closed when the main search is done
	depth   atomic.Int32  // the main search's current iteration
	wg      sync.WaitGroup
	helpers []*searcher
}

// HelperMemory is the memory each helper goroutine of a search with
// Options.Threads adds, beyond Game.SearchMemory: its searcher, threat
// table and board.
func HelperMemory() int64 {
	return Game{}.SearchMemory(engine.Limits{}) - engine.TableBytes(0) + int64(sizeofBoard)
}

// startHelpers starts s.threads-1 helpers on the n root moves on top of
// s's move stack, searching to maxDepth, unless s searches on one thread.
// stopHelpers ends them.
func (s *searcher) startHelpers(maxDepth, n int) {
	if s.threads <= 1 {
		return
	}
	s.crew.stop = make(chan struct{})
	s.crew.depth.Store(1)
	for i := 1; i < s.threads; i++ {
		h := s.newHelper()
		copy(h.moves[:n], s.moves[s.sp-n:s.sp])
		copy(h.scores[:n], s.scores[s.sp-n:s.sp])
		h.sp = n
		s.crew.helpers = append(s.crew.helpers, h)
		s.crew.wg.Add(1)
		go func() {
			defer s.crew.wg.Done()
			h.help(&s.crew.depth, i%2, maxDepth, n)
		}()
	}
}

// newHelper returns a helper for s, set up to search a copy of s's board
// with s's settings and main table until s.crew.stop is closed.
func (s *searcher) newHelper() *searcher {
	var h *searcher
	select {
	case h = <-idleHelpers:
	default:
		h = &searcher{threat: make([]threatEntry, 1<<threatBits), own: new(board)}
	}
	*h.own = *s.b
	h.own.log = nil
	h.tt, h.settings, h.threads = s.tt, s.settings, 1
	h.begin(h.own, s.crew.stop)
	h.clock.Arm(true)
	return h
}

// help runs iterations over the n root moves on h's stack, with a full
// window, until the one to depth last is done or h is stopped: each at the
// main search's current depth (main) plus ahead plies, and deeper than h's
// last.
func (h *searcher) help(main *atomic.Int32, ahead, last, n int) {
	for depth := 0; !h.clock.Stopped(); {
		depth = max(depth+1, int(main.Load())+ahead)
		if depth > last {
			return
		}
		h.searchRoot(depth*onePly, n, -engine.WinScore-1, engine.WinScore+1)
	}
}

// stopHelpers stops s's helpers, waits for them, adds their nodes to s's
// (and to s.helperNodes) and hands them back for later searches.
func (s *searcher) stopHelpers() {
	if s.crew.stop == nil {
		return
	}
	close(s.crew.stop)
	s.crew.wg.Wait()
	for _, h := range s.crew.helpers {
		s.clock.Nodes += h.clock.Nodes
		s.helperNodes += h.clock.Nodes
		h.b.detach()
		h.b, h.tt, h.weights = nil, nil, nil
		select {
		case idleHelpers <- h:
		default:
		}
	}
	clear(s.crew.helpers)
	s.crew.helpers = s.crew.helpers[:0]
	s.crew.stop = nil
}
