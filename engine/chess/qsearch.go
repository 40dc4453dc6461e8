package chess

// qsearch is the quiescence search
// (https://www.chessprogramming.org/Quiescence_Search) of the node ply
// plies from the root: the static evaluation stands (stand pat) unless a
// capture or promotion that does not lose material by SEE does better;
// captures that cannot reach alpha even with a margin are skipped (delta
// pruning). At its first ply (qdepth 0) the quiet moves that give check
// are searched too, so that a mate threat at the horizon shows. In check
// every evasion is searched, and no move is a mate. The value is
// fail-soft, as pvs's.
func (s *searcher) qsearch(ply, qdepth int, alpha, beta int32) int32 {
	s.poll()
	if s.stopped {
		return 0
	}
	p := &s.pos
	s.pvLen[ply] = ply
	if ply > s.selDepth {
		s.selDepth = ply
	}
	if p.rule50 >= 100 || p.InsufficientMaterial() {
		return 0
	}
	ci := p.checkInfo()
	inCheck := ci.checkers != 0
	if ply >= maxPly-1 {
		if inCheck {
			return 0
		}
		return s.evaluate()
	}
	key := p.hash
	hit, found := s.tt.probe(key)
	ttMove := NoMove
	if found {
		hit.score = scoreFromTable(hit.score, ply)
		if hit.depth >= -qdepthOf(qdepth) && cutoffBound(hit, alpha, beta) {
			return hit.score
		}
		ttMove = hit.move
	}
	best := int32(-infinite)
	eval := int32(-infinite)
	if !inCheck {
		eval = s.staticEval(false, found, hit)
		if eval >= beta {
			return eval
		}
		alpha = max(alpha, eval)
		best = eval
	}
	f := &s.stack[ply]
	mp := &f.picker
	mp.init(s, ply, ttMove, true, qdepth == 0, ci)
	bestMove := NoMove
	origAlpha := alpha
	for m := mp.next(s); m != NoMove; m = mp.next(s) {
		if !inCheck && m.Promotion() == NoPieceType && p.isNoisy(m) && eval+seeValue[p.board[m.To()&63].Type()]+qsDeltaMargin <= alpha {
			continue
		}
		s.tt.prefetch(p.keyAfter(m))
		f.move, f.piece = m, p.board[m.From()&63]
		p.Make(m, &f.undo)
		v := -s.qsearch(ply+1, qdepth+1, -beta, -alpha)
		p.Unmake(m, &f.undo)
		if s.stopped {
			return 0
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
			break
		}
	}
	if inCheck && best == -infinite {
		return -mateScore + int32(ply)
	}
	bound := uint8(boundUpper)
	switch {
	case best >= beta:
		bound = boundLower
	case best > origAlpha:
		bound = boundExact
	}
	s.tt.store(key, bestMove, scoreToTable(best, ply), eval, -qdepthOf(qdepth), bound)
	return best
}

// qdepthOf returns the table depth of a quiescence node: 0 at its first
// ply, which also searches checks, 1 (stored as -1) below it; an entry
// from below does not decide a first-ply node.
func qdepthOf(qdepth int) int { return min(qdepth, 1) }
