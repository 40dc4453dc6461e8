package engine

// negamax searches the current position to depth plies at ply from the root
// and returns its fail-soft value: if the result is <= alpha the search failed
// low and it is an upper bound; if >= beta it failed high and is a lower bound;
// otherwise it is exact. On return s.pv[ply][ply:s.pvLen[ply]] holds the
// principal variation from this node. When the deadline or the node limit
// stops the search the return value is meaningless and s.clock is stopped.
func (s *search) negamax(depth, ply int, alpha, beta int32) int32 {
	if s.clock.Tick() {
		return 0
	}
	s.pvLen[ply] = ply
	st := s.st
	if o := st.Outcome(); o != OutcomeUnknown {
		return terminalScore(o, ply)
	}
	if depth == 0 {
		return st.Evaluate()
	}

	// Mate-distance pruning: no result here beats a win at the next ply or
	// loses faster than this one.
	alpha = max(alpha, -(WinScore - int32(ply)))
	beta = min(beta, WinScore-int32(ply)-1)
	if alpha >= beta {
		return alpha
	}

	key := st.Hash()
	ttMove, score, cut := s.tt.Cutoff(key, depth, ply, alpha, beta)
	if cut && ply > 0 {
		return score
	}

	moves := st.LegalMoves(s.moves[ply][:0])
	s.order(moves, ttMove, s.killers[ply])

	alphaOrig := alpha
	best, bestMove := -infinity, NoMove
	mover := st.ToMove()
	for _, m := range moves {
		v := s.child(mover, m, depth, ply, alpha, beta)
		if s.clock.Stopped() {
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
			break
		}
	}

	s.tt.StoreNode(key, best, bestMove, depth, ply, alphaOrig, beta)
	return best
}

// child searches the position after the move m of mover, in the window
// (alpha, beta) of the node ply plies from the root, depth plies deep, and
// returns its value for mover: negated, as negamax goes, when the other
// side moves next, as it is when mover moves again (an extra turn).
func (s *search) child(mover Player, m Move, depth, ply int, alpha, beta int32) int32 {
	st := s.st
	st.Play(m)
	var v int32
	if st.ToMove() == mover {
		v = s.negamax(depth-1, ply+1, alpha, beta)
	} else {
		v = -s.negamax(depth-1, ply+1, -beta, -alpha)
	}
	st.Undo(m)
	return v
}

// order moves the table move, then the killers, to the front of moves,
// keeping the game's order for the rest.
func (s *search) order(moves []Move, ttMove Move, killers [2]Move) {
	front := 0
	for _, want := range [3]Move{ttMove, killers[0], killers[1]} {
		if want == NoMove {
			continue
		}
		for i := front; i < len(moves); i++ {
			if moves[i] == want {
				copy(moves[front+1:i+1], moves[front:i])
				moves[front] = want
				front++
				break
			}
		}
	}
}

// updatePV makes m followed by the child's variation the variation at ply.
func (s *search) updatePV(ply int, m Move) {
	var child []Move
	if c := ply + 1; c < len(s.pv) {
		child = s.pv[c][c:s.pvLen[c]]
	}
	s.pvLen[ply] = ExtendPV(s.pv[ply], ply, m, child)
}

// principalVariation returns the root variation of the last completed
// iteration, extended along table moves while they are legal, at most
// maxLen moves long. The position is restored before it returns.
func (s *search) principalVariation(maxLen int) []Move {
	pv := make([]Move, 0, maxLen)
	pv = append(pv, s.bestLine...)
	st := s.st
	for _, m := range pv {
		st.Play(m)
	}
	for len(pv) < maxLen && st.Outcome() == OutcomeUnknown {
		_, m, _, _, ok := s.tt.Probe(st.Hash())
		if !ok || !contains(st.LegalMoves(s.moves[0][:0]), m) {
			break
		}
		st.Play(m)
		pv = append(pv, m)
	}
	for i := len(pv) - 1; i >= 0; i-- {
		st.Undo(pv[i])
	}
	return pv
}

func contains(moves []Move, m Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}
