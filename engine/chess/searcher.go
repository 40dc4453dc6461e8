package chess

import "time"

// maxPly bounds the plies from the root a search reaches.
const maxPly = 128

// Scores of the search: a mate at ply p from the root scores
// mateScore-p for the side that mates; evaluations stay within
// ±maxEval, far below mateBound, above which a score is a mate.
const (
	mateScore = 32000
	mateBound = mateScore - maxPly
	infinite  = mateScore + 1
	maxEval   = mateBound - 1
)

// frame is one ply of the search stack.
type frame struct {
	undo       Undo
	move       Move  // the move that led from this ply to the next
	piece      Piece // the piece that moved
	staticEval int32
	excluded   Move
	// cont is the continuation history row of the move made here:
	// the scores of the replies, by piece and square.
	cont   *[16][64]int16
	picker movePicker
}

// searcher is one thread's search: its copy of the position, its stack,
// move-ordering tables and counters. Nothing in it is allocated per node.
type searcher struct {
	pos     Position
	histBuf []uint64
	tt      *Table
	shared  *sharedState
	id      int
	nodes   uint64
	stopped bool
	mayStop bool
	// selDepth is the deepest ply reached in this iteration.
	selDepth int
	stack    [maxPly + 4]frame
	pv       [maxPly + 1][maxPly + 1]Move
	pvLen    [maxPly + 1]int
	killers  [maxPly + 1][2]Move
	// hist is the move-ordering memory (History); each search starts it
	// from Limits.History, or empty, so that its result depends only on
	// its input. noCont is the continuation history row of a null move
	// and of the plies before the root.
	hist   History
	noCont [16][64]int16
	root   []rootMove
	// better is a root move that beat the first one in the iteration
	// under way, with its score and line (move NoMove: none did yet).
	better  rootMove
	resPV   []Move
	lines   []Line
	linePVs [][]Move
	eval    evaluator
	// pawnCache keeps the pawn terms of the evaluation (pawncache.go).
	pawnCache pawnCache
}

// rootMove is a move of the root with its latest score and line.
type rootMove struct {
	move      Move
	score     int32
	prevScore int32
	pv        []Move
}

// reset prepares s to search a copy of pos as thread id.
func (s *searcher) reset(pos *Position, tt *Table, hist *History, shared *sharedState, id int) {
	s.pos = *pos
	s.histBuf = append(s.histBuf[:0], pos.history...)
	s.pos.history = s.histBuf
	s.pos.Reserve(maxPly + 8)
	s.histBuf = s.pos.history
	s.tt, s.shared, s.id = tt, shared, id
	s.nodes, s.stopped, s.mayStop = 0, false, false
	s.killers = [maxPly + 1][2]Move{}
	s.loadHistory(hist)
	s.noCont = [16][64]int16{}
	for i := range s.stack {
		s.stack[i].excluded, s.stack[i].cont = NoMove, nil
	}
	s.root = s.root[:0]
	var l MoveList
	ci := s.pos.checkInfo()
	s.pos.generate(&l, genAll, &ci)
	for _, m := range l.Slice() {
		s.root = append(s.root, rootMove{move: m, score: -infinite, prevScore: -infinite, pv: make([]Move, 0, maxPly)})
	}
}

// poll counts a node and, every pollNodes nodes, looks at the stop flag,
// the deadline and the node limit; once the first iteration is done
// (mayStop) any of them stops the search.
func (s *searcher) poll() {
	s.nodes++
	if s.nodes%pollNodes != 0 || !s.mayStop {
		return
	}
	sh := s.shared
	if sh.stop.Load() {
		s.stopped = true
		return
	}
	select {
	case <-sh.done:
		s.stopped = true
		sh.stop.Store(true)
		return
	default:
	}
	if s.id == 0 && sh.maxNodes > 0 && s.nodes >= sh.maxNodes {
		s.stopped = true
		sh.stop.Store(true)
	}
}

// elapsed returns the time since the search started.
func (s *searcher) elapsed() time.Duration { return time.Since(s.shared.start) }

// updatePV makes m followed by the child's variation the variation at ply.
func (s *searcher) updatePV(ply int, m Move) {
	s.pv[ply][ply] = m
	n := ply + 1
	if c := ply + 1; c <= maxPly {
		n += copy(s.pv[ply][ply+1:], s.pv[c][c:s.pvLen[c]])
	}
	s.pvLen[ply] = n
}

// contAt returns the continuation history row of the move made at ply, or
// the empty row before the root.
func (s *searcher) contAt(ply int) *[16][64]int16 {
	if ply < 0 || s.stack[ply].cont == nil {
		return &s.noCont
	}
	return s.stack[ply].cont
}

// quietScore returns the history of the quiet move m of piece pc at ply:
// its butterfly history and its continuation histories after the moves one
// and two plies before.
func (s *searcher) quietScore(ply int, m Move, pc Piece) int32 {
	to := m.To() & 63
	return int32(s.hist.butterfly[s.pos.side][m.From()&63][to]) +
		int32(s.contAt(ply - 1)[pc&15][to]) + int32(s.contAt(ply - 2)[pc&15][to])
}
