package gomoku

import "movesvc/engine"

// iterate runs iterative deepening from depth 1 to maxDepth over the root
// moves. The first iteration always scores at least one root move, the
// first in order, and may be stopped after it (its best move so far is
// then the answer); of a later iteration stopped by the deadline or the
// node limit only a move that beat the previous iteration's is kept
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
		s.mayStop = depth > 1
		s.crew.depth.Store(int32(depth))
		alpha, beta := -engine.WinScore-1, engine.WinScore+1
		if depth > 2 && !engine.IsWinScore(score) {
			alpha, beta = score-aspiration, score+aspiration
		}
		v := s.searchRoot(depth, n, alpha, beta)
		first := true // the last iteration's move was searched first
		for widened := false; !s.stopped && (v <= alpha || v >= beta); widened = true {
			// The failed search reordered the moves.
			first = false
			alpha, beta = widenWindow(v, alpha, beta, widened)
			v = s.searchRoot(depth, n, alpha, beta)
		}
		if s.stopped && depth > 1 {
			// In the first pass the last iteration's move was searched
			// first: another move now in front with a score above the
			// window's alpha beat it at this depth, and is played.
			if first && v > alpha && s.pv[0][0] != int16(res.Move) {
				s.takePV(&res)
			}
			break
		}
		if s.stopped && v < -engine.WinScore {
			break
		}
		// A first iteration stopped after its first root move still gives
		// the best move searched so far.
		score = v
		res.Depth = depth
		s.takePV(&res)
		s.reportIteration(depth, v, res.PV)
		if engine.IsWinScore(v) || s.stopped {
			break
		}
	}
	s.sp = rootEnd - n
	partial := s.stopped && res.Depth == 1 // the first iteration, cut short
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
	opp := 1 - b.toMove()
	if !s.useThreats || b.count[opp][patFive] > 0 || n <= 1 {
		return n
	}
	maxNodes := s.maxNodes
	s.maxNodes, s.mayStop = 0, true
	defer func() { s.maxNodes, s.mayStop, s.stopped = maxNodes, false, false }()
	b.pass()
	s.threatNodes, s.budget = 0, s.rootThreatBudget(depth)
	threatened := s.vcf(maxVCF) > 0
	b.unpass()
	if !threatened || s.stopped {
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
		if s.stopped {
			s.sp = start + n
			return n
		}
		if refuted {
			s.moves[kept] = int16(m)
			s.scores[kept] = s.scores[j]
			kept++
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

// searchRoot searches every root move to depth with a PVS window and returns
// the best score; the best move goes to the front of the list and to the
// principal variation. When stopped it returns the best score so far, below
// -WinScore if no move was scored.
func (s *searcher) searchRoot(depth, n int, alpha, beta int32) int32 {
	b := s.b
	start := s.sp - n
	s.nodes++
	best := -engine.WinScore - 1
	for j := start; j < start+n; j++ {
		m := int(s.moves[j])
		b.play(m)
		var v int32
		if j == start {
			v = -s.pvs(depth-1, 1, -beta, -alpha)
		} else {
			v = -s.pvs(depth-1, 1, -alpha-1, -alpha)
			if v > alpha && v < beta && !s.stopped {
				v = -s.pvs(depth-1, 1, -beta, -alpha)
			}
		}
		b.undo(m)
		if s.stopped {
			return best
		}
		if depth == 1 {
			// One root move is scored: the deadline may stop the first
			// iteration from now on.
			s.mayStop = true
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

// pvs searches the position to depth plies at ply from the root and returns
// its fail-soft value: <= alpha is an upper bound, >= beta a lower bound,
// otherwise exact. Forced replies to a four do not use up depth; at the
// horizon a four is still answered and, unless plain, so is an open three
// for quiescence more unforced plies (the replies are the defences and the
// side to move's own fours); then the static evaluation.
// Unless plain, a win that needs no search (quickWin) is returned at once,
// and inner nodes with interiorVCFDepth plies or more left look for
// continuous fours first (vcfWin). When the deadline or the node limit
// stops the search the value is meaningless and s.stopped is set.
func (s *searcher) pvs(depth, ply int, alpha, beta int32) int32 {
	s.nodes++
	s.poll()
	if s.stopped {
		return 0
	}
	b := s.b
	s.pvLen[ply] = ply
	if b.five {
		return -(engine.WinScore - int32(ply))
	}
	if b.full() {
		return 0
	}
	me, opp := b.toMove(), 1-b.toMove()
	if b.count[me][patFive] > 0 {
		return engine.WinScore - int32(ply) - 1
	}
	oppFour := b.count[opp][patFive] > 0
	if !s.plain {
		if p := quickWin(b); p > 0 {
			return engine.WinScore - int32(ply+p)
		}
	}
	if ply >= maxPly-1 {
		return evaluate(b, s.weights)
	}
	if depth <= 0 {
		if s.plain || !oppFour && (b.count[opp][patOpen4] == 0 || depth <= -quiescence) {
			return evaluate(b, s.weights)
		}
	}
	alpha = max(alpha, -(engine.WinScore - int32(ply)))
	beta = min(beta, engine.WinScore-int32(ply)-1)
	if alpha >= beta {
		return alpha
	}

	key := b.hash
	move, score, cut := s.tt.Cutoff(key, depth, ply, alpha, beta)
	if cut {
		return score
	}
	ttMove := int(move)
	if s.useThreats && !oppFour && depth >= interiorVCFDepth {
		if v, won := s.vcfWin(ply, interiorVCFBudget); won {
			if s.stopped {
				return 0
			}
			s.tt.Store(key, engine.ScoreToTable(v, ply), engine.NoMove, depth, engine.BoundLower)
			return v
		}
		if s.stopped {
			return 0
		}
	}

	if v, cut := s.nullMove(depth, ply, alpha, beta); cut || s.stopped {
		return v
	}

	start := s.sp
	n, quiet := s.generate(ply, ttMove)
	if n == 0 {
		// Only an open three of the opponent's leaves no move to try:
		// nothing stops it, and it wins by an open four in four plies.
		s.sp = start
		return -(engine.WinScore - int32(ply+4))
	}
	next := depth - 1
	if n == 1 {
		next = depth
	}
	width := n
	if quiet && s.prune && b.count[me][patFour] < pruneFourCells {
		width = min(n, s.width(depth))
	}
	alphaOrig := alpha
	best, bestMove := -engine.WinScore-1, -1
	end := start + n
	// lateQuiet: the node's late moves may be reduced (reducible).
	lateQuiet := quiet && s.reduce && depth >= reductionDepth && b.count[me][patFour] == 0
	for j := start; j < end; j++ {
		if j-start == width && best > -engine.WinThreshold {
			end = s.keepThreats(me, j, end)
			if j == end {
				break
			}
		}
		m := s.pick(j, end)
		reduction := 0
		if lateQuiet && j-start >= reductionFrom && s.reducible(m, ply, ttMove) {
			reduction = 1
		}
		b.play(m)
		var v int32
		if j == start {
			v = -s.pvs(next, ply+1, -beta, -alpha)
		} else {
			v = -s.pvs(next-reduction, ply+1, -alpha-1, -alpha)
			if reduction > 0 && v > alpha && !s.stopped {
				v = -s.pvs(next, ply+1, -alpha-1, -alpha)
			}
			if v > alpha && v < beta && !s.stopped {
				v = -s.pvs(next, ply+1, -beta, -alpha)
			}
		}
		b.undo(m)
		if s.stopped {
			s.sp = start
			return 0
		}
		if v <= best {
			continue
		}
		best, bestMove = v, m
		if v <= alpha {
			continue
		}
		alpha = v
		s.updatePV(ply, m)
		if v >= beta {
			if k := &s.killers[ply]; k[0] != m {
				k[1], k[0] = k[0], m
			}
			s.history[me][m] += int32(depth*depth + 1)
			break
		}
	}
	s.sp = start
	s.tt.StoreNode(key, best, engine.Move(bestMove), depth, ply, alphaOrig, beta)
	return best
}

// reducible reports whether m, a late move of a quiet node ply plies from
// the root whose table move is ttMove, may be searched a ply shallower: it
// is neither ttMove nor a killer, and makes an open three for neither side
// (https://www.chessprogramming.org/Late_Move_Reductions). Nodes where the
// side to move can make a four reduce nothing, which keeps long attacks
// whole.
func (s *searcher) reducible(m, ply, ttMove int) bool {
	if m == ttMove || ply < maxPly && (m == s.killers[ply][0] || m == s.killers[ply][1]) {
		return false
	}
	me := s.b.toMove()
	mine, _ := s.b.threat(me, m)
	theirs, _ := s.b.threat(1-me, m)
	return mine < patOpen3 && theirs < patOpen3
}

// nullMove tries null-move pruning
// (https://www.chessprogramming.org/Null_Move_Pruning) at a node ply plies
// from the root with depth plies left and the window (alpha, beta): at a
// node off the principal variation (a null window) with nullMoveDepth or
// more plies left, where neither side has a threat (the opponent has no
// four and no open three to answer; the side to move can make neither a
// four nor an open four), the static evaluation is at least beta and the
// move before was not itself a pass, the side to move passes and the
// opponent's search to depth-1-nullMoveReduction plies says whether the
// node fails high even so. Gomoku has no zugzwang (a stone never hurts its
// owner), so a pass is never better than the best move and the only error
// is the shallower search; proved wins after a pass are not taken, their
// distance would be wrong. It returns that value and true when the node
// fails high; false otherwise, and when the deadline stopped the search
// (s.stopped).
func (s *searcher) nullMove(depth, ply int, alpha, beta int32) (int32, bool) {
	b := s.b
	me, opp := b.toMove(), 1-b.toMove()
	if !s.nullPrune || beta-alpha != 1 || depth < nullMoveDepth || ply <= s.nullPly+1 ||
		b.count[opp][patFive]+b.count[opp][patOpen4] > 0 ||
		b.count[me][patFour]+b.count[me][patOpen4] > 0 ||
		evaluate(b, s.weights) < beta {
		return 0, false
	}
	b.pass()
	outer := s.nullPly
	s.nullPly = ply
	v := -s.pvs(depth-1-nullMoveReduction, ply+1, -beta, -beta+1)
	s.nullPly = outer
	b.unpass()
	return v, !s.stopped && v >= beta && v < engine.WinThreshold
}

// width returns how many candidates a quiet node at depth searches before
// only the threats (move-count pruning,
// https://www.chessprogramming.org/Futility_Pruning#MoveCountBasedPruning):
// pruneBase+prunePerPly*depth, or Options.pruneWidth when a test sets it.
// Three safeguards keep the pruning from hiding wins: when every move
// searched so far loses, the rest are searched too, so that a proved loss
// (and the win it proves one ply up) considers every candidate; the root is
// never pruned; and neither is a node where the side to move has
// pruneFourCells or more cells and lines where it makes a four, where a
// quiet move may set up continuous fours.
func (s *searcher) width(depth int) int {
	if s.pruneWidth > 0 {
		return s.pruneWidth
	}
	return pruneBase + prunePerPly*depth
}

// keepThreats keeps, of the moves from to to, those where colour makes an
// open three or better, at the front in their order, and returns their end.
func (s *searcher) keepThreats(colour, from, to int) int {
	kept := from
	for j := from; j < to; j++ {
		if best, _ := s.b.threat(colour, int(s.moves[j])); best >= patOpen3 {
			s.moves[kept], s.scores[kept] = s.moves[j], s.scores[j]
			kept++
		}
	}
	return kept
}

// vcfWin looks, within budget nodes, for the side to move's continuous
// fours at a node ply plies from the root where the opponent has no four,
// and returns the proved win, if any. The main search looks only at inner
// nodes (interiorVCFDepth), not at the horizon, where most nodes are: there
// the static evaluation and the wins read off the cell classes (quickWin)
// stand in, and the search gets deeper in the same time.
func (s *searcher) vcfWin(ply int, budget uint64) (int32, bool) {
	b := s.b
	me := b.toMove()
	if b.count[me][patFour]+b.count[me][patOpen4] == 0 {
		return 0, false
	}
	s.threatNodes, s.budget = 0, budget
	if p := s.vcf(maxVCF); p > 0 {
		return engine.WinScore - int32(ply+p), true
	}
	return 0, false
}

// generate pushes the moves of the node at ply and returns their number:
// the block when the opponent has a four; fours and defences when it has an
// open three; otherwise every cell within two of a stone, and quiet is
// true. The table move and the killers are scored first.
func (s *searcher) generate(ply, ttMove int) (n int, quiet bool) {
	b := s.b
	me, opp := b.toMove(), 1-b.toMove()
	switch {
	case s.plain:
		n, quiet = s.candidates(me), true
	case b.count[opp][patFive] > 0:
		n = s.fives(opp)
		if n > 1 {
			s.sp -= n - 1
			n = 1
		}
		return n, false
	case b.count[opp][patOpen4] > 0:
		n = s.defences(opp)
	default:
		n, quiet = s.candidates(me), true
	}
	start := s.sp - n
	for j := start; j < s.sp; j++ {
		m := int(s.moves[j])
		switch {
		case m == ttMove:
			s.scores[j] = orderTableMove
		case ply < maxPly && m == s.killers[ply][0]:
			s.scores[j] += orderKiller
		case ply < maxPly && m == s.killers[ply][1]:
			s.scores[j] += orderSecondKiller
		}
	}
	return n, quiet
}

// updatePV makes m followed by the child's variation the variation at ply.
func (s *searcher) updatePV(ply, m int) {
	var child []int16
	if c := ply + 1; c < maxPly {
		child = s.pv[c][c:s.pvLen[c]]
	}
	s.pvLen[ply] = engine.ExtendPV(s.pv[ply][:], ply, int16(m), child)
}
