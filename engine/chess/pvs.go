package chess

import "math"

// pvs searches the node ply plies from the root with depth plies left in
// the window (alpha, beta) and returns its fail-soft value: <= alpha is an
// upper bound, >= beta a lower bound, otherwise exact. When the search is
// stopped the value is meaningless and s.stopped is set. The steps:
//
//   - the horizon: quiescence search (qsearch);
//   - a value without search (settled): draws by rule or repetition,
//     mate-distance pruning, the ply limit;
//   - the transposition table's cutoff off the principal variation;
//   - pruning by the static evaluation (prune): reverse futility,
//     razoring, null move;
//   - internal iterative reduction without a table move;
//   - singular extension of the table move (singular);
//   - the moves (searchMoves), and the result stored in the table.
func (s *searcher) pvs(depth, ply int, alpha, beta int32, cutNode bool) int32 {
	if depth <= 0 {
		return s.qsearch(ply, 0, alpha, beta)
	}
	s.poll()
	if s.stopped {
		return 0
	}
	s.pvLen[ply] = ply
	pvNode := beta-alpha > 1
	if ply > 0 {
		if v, ok := s.settled(ply, &alpha, &beta); ok {
			return v
		}
	}
	f := &s.stack[ply]
	key := s.pos.hash
	hit, found := s.tt.probe(key)
	if f.excluded != NoMove {
		found = false
	}
	ttMove := NoMove
	if found {
		ttMove = hit.move
		hit.score = scoreFromTable(hit.score, ply)
		if !pvNode && hit.depth >= depth && cutoffBound(hit, alpha, beta) {
			return hit.score
		}
	}
	ci := s.pos.checkInfo()
	inCheck := ci.checkers != 0
	f.staticEval = s.staticEval(inCheck, found, hit)
	improving := !inCheck && ply >= 2 && f.staticEval > s.stack[ply-2].staticEval
	if !pvNode && !inCheck && f.excluded == NoMove {
		if v, ok := s.prune(depth, ply, alpha, beta, f.staticEval, cutNode, improving); ok {
			return v
		}
	}
	if depth >= iirDepth && ttMove == NoMove {
		depth--
	}
	ext := 0
	if found && ply > 0 && f.excluded == NoMove {
		var cut bool
		var v int32
		if ext, v, cut = s.singular(depth, ply, beta, hit, cutNode); cut {
			return v
		}
	}
	best, bestMove := s.searchMoves(depth, ply, alpha, beta, ttMove, ext, ci, improving, cutNode)
	if s.stopped {
		return 0
	}
	if bestMove == NoMove && best == -infinite {
		if f.excluded != NoMove {
			return alpha
		}
		if inCheck {
			return -mateScore + int32(ply)
		}
		return 0
	}
	if f.excluded == NoMove {
		bound := uint8(boundUpper)
		switch {
		case best >= beta:
			bound = boundLower
		case pvNode && bestMove != NoMove && best > alpha:
			bound = boundExact
		}
		s.tt.store(key, bestMove, scoreToTable(best, ply), f.staticEval, depth, bound)
	}
	return best
}

// singular tries a singular extension
// (https://www.chessprogramming.org/Singular_Extensions) of the table move
// at a node ply plies from the root with depth plies left, whose table
// entry hit is a lower bound or exact, deep enough and not a mate: it
// searches the other moves to half the depth against a bound a little
// below the table score. If they all fail low, the table move is the only
// good one and is searched a ply deeper (ext 1); if even that bound beats
// beta, several moves do, and the node fails high without more search
// (multi-cut: cut true, value v).
func (s *searcher) singular(depth, ply int, beta int32, hit ttHit, cutNode bool) (ext int, v int32, cut bool) {
	if depth < seDepth || hit.move == NoMove || hit.bound&boundLower == 0 || hit.depth < depth-seDepthSlack ||
		hit.score >= mateBound || hit.score <= -mateBound {
		return 0, 0, false
	}
	sb := hit.score - seMargin*int32(depth)
	f := &s.stack[ply]
	f.excluded = hit.move
	v = s.pvs((depth-1)/2, ply, sb-1, sb, cutNode)
	f.excluded = NoMove
	s.pvLen[ply] = ply
	switch {
	case s.stopped:
		return 0, 0, false
	case v < sb:
		return 1, 0, false
	case sb >= beta:
		return 0, sb, true
	}
	return 0, 0, false
}

// cutoffBound reports whether a stored result decides the window
// (alpha, beta): a lower bound at or above beta, an upper bound at or
// below alpha, or an exact score.
func cutoffBound(h ttHit, alpha, beta int32) bool {
	switch h.bound {
	case boundExact:
		return true
	case boundLower:
		return h.score >= beta
	case boundUpper:
		return h.score <= alpha
	}
	return false
}

// settled returns the value of a node below the root that needs no
// search, and true: a draw by the fifty-move rule, repetition (a first one
// counts) or insufficient material; the evaluation at the ply limit. It
// narrows the window to the mate scores still possible (mate-distance
// pruning) and returns alpha when that leaves it empty.
func (s *searcher) settled(ply int, alpha, beta *int32) (int32, bool) {
	p := &s.pos
	if p.rule50 >= 100 || p.repeated() || p.InsufficientMaterial() {
		return 0, true
	}
	if ply >= maxPly-1 {
		if p.InCheck() {
			return 0, true
		}
		return s.evaluate(), true
	}
	*alpha = max(*alpha, -mateScore+int32(ply))
	*beta = min(*beta, mateScore-int32(ply)-1)
	if *alpha >= *beta {
		return *alpha, true
	}
	return 0, false
}

// repeated reports whether the position occurred before, with the same
// side to move, since the last capture or pawn move: the search scores a
// first repetition as a draw.
func (p *Position) repeated() bool {
	h := p.history
	for i := len(h) - 4; i >= 0 && i >= len(h)-p.rule50; i -= 2 {
		if h[i] == p.hash {
			return true
		}
	}
	return false
}

// staticEval returns the node's static evaluation: none in check, the
// table's when it has one, else the evaluator's.
func (s *searcher) staticEval(inCheck, found bool, hit ttHit) int32 {
	switch {
	case inCheck:
		return -infinite
	case found && hit.eval != -infinite && hit.eval > -maxEval && hit.eval < maxEval:
		return hit.eval
	}
	return s.evaluate()
}

// evaluate returns the static evaluation of the searcher's position,
// within ±maxEval.
func (s *searcher) evaluate() int32 {
	s.eval = evaluator{cache: &s.pawnCache}
	v := s.eval.evaluate(&s.pos, &packedWeights, nil)
	return max(-maxEval+1, min(maxEval-1, v))
}

// prune tries the pruning that needs no move search at a node off the
// principal variation, not in check, whose static evaluation is eval:
// reverse futility pruning (the evaluation beats beta by a margin per ply
// left, a ply fewer when the evaluation is improving), razoring (far below
// alpha, quiescence decides) and null-move pruning. It returns the node's
// value and true when one applies.
func (s *searcher) prune(depth, ply int, alpha, beta, eval int32, cutNode, improving bool) (int32, bool) {
	if depth <= rfpDepth && eval-rfpMargin*int32(depth-boolInt(improving)) >= beta && eval < mateBound {
		return eval, true
	}
	if depth <= razorDepth && eval+razorMargin*int32(depth) <= alpha {
		if v := s.qsearch(ply, 0, alpha, alpha+1); v <= alpha {
			return v, true
		}
	}
	return s.nullMove(depth, ply, beta, eval)
}

// nullMove tries null-move pruning
// (https://www.chessprogramming.org/Null_Move_Pruning): when the static
// evaluation is at least beta, the side to move has a piece besides pawns
// (against zugzwang) and the move before was no pass, it passes and a
// search nullBaseR plies shallower and more (by depth and by how far the
// evaluation beats beta) says whether the node fails high even so. A
// mate found that way is not trusted as such: it returns beta.
func (s *searcher) nullMove(depth, ply int, beta, eval int32) (int32, bool) {
	p := &s.pos
	us := p.side
	if depth < nullMinDepth || eval < beta || ply == 0 || s.stack[ply-1].move == NoMove ||
		p.byCol[us]&^(p.byType[Pawn]|p.byType[King]) == 0 {
		return 0, false
	}
	r := nullBaseR + depth/nullDepthDivisor + min(int((eval-beta)/nullEvalDivisor), nullEvalMax)
	f := &s.stack[ply]
	f.move, f.piece, f.cont = NoMove, NoPiece, &s.noCont
	p.MakeNull(&f.undo)
	v := -s.pvs(depth-1-r, ply+1, -beta, -beta+1, false)
	p.UnmakeNull(&f.undo)
	if s.stopped || v < beta {
		return 0, false
	}
	if v >= mateBound {
		v = beta
	}
	return v, true
}

// searchMoves searches the moves of the node (movePicker order) and returns
// the best value and move; -infinite and NoMove when there was no legal
// move. Late quiet moves are pruned at low depth (late-move pruning,
// futility pruning, SEE pruning) once a move is searched that does not
// lose; late moves are searched shallower first (late-move reductions,
// tryMove). A move that fails high is remembered (cutoff).
func (s *searcher) searchMoves(depth, ply int, alpha, beta int32, ttMove Move, ttExt int, ci checkInfo, improving, cutNode bool) (int32, Move) {
	p := &s.pos
	f := &s.stack[ply]
	mp := &f.picker
	mp.init(s, ply, ttMove, false, false, ci)
	pvNode := beta-alpha > 1
	inCheck := ci.checkers != 0
	best, bestMove := int32(-infinite), NoMove
	var quietsTried [64]Move
	nQuiets, count := 0, 0
	for m := mp.next(s); m != NoMove; m = mp.next(s) {
		if m == f.excluded {
			continue
		}
		count++
		quiet := !p.isNoisy(m)
		if best > -mateBound && s.prunable(depth, m, quiet, count, f.staticEval, alpha, improving, inCheck, mp) {
			continue
		}
		s.tt.prefetch(p.keyAfter(m))
		if quiet && nQuiets < len(quietsTried) {
			quietsTried[nQuiets] = m
			nQuiets++
		}
		r := 0
		if depth >= lmrMinDepth && count > 1+boolInt(pvNode) && (quiet || mp.stage == stageBadNoisy) {
			r = s.reduction(depth, ply, count, m, quiet, pvNode, improving, cutNode)
			r = max(0, min(r+mp.reductionAdjust(m, quiet), depth-2))
		}
		ext := 0
		if m == ttMove {
			ext = ttExt
		}
		v := s.tryMove(m, depth+ext, ply, alpha, beta, count == 1, r, cutNode)
		if s.stopped {
			return 0, NoMove
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
			if quiet {
				s.cutoff(ply, depth, m, quietsTried[:nQuiets])
			}
			break
		}
	}
	return best, bestMove
}

// boolInt returns 1 for true and 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// prunable reports whether the move m, the count-th of a node with depth
// plies left and static evaluation eval, may be skipped: at low depth, a
// quiet move past the late-move count, or one whose evaluation plus a
// margin cannot reach alpha (futility pruning), or a move that loses too
// much by SEE. Never a move that gives check, and nothing in check.
func (s *searcher) prunable(depth int, m Move, quiet bool, count int, eval, alpha int32, improving, inCheck bool, mp *movePicker) bool {
	p := &s.pos
	if inCheck {
		return false
	}
	if quiet && (depth <= lmpDepth && count > lmpLimit(depth, improving) ||
		depth <= futilityDepth && eval+futilityBase+futilityPerPly*int32(depth) <= alpha) {
		return !mp.givesCheck(p, m)
	}
	if depth > seePruneDepth {
		return false
	}
	margin := -seeNoisyMargin * int32(depth)
	if quiet {
		margin = -seeQuietMargin * int32(depth*depth)
	}
	return !p.seeGE(m, margin) && !mp.givesCheck(p, m)
}

// lmpLimit returns how many moves a node with depth plies left searches
// before late-move pruning skips its quiet moves.
func lmpLimit(depth int, improving bool) int {
	n := lmpBase + depth*depth
	if !improving {
		n /= 2
	}
	return n
}

// reduction returns how many plies shallower the count-th move m of a node
// with depth plies left is searched first (late-move reductions,
// https://www.chessprogramming.org/Late_Move_Reductions): the table's
// ln(depth)*ln(count)/lmrDivisor, one more at a cut node or when not
// improving, one less on the principal variation, less for a quiet move
// with a good history; never below 0 nor to the horizon.
func (s *searcher) reduction(depth, ply, count int, m Move, quiet, pvNode, improving, cutNode bool) int {
	r := int(lmrTable[min(depth, 63)][min(count, 63)])
	if !improving {
		r++
	}
	if cutNode {
		r++
	}
	if pvNode {
		r--
	}
	if quiet {
		r -= int(s.quietScore(ply, m, s.pos.board[m.From()&63])) / lmrHistoryDivisor
	}
	return max(0, min(r, depth-2))
}

// lmrTable[depth][count] is ln(depth)*ln(count)/lmrDivisor.
var lmrTable = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for c := 1; c < 64; c++ {
			t[d][c] = int8(math.Log(float64(d)) * math.Log(float64(c)) / lmrDivisor)
		}
	}
	return t
}()

// tryMove plays m at the node ply plies from the root with depth plies
// left and returns its value for the side to move (principal variation
// search): the first move with the whole window; a later one with a null
// window, reduction plies shallower first, then at full depth if it beats
// alpha, and with the whole window if it still lands inside it. A move
// that gives check is searched a ply deeper (check extension).
func (s *searcher) tryMove(m Move, depth, ply int, alpha, beta int32, first bool, reduction int, cutNode bool) int32 {
	p := &s.pos
	f := &s.stack[ply]
	f.move, f.piece = m, p.board[m.From()&63]
	f.cont = &s.hist.cont[f.piece&15][m.To()&63]
	p.Make(m, &f.undo)
	next := depth - 1
	if p.InCheck() {
		next++
		reduction = 0
	}
	var v int32
	if first {
		v = -s.pvs(next, ply+1, -beta, -alpha, !(beta-alpha > 1) && !cutNode)
	} else {
		v = -s.pvs(next-reduction, ply+1, -alpha-1, -alpha, true)
		if reduction > 0 && v > alpha && !s.stopped {
			v = -s.pvs(next, ply+1, -alpha-1, -alpha, !cutNode)
		}
		if v > alpha && v < beta && !s.stopped {
			v = -s.pvs(next, ply+1, -beta, -alpha, false)
		}
	}
	p.Unmake(m, &f.undo)
	return v
}

// cutoff remembers the quiet move m, which failed high at ply with depth
// plies left: a killer, the counter move of the move before, a bonus in
// its histories (butterfly and continuation), and a malus for the quiet
// moves tried before it.
func (s *searcher) cutoff(ply, depth int, m Move, tried []Move) {
	if k := &s.killers[ply]; k[0] != m {
		k[1], k[0] = k[0], m
	}
	if ply > 0 {
		if prev := s.stack[ply-1]; prev.move != NoMove {
			s.hist.counters[prev.piece&15][prev.move.To()] = m
		}
	}
	bonus := int32(min(depth*(depth+historyBonusOffset), historyBonusMax))
	for _, q := range tried {
		if q != m {
			s.updateQuiet(ply, q, -bonus)
		}
	}
	s.updateQuiet(ply, m, bonus)
}

// updateQuiet adds bonus to the histories of the quiet move m at ply.
func (s *searcher) updateQuiet(ply int, m Move, bonus int32) {
	pc, to := s.pos.board[m.From()&63]&15, m.To()&63
	updateHistory(&s.hist.butterfly[s.pos.side][m.From()&63][to], bonus)
	updateHistory(&s.contAt(ply - 1)[pc][to], bonus)
	updateHistory(&s.contAt(ply - 2)[pc][to], bonus)
}

// updateHistory adds bonus to a history score, saturating towards
// ±historyMax (the "gravity" form: v += bonus - v*|bonus|/historyMax).
func updateHistory(v *int16, bonus int32) {
	x := int32(*v)
	x += bonus*32 - x*abs32(bonus)*32/historyMax
	*v = int16(max(-historyMax, min(historyMax, x)))
}

// abs32 returns |x|.
func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
