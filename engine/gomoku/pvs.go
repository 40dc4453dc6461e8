package gomoku

import "movesvc/engine"

// pvs searches the position to depth (in onePly units: fractional plies)
// at ply from the root and returns its fail-soft value: <= alpha is an
// upper bound, >= beta a lower bound, otherwise exact. When the deadline
// or the node limit stops the search the value is meaningless and
// s.clock.Stopped() is set. The steps, in order:
//
//   - the horizon: at depth 0 or less the quiescence search of fours
//     (quiesce);
//   - a value without search (settled): the game decided, a five to make,
//     a win read off the cell classes;
//   - mate-distance pruning: no result beats a win at the next ply;
//   - the transposition table's cutoff, and its move to search first;
//   - off the principal variation, where the opponent threatens nothing:
//     razoring into the quiescence search and futility on the static value
//     (pruneNode);
//   - the moves (generate, searchMoves), each searched to a depth set by
//     its rank in the move order (reduction), pruned past a count that
//     grows with depth once a move that does not lose is found;
//   - the result stored in the table.
func (s *searcher) pvs(depth, ply int, alpha, beta int32) int32 {
	if depth <= 0 {
		return s.quiesce(ply, alpha, beta, 0)
	}
	if s.clock.Tick() {
		return 0
	}
	s.pvLen[ply] = ply
	if v, ok := s.settled(ply); ok {
		return v
	}
	alpha = max(alpha, -(engine.WinScore - int32(ply)))
	beta = min(beta, engine.WinScore-int32(ply)-1)
	if alpha >= beta {
		return alpha
	}
	key := s.b.hash
	ttMove, score, cut := s.tt.Cutoff(key, depth/onePly, ply, alpha, beta)
	if cut {
		return score
	}
	eval := s.staticEval(ply)
	if v, done := s.pruneNode(depth, ply, alpha, beta, eval); done {
		return v
	}
	start := s.sp
	n, quiet := s.generate(ply, int(ttMove))
	if n == 0 {
		s.sp = start
		return s.noMove(ply)
	}
	best, bestMove := s.searchMoves(depth, ply, alpha, beta, n, quiet)
	s.sp = start
	if s.clock.Stopped() {
		return 0
	}
	s.tt.StoreNode(key, best, engine.Move(bestMove), depth/onePly, ply, alpha, beta)
	return best
}

// settled returns the value of the node ply plies from the root, and true,
// when it needs no search: the opponent's last move made five (a loss) or
// filled the board (a draw); the side to move makes five next move; unless
// plain, it wins by a sequence the cell classes prove (quickWin); or the
// ply limit, where the static evaluation stands. It returns false when
// the node must be searched.
func (s *searcher) settled(ply int) (int32, bool) {
	b := s.b
	if b.five {
		return -(engine.WinScore - int32(ply)), true
	}
	if b.full() {
		return 0, true
	}
	if b.count[b.toMove()][patFive] > 0 {
		return engine.WinScore - int32(ply) - 1, true
	}
	if !s.plain {
		if p := quickWin(b); p > 0 {
			return engine.WinScore - int32(ply+p), true
		}
	}
	if ply >= maxPly-1 {
		return evaluate(b, s.weights), true
	}
	return 0, false
}

// threatened reports whether the side to move must answer a threat: the
// opponent makes five or an open four next move.
func (s *searcher) threatened() bool {
	opp := 1 - s.b.toMove()
	return !s.plain && (s.b.count[opp][patFive] > 0 || s.b.threatens(opp))
}

// staticEval returns the static evaluation of the node at ply and records
// it (evals) so that a node two plies down can tell whether the side to
// move is improving (improving).
func (s *searcher) staticEval(ply int) int32 {
	v := evaluate(s.b, s.weights)
	if ply < maxPly {
		s.evals[ply] = v
	}
	return v
}

// improving reports whether the static value at ply is above the side to
// move's at ply-2 (true at the first two plies).
func (s *searcher) improving(ply int) bool {
	return ply < 2 || ply >= maxPly || s.evals[ply] > s.evals[ply-2]
}

// pruneNode returns a value for the node ply plies from the root with depth
// left, window (alpha, beta) and static value eval, and true, when the
// node can be cut without searching its moves. Only at null-window nodes
// (off the principal variation) where the side to move answers no threat,
// when pruning is on:
//
//   - razoring (https://www.chessprogramming.org/Razoring): near the
//     horizon, a static value far below alpha stands unless the
//     quiescence search of fours (quiesce) finds better;
//   - futility (https://www.chessprogramming.org/Futility_Pruning): a
//     static value above beta by a margin a ply (less when improving)
//     stands, unless it is a win.
//
// It returns false when the node must be searched, and when the search was
// stopped (s.clock.Stopped()).
func (s *searcher) pruneNode(depth, ply int, alpha, beta, eval int32) (int32, bool) {
	if !s.prune || beta-alpha != 1 || s.threatened() {
		return 0, false
	}
	if depth < razorDepth && eval+razorMargin*int32(depth)/onePly+razorBase < alpha {
		v := s.quiesce(ply, alpha, alpha+1, 0)
		return v, !s.clock.Stopped() && v <= alpha
	}
	if depth < futilityDepth && eval < engine.WinThreshold {
		margin := futilityMargin * int32(depth) / onePly
		if s.improving(ply) {
			margin -= futilityMargin
		}
		if eval-max(margin, 0) >= beta {
			return eval, true
		}
	}
	return 0, false
}
