package gomoku

import "movesvc/engine"

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

// updatePV makes m followed by the child's variation the variation at ply.
func (s *searcher) updatePV(ply, m int) {
	var child []int16
	if c := ply + 1; c < maxPly {
		child = s.pv[c][c:s.pvLen[c]]
	}
	s.pvLen[ply] = engine.ExtendPV(s.pv[ply][:], ply, int16(m), child)
}
