package chess

import (
	"slices"
	"time"

	"movesvc/engine"
)

// iterate runs iterative deepening
// (https://www.chessprogramming.org/Iterative_Deepening) from depth 1 up
// to the limit and returns the last completed iteration's result, calling
// progress after each (when not nil), or, when the search stops during an
// iteration in which a root move beat the last iteration's best (a single
// line), that move with its line and score: it is better at the depth
// under way. From aspirationDepth each line's
// search starts in a narrow window around its last score and widens it on
// a fail (aspiration windows). Helper threads (id > 0) start one ply
// deeper on odd ids, so that the threads of a lazy SMP search spread over
// depths.
func (s *searcher) iterate(lim Limits, progress func(Info)) Result {
	maxDepth := lim.Depth
	if maxDepth <= 0 {
		maxDepth = defaultDepth
	}
	maxDepth = min(maxDepth, maxPly-1)
	lines := max(1, min(lim.MultiPV, len(s.root)))
	var res Result
	for depth := 1 + s.id%2; depth <= maxDepth; depth++ {
		s.mayStop = depth > 1 || s.id > 0
		s.selDepth = 0
		for i := range s.root {
			s.root[i].prevScore = s.root[i].score
		}
		s.better.move = NoMove
		for pvIdx := 0; pvIdx < lines; pvIdx++ {
			if s.aspiration(depth, pvIdx); s.stopped {
				break
			}
		}
		if s.stopped {
			if lines == 1 && s.better.move != NoMove {
				res = s.result(&s.better, res.Depth, 1)
			}
			break
		}
		slices.SortStableFunc(s.root[:lines], compareRoot)
		res = s.result(&s.root[0], depth, lines)
		if progress != nil {
			s.report(progress, depth, lines)
		}
		if res.Mate != 0 && depth >= 2*abs(res.Mate)+2 || len(s.root) == 1 && depth >= 4 ||
			s.softStop(lim.SoftDeadline) || s.deadlinePassed() {
			break
		}
	}
	res.Complete = !s.stopped && !s.deadlinePassed()
	res.Nodes = s.nodes
	res.PV = slices.Clone(res.PV)
	for i := range res.Lines {
		res.Lines[i].PV = slices.Clone(res.Lines[i].PV)
	}
	res.Lines = slices.Clone(res.Lines)
	return res
}

// softStop reports whether the iterations should end for the soft
// deadline soft (zero: none): softStart of the time from the start to it
// has passed.
func (s *searcher) softStop(soft time.Time) bool {
	if soft.IsZero() {
		return false
	}
	budget := soft.Sub(s.shared.start)
	return s.elapsed() >= time.Duration(float64(budget)*softStart)
}

// deadlinePassed reports whether the search's context has ended or
// another thread stopped it, between iterations.
func (s *searcher) deadlinePassed() bool {
	if s.shared.stop.Load() {
		return true
	}
	select {
	case <-s.shared.done:
		return true
	default:
		return false
	}
}

// compareRoot orders root moves by score, best first.
func compareRoot(a, b rootMove) int {
	switch {
	case a.score > b.score:
		return -1
	case a.score < b.score:
		return 1
	}
	return 0
}

// aspiration searches the root moves from pvIdx on to depth, in a window
// around the line's last score that doubles on each side that fails, and
// leaves their scores in s.root, the best first from pvIdx.
func (s *searcher) aspiration(depth, pvIdx int) {
	alpha, beta := int32(-infinite), int32(infinite)
	delta := int32(aspirationWindow)
	prev := s.root[pvIdx].prevScore
	if depth >= aspirationDepth && prev > -mateBound && prev < mateBound {
		alpha, beta = max(prev-delta, -infinite), min(prev+delta, infinite)
	}
	for {
		v := s.rootSearch(depth, pvIdx, alpha, beta)
		if s.stopped {
			return
		}
		switch {
		case v <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(v-delta, -infinite)
		case v >= beta:
			beta = min(v+delta, infinite)
		default:
			return
		}
		delta *= 2
	}
}

// rootSearch searches the root moves from pvIdx on, in order, with the
// window (alpha, beta), and returns the best value. A move's score becomes
// its value when that beats alpha, and -infinite when it fails low (the
// first move keeps its bound, which the aspiration loop widens); then the
// moves are sorted by score, stably, so that the best is at pvIdx with its
// principal variation. A later move that beats the first is kept in
// s.better, for a search stopped before the iteration ends.
func (s *searcher) rootSearch(depth, pvIdx int, alpha, beta int32) int32 {
	best := int32(-infinite)
	for i := pvIdx; i < len(s.root); i++ {
		rm := &s.root[i]
		r := 0
		if depth >= lmrMinDepth && i > pvIdx+2 && !s.pos.isNoisy(rm.move) {
			r = s.reduction(depth, 0, i-pvIdx+1, rm.move, true, true, true, false)
		}
		a := max(alpha, best)
		v := s.tryMove(rm.move, depth, 0, a, beta, i == pvIdx, r, false)
		if s.stopped {
			return best
		}
		rm.score = -infinite
		if i == pvIdx || v > a {
			rm.score = v
			s.updatePV(0, rm.move)
			rm.pv = append(rm.pv[:0], s.pv[0][:s.pvLen[0]]...)
			if i > pvIdx { // it beat every move before it, the first too
				s.better.move, s.better.score = rm.move, v
				s.better.pv = append(s.better.pv[:0], rm.pv...)
			}
		}
		best = max(best, v)
		if v >= beta {
			break
		}
	}
	slices.SortStableFunc(s.root[pvIdx:], compareRoot)
	return best
}

// result returns the result of the iteration to depth whose best move is
// best, with the best lines ranked in s.root when lines > 1. Its slices
// are the searcher's buffers, which the next iteration overwrites; iterate
// copies them at the end.
func (s *searcher) result(best *rootMove, depth, lines int) Result {
	s.resPV = append(s.resPV[:0], best.pv...)
	if len(s.resPV) == 0 {
		s.resPV = append(s.resPV, best.move)
	}
	res := Result{Move: best.move, Depth: depth, SelDepth: s.selDepth, Nodes: s.nodes, PV: s.resPV}
	res.Score, res.Mate = scoreOf(best.score)
	if res.Mate != 0 {
		res.PliesToEnd = mateScore - int(abs32(best.score))
		res.Outcome = engine.OutcomeWin
		if res.Mate < 0 {
			res.Outcome = engine.OutcomeLoss
		}
	}
	res.WDL = WDL(res.Score, res.Mate, s.pos.gamePly)
	if lines > 1 {
		s.lines = s.lines[:0]
		for i, rm := range s.root[:lines] {
			if i == len(s.linePVs) {
				s.linePVs = append(s.linePVs, make([]Move, 0, maxPly))
			}
			s.linePVs[i] = append(s.linePVs[i][:0], rm.pv...)
			sc, mate := scoreOf(rm.score)
			s.lines = append(s.lines, Line{Move: rm.move, Score: sc, Mate: mate, PV: s.linePVs[i]})
		}
		res.Lines = s.lines
	}
	return res
}

// scoreOf splits a search score into centipawns and, for a mate, the moves
// to it (positive when the side to move mates).
func scoreOf(v int32) (cp, mate int) {
	switch {
	case v >= mateBound:
		return int(v), (mateScore - int(v) + 1) / 2
	case v <= -mateBound:
		return int(v), -(mateScore + int(v)) / 2
	}
	return int(v), 0
}

// report calls progress with each line of the completed iteration.
func (s *searcher) report(progress func(Info), depth, lines int) {
	for i, rm := range s.root[:lines] {
		sc, mate := scoreOf(rm.score)
		progress(Info{Depth: depth, SelDepth: s.selDepth, MultiPV: i + 1, Score: sc, Mate: mate,
			Nodes: s.nodes, Elapsed: s.elapsed(), PV: rm.pv})
	}
}
