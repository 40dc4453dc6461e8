package gomoku

import (
	"context"
	"sync"
	"time"

	"movesvc/engine"
)

// maxPly bounds the main search's distance from the root, extensions
// included.
const maxPly = 64

// stackSize is the capacity of the shared move stack.
const stackSize = 1 << 15

// searcher is the per-search state, reused between searches through a pool:
// the move stack shared by every node, the tables and the heuristics, so that
// a search allocates nothing per node.
type searcher struct {
	b       *board
	tt      *engine.Table
	threat  []threatEntry
	gen     uint32
	done    <-chan struct{}
	mayStop bool
	stopped bool

	nodes       uint64
	threatNodes uint64
	budget      uint64
	rootPly     int
	threatMove  int

	moves   [stackSize]int16
	scores  [stackSize]int32
	sp      int
	mark    [maxCells]uint32
	markGen uint32

	killers [maxPly][2]int
	history [2][maxCells]int32
	pv      [maxPly][maxPly]int16
	pvLen   [maxPly]int
}

var searchers sync.Pool

// getSearcher returns a searcher with a main table of 1<<bits entries, set
// up to search b until done is closed.
func getSearcher(b *board, bits int, done <-chan struct{}) *searcher {
	s, _ := searchers.Get().(*searcher)
	if s == nil {
		s = &searcher{threat: make([]threatEntry, 1<<threatBits)}
	}
	if s.tt == nil || s.tt.Len() != 1<<bits {
		s.tt = engine.NewTable(bits)
	} else {
		s.tt.NewSearch()
	}
	s.gen++
	s.b, s.done = b, done
	s.mayStop, s.stopped = false, false
	s.nodes, s.threatNodes, s.sp = 0, 0, 0
	s.rootPly, s.threatMove = b.ply, -1
	for i := range s.killers {
		s.killers[i] = [2]int{-1, -1}
	}
	s.history = [2][maxCells]int32{}
	return s
}

// poll checks the deadline every few hundred nodes once stopping is allowed.
func (s *searcher) poll() {
	if s.nodes&255 == 0 && s.mayStop {
		select {
		case <-s.done:
			s.stopped = true
		default:
		}
	}
}

// threatBudget is the node budget of each threat search for a requested
// depth: small for shallow requests, growing fourfold per ply.
func threatBudget(depth int) uint64 {
	return min(uint64(1000)<<(2*uint(min(depth, 10))), 4_000_000)
}

// Search finds a move for the side to move. In order: the centre on an empty
// board; an immediate five; a win by continuous fours (vcf); a win by fours
// and threes (vct, from depth 3); then iterative-deepening PVS up to the
// requested depth (DefaultDepth when none, at most MaxDepth), its root moves
// restricted to those that stop the opponent's continuous fours when the
// opponent has some. A proved result sets Outcome and PliesToEnd.
func (st *State) Search(ctx context.Context, params engine.Params) engine.Result {
	start := time.Now()
	b := &st.b
	depth := params.Depth
	if depth <= 0 || depth > MaxDepth {
		depth = MaxDepth
	}
	depth = min(depth, st.RemainingPlies())
	bits := params.TableBits
	if bits <= 0 {
		bits = engine.DefaultTableBits
	}
	bits = min(bits, engine.MaxTableBits)
	s := getSearcher(b, bits, ctx.Done())
	defer searchers.Put(s)
	res := s.root(depth)
	res.Elapsed = time.Since(start)
	res.Move = st.unpad(int(res.Move))
	for i, m := range res.PV {
		res.PV[i] = st.unpad(int(m))
	}
	if res.Outcome != engine.OutcomeUnknown {
		res.Score = engine.DefaultExactScore(res.Outcome, res.PliesToEnd)
	}
	return res
}

// proved returns the result of a proved win or loss by move m.
func (s *searcher) proved(o engine.Outcome, m, plies int) engine.Result {
	return engine.Result{Move: engine.Move(m), Outcome: o, PliesToEnd: plies, Depth: 1,
		Complete: true, Nodes: s.nodes, PV: []engine.Move{engine.Move(m)}}
}

// root runs the search stages described at Search and returns a result whose
// moves are padded cells.
func (s *searcher) root(depth int) engine.Result {
	b := s.b
	me, opp := b.toMove(), 1-b.toMove()
	if b.stones == 0 {
		c := b.index(b.size/2, b.size/2)
		return engine.Result{Move: engine.Move(c), Score: int(b.evaluate()), Depth: 1, Complete: true, PV: []engine.Move{engine.Move(c)}}
	}
	if b.count[me][patFive] > 0 {
		s.fives(me)
		m := int(s.moves[0])
		s.sp = 0
		return s.proved(engine.OutcomeWin, m, 1)
	}
	if b.count[opp][patFive] > 0 {
		if n := s.fives(opp); n > 1 {
			m := int(s.moves[0])
			s.sp = 0
			return s.proved(engine.OutcomeLoss, m, 2)
		}
		s.sp = 0
	}
	s.mayStop = true
	s.budget = threatBudget(depth)
	if plies := s.vcf(maxVCF); plies > 0 && s.threatMove >= 0 {
		return s.proved(engine.OutcomeWin, s.threatMove, plies)
	}
	if depth >= 3 && !s.stopped {
		s.threatNodes = 0
		for d := 1; d <= 3 && !s.stopped; d++ {
			s.threatMove = -1
			if plies := s.vctAttack(d); plies > 0 && s.threatMove >= 0 {
				return s.proved(engine.OutcomeWin, s.threatMove, plies)
			}
		}
	}
	s.stopped = false
	s.mayStop = false
	return s.iterate(depth)
}
