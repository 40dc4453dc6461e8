package gomoku

import (
	"math"

	"movesvc/engine"
)

// The move loop of the main search: each move's depth from its rank in the
// move order, the pruning of the moves ranked past a count, and the
// principal-variation search of one move.

// searchMoves searches the n moves on top of the move stack (generate's,
// quiet when they are every candidate) of the node ply plies from the root
// (not the root: searchRoot) with depth left, in the window (alpha, beta),
// best first (pick), and returns the best value and move. Every move is
// searched a ply shallower than the node, a forced reply (the only move)
// forcedExtension deeper than that; from the second move on, a move is
// searched first another reduction(...) shallower, and again at the full
// depth if it beats alpha. Once a move that does not lose is found, the
// moves pruned are skipped (pruned). At a principal-variation node, once a
// move raises alpha, the rest are searched a ply shallower. A move that
// fails high is remembered (cutoff). When s.clock.Stopped() the result is
// meaningless.
func (s *searcher) searchMoves(depth, ply int, alpha, beta int32, n int, quiet bool) (int32, int) {
	pv := beta-alpha > 1
	improving := s.improving(ply)
	best, bestMove := -engine.WinScore-1, -1
	start := s.sp - n
	for j, end := start, s.sp; j < end; j++ {
		m := s.pick(j, end)
		count := j - start + 1
		if best > -engine.WinThreshold && s.pruned(m, depth, count, improving) {
			continue
		}
		next := depth - onePly
		if n == 1 {
			next += forcedExtension
		}
		v := s.tryMove(m, next, ply, alpha, beta, count == 1, s.reduction(m, depth, count, pv, improving, quiet))
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
			if v >= beta {
				s.cutoff(ply, m, depth)
				break
			}
			if pv && depth > 3*onePly && depth < 12*onePly && !engine.IsWinScore(v) {
				depth -= onePly
			}
		}
	}
	return best, bestMove
}

// pruned reports whether the move m, the count-th in order at a node with
// depth left (improving: the side to move's static value rose over two
// plies), is pruned when pruning is on: it comes past moveCount(depth,
// improving), or it makes nothing (no open two or better) for either side
// within trivialDepth of the horizon. Nothing is pruned where the side to
// move has pruneFourCells or more four-making cells: a quiet move there may
// set up continuous fours (puzzles 502 and 361). The caller prunes only once
// a move that does not lose was found, so that a proved loss still weighs
// every move.
func (s *searcher) pruned(m, depth, count int, improving bool) bool {
	b := s.b
	if !s.prune || b.count[b.toMove()][patFour] >= pruneFourCells {
		return false
	}
	limit := moveCount(depth, improving)
	if s.pruneWidth > 0 {
		limit = s.pruneWidth
	}
	if count > limit {
		return true
	}
	return depth < trivialDepth && combos[b.combo[0][m]].class == clsNone && combos[b.combo[1][m]].class == clsNone
}

// moveCount returns how many moves a node with depth left searches before
// the rest are pruned: moveCountBase + (plies left)^moveCountPower, half
// as many when the side to move is not improving.
func moveCount(depth int, improving bool) int {
	c := moveCounts[min(depth/onePly, maxReductionIndex)]
	if !improving {
		c /= 2
	}
	return c
}

// moveCounts[d] is moveCount's base for d plies left, computed once.
var moveCounts = func() (t [maxReductionIndex + 1]int) {
	for d := range t {
		t[d] = moveCountBase + int(math.Pow(float64(d), moveCountPower))
	}
	return t
}()

// reduction returns how much shallower than a ply below its node (with
// depth left) the count-th move m is searched first, in onePly units, when
// reductions are on, the node has two plies left or more and m is not the
// first move: ln(plies left)*ln(count)*reductionScale (lateReductions), less
// at a principal-variation node, more where the side to move is not
// improving, less for a move that makes an open three or a four, or takes a
// cell where the opponent would (a threat or a defence), and less at a node
// that answers a threat (not quiet). Nothing where the side to move has
// reductionFourCells or more four-making cells (a long attack, as in puzzle
// 473). At least 0; the move keeps at least a ply (tryMove).
func (s *searcher) reduction(m, depth, count int, pv, improving, quiet bool) int {
	b := s.b
	me := b.toMove()
	if !s.reduce || depth < 2*onePly || count < 2 || b.count[me][patFour] >= reductionFourCells {
		return 0
	}
	r := lateReductions[min(depth/onePly, maxReductionIndex)][min(count, maxReductionIndex)]
	if pv {
		r -= pvReductionLess
	}
	if !improving {
		r += notImprovingReduction
	}
	if mine, _ := b.threat(me, m); mine >= patOpen3 {
		r -= threatReductionLess
	} else if theirs, _ := b.threat(1-me, m); theirs >= patOpen3 {
		r -= threatReductionLess
	}
	if !quiet {
		r -= answerReductionLess
	}
	return max(r, 0)
}

// maxReductionIndex bounds both indices of lateReductions and moveCounts:
// deeper nodes and later moves are treated as at this one.
const maxReductionIndex = 63

// lateReductions[plies][count] is ln(plies)*ln(count)*reductionScale in
// onePly units, computed once.
var lateReductions = func() (t [maxReductionIndex + 1][maxReductionIndex + 1]int) {
	for d := 1; d <= maxReductionIndex; d++ {
		for i := 1; i <= maxReductionIndex; i++ {
			t[d][i] = int(math.Log(float64(d)) * math.Log(float64(i)) * reductionScale * onePly)
		}
	}
	return t
}()

// tryMove plays m at the node ply plies from the root, searches the
// position after it to next (onePly units) and returns its value for the
// side to move (principal variation search): the first move with the
// window (alpha, beta); a later one with a null window, reduction
// shallower first (but a ply deep at least, and no deeper than next), then
// at next if it beats alpha, and with the whole window if it still lands
// inside it. When s.clock.Stopped() the value is meaningless.
func (s *searcher) tryMove(m, next, ply int, alpha, beta int32, first bool, reduction int) int32 {
	b := s.b
	b.play(m)
	var v int32
	if first {
		v = -s.pvs(next, ply+1, -beta, -alpha)
	} else {
		reduced := next
		if reduction > 0 {
			reduced = min(max(next-reduction, onePly), next)
		}
		v = -s.pvs(reduced, ply+1, -alpha-1, -alpha)
		if reduced < next && v > alpha && !s.clock.Stopped() {
			v = -s.pvs(next, ply+1, -alpha-1, -alpha)
		}
		if v > alpha && v < beta && !s.clock.Stopped() {
			v = -s.pvs(next, ply+1, -beta, -alpha)
		}
	}
	b.undo(m)
	return v
}

// cutoff remembers m, which failed high at ply with depth left, as the
// ply's first killer move and in the side to move's history.
func (s *searcher) cutoff(ply, m, depth int) {
	if k := &s.killers[ply]; k[0] != m {
		k[1], k[0] = k[0], m
	}
	d := int32(depth / onePly)
	s.history[s.b.toMove()][m] += d*d + 1
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

// updatePV makes m followed by the child's variation the variation at ply.
func (s *searcher) updatePV(ply, m int) {
	var child []int16
	if c := ply + 1; c < maxPly {
		child = s.pv[c][c:s.pvLen[c]]
	}
	s.pvLen[ply] = engine.ExtendPV(s.pv[ply][:], ply, int16(m), child)
}
