package gomoku

import (
	"math"

	"movesvc/engine"
)

// pvs searches the position to depth plies at ply from the root and returns
// its fail-soft value: <= alpha is an upper bound, >= beta a lower bound,
// otherwise exact. When the deadline or the node limit stops the search the
// value is meaningless and s.clock.Stopped() is set. The steps, in order:
//
//   - a value without search (settled): the game decided, a five to make,
//     a win read off the cell classes, the horizon;
//   - mate-distance pruning: no result beats a win at the next ply;
//   - the transposition table's cutoff, and its move to search first;
//   - a win by continuous fours, at inner nodes (interiorVCF);
//   - null-move pruning (nullMove);
//   - the moves (generate, searchMoves): only the block against a four,
//     which uses no depth; the defences against an open three, which use
//     none either when they are few (replyDepth); otherwise the
//     candidates, pruned by move count;
//   - the result stored in the table.
func (s *searcher) pvs(depth, ply int, alpha, beta int32) int32 {
	if s.clock.Tick() {
		return 0
	}
	s.pvLen[ply] = ply
	if v, ok := s.settled(depth, ply); ok {
		return v
	}
	alpha = max(alpha, -(engine.WinScore - int32(ply)))
	beta = min(beta, engine.WinScore-int32(ply)-1)
	if alpha >= beta {
		return alpha
	}
	key := s.b.hash
	ttMove, score, cut := s.tt.Cutoff(key, depth, ply, alpha, beta)
	if cut {
		return score
	}
	if v, done := s.interiorVCF(depth, ply, key); done {
		return v
	}
	if v, cut := s.nullMove(depth, ply, alpha, beta); cut || s.clock.Stopped() {
		return v
	}
	start := s.sp
	n, quiet := s.generate(ply, int(ttMove))
	if n == 0 {
		s.sp = start
		return s.noMove(ply)
	}
	best, bestMove := s.searchMoves(depth, ply, alpha, beta, n, quiet, int(ttMove))
	s.sp = start
	if s.clock.Stopped() {
		return 0
	}
	s.tt.StoreNode(key, best, engine.Move(bestMove), depth, ply, alpha, beta)
	return best
}

// settled returns the value of the node ply plies from the root with depth
// plies left, and true, when it needs no search: the opponent's last move
// made five (a loss) or filled the board (a draw); the side to move makes
// five next move; unless plain, it wins by a sequence the cell classes
// prove (quickWin); the ply limit; or the horizon (depth <= 0), where the
// static evaluation stands unless a four is to be answered or, unless
// plain, an open three within quiescence plies past it. It returns false
// when the node must be searched.
func (s *searcher) settled(depth, ply int) (int32, bool) {
	b := s.b
	if b.five {
		return -(engine.WinScore - int32(ply)), true
	}
	if b.full() {
		return 0, true
	}
	me, opp := b.toMove(), 1-b.toMove()
	if b.count[me][patFive] > 0 {
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
	answer := !s.plain && (b.count[opp][patFive] > 0 || depth > -quiescence && b.threatens(opp))
	if depth <= 0 && !answer {
		return evaluate(b, s.weights), true
	}
	return 0, false
}

// noMove returns the value of a node ply plies from the root where generate
// found no move: the opponent's four is to be blocked on a cell black may
// not play under renju (a loss in two plies); nothing stops the opponent's
// open three (it wins by an open four in four plies); or, under renju,
// every cell near the stones is forbidden to black, who may still play
// elsewhere, and the static evaluation stands.
func (s *searcher) noMove(ply int) int32 {
	b := s.b
	opp := 1 - b.toMove()
	switch {
	case b.count[opp][patFive] > 0:
		return -(engine.WinScore - int32(ply+2))
	case b.threatens(opp):
		return -(engine.WinScore - int32(ply+4))
	}
	return evaluate(b, s.weights)
}

// interiorVCF looks for the side to move's win by continuous fours (vcfWin)
// at the node key, ply plies from the root with depth plies left, when the
// threat search is on, the opponent has no four to answer and depth is at
// least interiorVCFDepth. It returns the proved win, stored in the table
// as a lower bound, and true; 0 and true when the deadline or the node
// limit stopped the search (s.clock.Stopped()); false when the node must be
// searched.
func (s *searcher) interiorVCF(depth, ply int, key uint64) (int32, bool) {
	if !s.useThreats || s.b.count[1-s.b.toMove()][patFive] > 0 || depth < interiorVCFDepth {
		return 0, false
	}
	v, won := s.vcfWin(ply, interiorVCFBudget)
	switch {
	case s.clock.Stopped():
		return 0, true
	case won:
		s.tt.Store(key, engine.ScoreToTable(v, ply), engine.NoMove, depth, engine.BoundLower)
		return v, true
	}
	return 0, false
}

// searchMoves searches the n moves on top of the move stack (generate's,
// quiet when they are every candidate) of the node ply plies from the root
// with depth plies left, in the window (alpha, beta), best first (pick),
// and returns the best value and move. A forced reply, the only move,
// uses no depth, and so do a few defences against an open three
// (replyDepth). At a quiet node, unless the side to move has
// pruneFourCells or more four-making cells, only the first width(depth)
// moves are searched and then only threats, unless every move so far
// loses (move-count pruning); unless it has reductionFourCells or more,
// late moves that make no threat are reduced (reducible, lateReduction).
// A move that fails high is remembered (cutoff).
// When s.clock.Stopped() the result is meaningless.
func (s *searcher) searchMoves(depth, ply int, alpha, beta int32, n int, quiet bool, ttMove int) (int32, int) {
	me := s.b.toMove()
	fours := s.b.count[me][patFour]
	next := s.replyDepth(depth, n, quiet)
	width := n
	if quiet && s.prune && fours < pruneFourCells {
		width = min(n, s.width(depth))
	}
	reduceLate := quiet && s.reduce && depth >= reductionDepth && fours < reductionFourCells
	best, bestMove := -engine.WinScore-1, -1
	start := s.sp - n
	for j, end := start, s.sp; j < end; j++ {
		if j-start == width && best > -engine.WinThreshold {
			if end = s.keepThreats(me, j, end); j == end {
				break
			}
		}
		m := s.pick(j, end)
		reduction := 0
		if reduceLate && j-start >= reductionFrom && s.reducible(m, ply, ttMove) {
			reduction = lateReduction(depth, j-start)
		}
		v := s.tryMove(m, next, ply, alpha, beta, j == start, reduction)
		if s.clock.Stopped() {
			return 0, -1
		}
		if v <= best {
			continue
		}
		best, bestMove = v, m
		if v > alpha {
			alpha = v
			s.updatePV(ply, m)
		}
		if v >= beta {
			s.cutoff(ply, m, depth)
			break
		}
	}
	return best, bestMove
}

// replyDepth returns the depth the n moves of a node with depth plies left
// are searched to (quiet when they are every candidate): depth itself for
// a forced reply, the only move, and, from threeReplyDepth plies left, for
// the defences against an open three when there are at most
// threeReplyMoves of them, so that an attack by threes the defender can
// meet in few ways costs the attacker's plies alone, as an attack by fours
// does; depth-1 otherwise. Each attacking move still costs a ply, so the
// search ends; the bound on the defences keeps the positions where the
// defender has many replies (its own fours among them) from multiplying
// the tree.
func (s *searcher) replyDepth(depth, n int, quiet bool) int {
	if n == 1 || !quiet && s.threeReply && depth >= threeReplyDepth && n <= threeReplyMoves {
		return depth
	}
	return depth - 1
}

// tryMove plays m at the node ply plies from the root, searches the
// position after it next plies deep and returns its value for the side to
// move (principal variation search): the first move with the window
// (alpha, beta); a later one with a null window, reduction plies shallower
// first, then again at full depth if it beats alpha, and with the whole
// window if it still lands inside it. When s.clock.Stopped() the value is
// meaningless.
func (s *searcher) tryMove(m, next, ply int, alpha, beta int32, first bool, reduction int) int32 {
	b := s.b
	b.play(m)
	var v int32
	if first {
		v = -s.pvs(next, ply+1, -beta, -alpha)
	} else {
		v = -s.pvs(next-reduction, ply+1, -alpha-1, -alpha)
		if reduction > 0 && v > alpha && !s.clock.Stopped() {
			v = -s.pvs(next, ply+1, -alpha-1, -alpha)
		}
		if v > alpha && v < beta && !s.clock.Stopped() {
			v = -s.pvs(next, ply+1, -beta, -alpha)
		}
	}
	b.undo(m)
	return v
}

// cutoff remembers m, which failed high at ply with depth plies left, as
// the ply's first killer move and in the side to move's history.
func (s *searcher) cutoff(ply, m, depth int) {
	if k := &s.killers[ply]; k[0] != m {
		k[1], k[0] = k[0], m
	}
	s.history[s.b.toMove()][m] += int32(depth*depth + 1)
}

// reducible reports whether m, a late move of a quiet node ply plies from
// the root whose table move is ttMove, may be searched shallower
// (https://www.chessprogramming.org/Late_Move_Reductions): it is neither
// ttMove nor a killer, makes neither a four nor an open three for the side
// to move, and is no cell where the opponent would make one. Threats and
// the cells that stop them keep their depth, which keeps long attacks
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

// lateReduction returns how many plies shallower a reducible move, the
// index-th in order (from 0) of a node with depth plies left, is searched
// first: ln(depth)*ln(index)/reductionDivisor, at least one, and leaving at
// least one ply above the horizon from depth 3 up.
func lateReduction(depth, index int) int {
	return int(lateReductions[min(depth, maxReductionIndex)][min(index, maxReductionIndex)])
}

// maxReductionIndex bounds both indices of lateReductions: deeper nodes
// and later moves are reduced as at this one.
const maxReductionIndex = 63

// lateReductions[depth][index] is lateReduction's value, computed once.
var lateReductions = func() (t [maxReductionIndex + 1][maxReductionIndex + 1]int8) {
	for d := 1; d <= maxReductionIndex; d++ {
		for i := 1; i <= maxReductionIndex; i++ {
			r := int(math.Log(float64(d)) * math.Log(float64(i)) / reductionDivisor)
			t[d][i] = int8(max(1, min(r, d-2)))
		}
	}
	return t
}()

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
// (s.clock.Stopped()).
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
	return v, !s.clock.Stopped() && v >= beta && v < engine.WinThreshold
}

// width returns how many candidates a quiet node at depth searches before
// only the threats (move-count pruning,
// https://www.chessprogramming.org/Futility_Pruning#MoveCountBasedPruning):
// pruneBase+prunePerPly*depth, or Variant.pruneWidth when a test sets it.
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
