package gomoku

import (
	"time"

	"movesvc/engine"
)

// The main search's root: iterative deepening with aspiration windows, the
// root moves (those that stop the opponent's continuous fours, one of each
// set a symmetry of the position maps together) and the progress report
// after each iteration. The nodes below the root are pvs.go's.

// iterate runs iterative deepening from depth 1 to maxDepth over the root
// moves. The deadline and the node limit stop every iteration, the first
// too: a first iteration stopped after some root moves are scored answers
// the best of them; one stopped before any is scored (a crowded position
// whose quiescence of fours outgrows the limits) answers the first root
// move in order, at depth 0. Of a later iteration stopped by the deadline
// or the node limit only a move that beat the previous iteration's is kept
// (played, with its variation; the depth and score stay the last complete
// iteration's).
func (s *searcher) iterate(maxDepth int) engine.Result {
	res := engine.Result{Move: engine.NoMove, PV: make([]engine.Move, 0, maxPly)}
	n := s.rootMoves(maxDepth)
	rootEnd := s.sp
	s.startHelpers(maxDepth, n)
	defer s.stopHelpers()
	var score int32
	for depth := 1; depth <= maxDepth; depth++ {
		s.clock.Arm(true)
		s.crew.depth.Store(int32(depth))
		alpha, beta := -engine.WinScore-1, engine.WinScore+1
		if depth > 2 && !engine.IsWinScore(score) {
			alpha, beta = score-aspiration, score+aspiration
		}
		v := s.searchRoot(depth*onePly, n, alpha, beta)
		first := true // the last iteration's move was searched first
		for widened := false; !s.clock.Stopped() && (v <= alpha || v >= beta); widened = true {
			// The failed search reordered the moves.
			first = false
			alpha, beta = widenWindow(v, alpha, beta, widened)
			v = s.searchRoot(depth*onePly, n, alpha, beta)
		}
		if s.clock.Stopped() && depth > 1 {
			// In the first pass the last iteration's move was searched
			// first: another move now in front with a score above the
			// window's alpha beat it at this depth, and is played.
			if first && v > alpha && s.pv[0][0] != int16(res.Move) {
				s.takePV(&res)
			}
			break
		}
		if s.clock.Stopped() && v < -engine.WinScore {
			break
		}
		// A first iteration stopped after its first root move still gives
		// the best move searched so far.
		score = v
		res.Depth = depth
		s.takePV(&res)
		s.reportIteration(depth, v, res.PV)
		if engine.IsWinScore(v) || s.clock.Stopped() {
			break
		}
	}
	if res.Move == engine.NoMove {
		// Stopped before the first root move was scored: the move the
		// ordering ranks first, unsearched.
		res.Move = engine.Move(s.moves[rootEnd-n])
		res.PV = append(res.PV[:0], res.Move)
	}
	s.sp = rootEnd - n
	partial := s.clock.Stopped() && res.Depth <= 1 // the first iteration, cut short
	res.Score = int(score)
	switch {
	case score >= engine.WinThreshold:
		res.Outcome, res.PliesToEnd = engine.OutcomeWin, engine.PliesToEnd(score)
	case score <= -engine.WinThreshold && !partial:
		res.Outcome, res.PliesToEnd = engine.OutcomeLoss, engine.PliesToEnd(score)
	}
	res.Complete = res.Outcome != engine.OutcomeUnknown || res.Depth == maxDepth && !partial
	return res
}

// widenWindow returns the window for searching again after a root search
// returned v outside (alpha, beta): the first time (widened false) the
// failing side moves to 2*aspiration beyond v, the other stays; after that,
// the full window. The new window contains v strictly.
func widenWindow(v, alpha, beta int32, widened bool) (int32, int32) {
	const full = engine.WinScore + 1
	switch {
	case widened:
		return -full, full
	case v <= alpha:
		return max(v-2*aspiration, -full), beta
	default:
		return alpha, min(v+2*aspiration, full)
	}
}

// takePV makes the root's variation res's move and variation.
func (s *searcher) takePV(res *engine.Result) {
	res.Move = engine.Move(s.pv[0][0])
	res.PV = res.PV[:0]
	for _, m := range s.pv[0][:s.pvLen[0]] {
		res.PV = append(res.PV, engine.Move(m))
	}
}

// rootMoves pushes the root moves, ordered, and returns their number: the
// root candidates (rootCandidates), and in a position a symmetry of the
// board leaves as it is only the first of each set of candidates such
// symmetries take to one another (dropSymmetricMoves; not for plain
// alpha-beta). In a symmetric opening that spares the search the moves
// whose values it already knows: x at h8 and o at i9 leave 18 of the 32
// candidates (the diagonal through them is a mirror), x at h8 and o at h9
// 16 of 28.
func (s *searcher) rootMoves(depth int) int {
	n := s.rootCandidates(depth)
	if s.symmetric {
		n = s.dropSymmetricMoves(n)
	}
	return n
}

// rootCandidates pushes the root's candidate moves, ordered, and returns
// their number. When the opponent threatens a win by continuous fours, only
// the moves after which it no longer has one are kept, if any. The check
// has its own node budget (rootThreatBudget in all) and stops at the
// deadline, keeping every move.
func (s *searcher) rootCandidates(depth int) int {
	b := s.b
	start := s.sp
	n, _ := s.generate(0, -1)
	if n == 0 {
		n = s.candidates(b.toMove())
	}
	if n == 0 {
		// Under renju every cell near the stones is forbidden to black.
		s.push(b.firstAllowed(), 0)
		n = 1
	}
	opp := 1 - b.toMove()
	if !s.useThreats || b.count[opp][patFive] > 0 || n <= 1 {
		return n
	}
	maxNodes := s.clock.MaxNodes()
	s.clock.Limit(0)
	s.clock.Arm(true)
	defer func() {
		s.clock.Limit(maxNodes)
		s.clock.Arm(false)
		s.clock.Resume()
	}()
	b.pass()
	s.threatNodes, s.budget = 0, s.rootThreatBudget(depth)
	threatened := s.vcf(maxVCF) > 0
	b.unpass()
	if !threatened || s.clock.Stopped() {
		return n
	}
	total := s.budget
	kept := start + n
	for j := start; j < start+n; j++ {
		m := int(s.moves[j])
		b.play(m)
		s.threatNodes, s.budget = 0, total/uint64(n)+rootRefutationSlack
		refuted := s.vcf(maxVCF) == 0 && s.threatNodes <= s.budget
		b.undo(m)
		if s.clock.Stopped() {
			s.sp = start + n
			return n
		}
		if refuted {
			// The kept moves grow above the candidates; the searches
			// push their own lists above them.
			s.moves[kept] = int16(m)
			s.scores[kept] = s.scores[j]
			kept++
			s.sp = kept
		}
	}
	if kept == start+n {
		s.sp = start + n
		return n
	}
	k := kept - (start + n)
	copy(s.moves[start:start+k], s.moves[start+n:kept])
	copy(s.scores[start:start+k], s.scores[start+n:kept])
	s.sp = start + k
	return k
}

// searchRoot searches every root move to depth (onePly units) with a PVS
// window and returns the best score; the best move goes to the front of
// the list and to the principal variation. Root moves are neither pruned
// nor reduced: a winning move the ordering ranks low (an edge move that
// starts an attack by threes) gets the depth to prove it. When stopped it
// returns the best score so far, below -WinScore if no move was scored.
func (s *searcher) searchRoot(depth, n int, alpha, beta int32) int32 {
	start := s.sp - n
	s.clock.Nodes++
	s.staticEval(0)
	best := -engine.WinScore - 1
	for j := start; j < start+n; j++ {
		m := int(s.moves[j])
		next := depth - onePly
		if n == 1 {
			next += forcedExtension
		}
		v := s.tryMove(m, next, 0, alpha, beta, j == start, 0)
		if s.clock.Stopped() {
			return best
		}
		if v > best {
			best = v
			copy(s.moves[start+1:j+1], s.moves[start:j])
			copy(s.scores[start+1:j+1], s.scores[start:j])
			s.moves[start] = int16(m)
			s.updatePV(0, m)
			if v > alpha {
				alpha = v
			}
			if v >= beta {
				break
			}
		}
	}
	return best
}

// dropSymmetricMoves keeps, of the n moves on top of the move stack (in
// order), the first of each set of moves the position's symmetries take to
// one another, and returns how many are kept; the kept moves stay in
// order, with their scores, on top of the stack. In a position with no
// symmetry but the identity it keeps them all. The symmetries form a
// group, so a move is dropped exactly when one of them takes it to a move
// kept before it: searching that one tells its value.
func (s *searcher) dropSymmetricMoves(n int) int {
	b := s.b
	set := b.symmetries()
	if set == 1 || n <= 1 {
		return n
	}
	start := s.sp - n
	kept := start
	for j := start; j < start+n; j++ {
		m := int(s.moves[j])
		if !s.imageKept(set, m, start, kept) {
			s.moves[kept], s.scores[kept] = s.moves[j], s.scores[j]
			kept++
		}
	}
	s.sp = kept
	return kept - start
}

// imageKept reports whether a symmetry of set other than the identity takes
// m to one of the moves s.moves[from:to].
func (s *searcher) imageKept(set uint8, m, from, to int) bool {
	for t := symmetry(1); t < numSymmetries; t++ {
		if set&(1<<t) == 0 {
			continue
		}
		image := int16(s.b.mapCell(t, m))
		for _, k := range s.moves[from:to] {
			if k == image {
				return true
			}
		}
	}
	return false
}

// progressHook is a search's engine.Limits.Progress with what reporting
// needs: the start time, the board size, and a buffer for the variation in
// unpadded moves, reused so that a report allocates nothing once warm.
type progressHook struct {
	fn    func(engine.Progress)
	start time.Time
	size  int
	pv    []engine.Move
}

// reportIteration tells the search's progress callback, when there is one,
// of the main search's iteration to depth with root score v and variation
// pv (padded cells).
func (s *searcher) reportIteration(depth int, v int32, pv []engine.Move) {
	h := &s.progress
	if h.fn == nil || len(pv) == 0 {
		return
	}
	h.pv = h.pv[:0]
	for _, m := range pv {
		row, col := s.b.rowCol(int(m))
		h.pv = append(h.pv, engine.Move(row*h.size+col))
	}
	p := engine.Progress{Depth: depth, Score: int(v), Move: h.pv[0], PV: h.pv, Nodes: s.clock.Nodes,
		Elapsed: time.Since(h.start)}
	switch {
	case v >= engine.WinThreshold:
		p.Outcome, p.PliesToEnd = engine.OutcomeWin, engine.PliesToEnd(v)
	case v <= -engine.WinThreshold:
		p.Outcome, p.PliesToEnd = engine.OutcomeLoss, engine.PliesToEnd(v)
	}
	if p.Outcome != engine.OutcomeUnknown {
		p.Score = engine.DefaultExactScore(p.Outcome, p.PliesToEnd)
	}
	h.fn(p)
}
