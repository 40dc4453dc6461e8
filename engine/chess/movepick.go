package chess

// pickStage is where a movePicker is in its order.
type pickStage uint8

// The stages of move picking, in order.
const (
	stageTT pickStage = iota
	stageNoisyGen
	stageGoodNoisy
	stageQuietGen
	stageQuiet
	stageBadNoisy
	stageDone
)

// movePicker hands out a node's legal moves in stages
// (https://www.chessprogramming.org/Move_Ordering): the table move; the
// captures and promotions that do not lose material by SEE, most valuable
// victim first (MVV-LVA); the quiet moves, killers and the counter move
// first, then by history; the losing captures and under-promotions. Each
// list is generated only when reached, so a cutoff by an early move saves
// the rest. In quiescence (noisyOnly) it hands out the good noisy moves
// alone, and the quiet moves that give check when checks is set; in check,
// every evasion.
type movePicker struct {
	stage      pickStage
	ttMove     Move
	killers    [2]Move
	counter    Move
	noisyOnly  bool
	checks     bool
	ply        int
	ci         checkInfo
	cs         checkSquares
	csReady    bool
	list       MoveList
	scores     [MaxMoves]int32
	cur        int
	bad        [MaxMoves]Move
	nBad, iBad int
}

// init starts the picker for the position at a node.
func (mp *movePicker) init(s *searcher, ply int, ttMove Move, noisyOnly, checks bool, ci checkInfo) {
	mp.stage = stageTT
	mp.ttMove = NoMove
	mp.noisyOnly = noisyOnly && ci.checkers == 0
	mp.checks = checks
	mp.ply = ply
	mp.csReady = false
	mp.ci = ci
	mp.nBad, mp.iBad = 0, 0
	mp.killers = s.killers[ply]
	mp.counter = NoMove
	if ply > 0 {
		if prev := s.stack[ply-1].move; prev != NoMove {
			mp.counter = s.hist.counters[s.stack[ply-1].piece&15][prev.To()]
		}
	}
	if ttMove != NoMove && s.pos.isLegal(ttMove, &ci) && (!mp.noisyOnly || s.pos.isNoisy(ttMove)) {
		mp.ttMove = ttMove
	}
}

// next returns the next move, or NoMove when there are no more.
func (mp *movePicker) next(s *searcher) Move {
	p := &s.pos
	for {
		switch mp.stage {
		case stageTT:
			mp.stage = stageNoisyGen
			if mp.ttMove != NoMove {
				return mp.ttMove
			}
		case stageNoisyGen:
			mp.list.N, mp.cur = 0, 0
			p.generate(&mp.list, genNoisy, &mp.ci)
			mp.scoreNoisy(s)
			mp.stage = stageGoodNoisy
		case stageGoodNoisy:
			for mp.cur < mp.list.N {
				m := mp.pick()
				if m == mp.ttMove {
					continue
				}
				if !mp.goodNoisy(p, m) {
					mp.bad[uint8(mp.nBad)] = m
					mp.nBad++
					continue
				}
				return m
			}
			mp.stage = stageQuietGen
			if mp.noisyOnly && !mp.checks {
				mp.stage = stageDone
			}
		case stageQuietGen:
			mp.list.N, mp.cur = 0, 0
			p.generate(&mp.list, genQuiet, &mp.ci)
			if mp.noisyOnly {
				mp.keepChecks(p)
			}
			mp.scoreQuiet(s, mp.ply)
			mp.stage = stageQuiet
		case stageQuiet:
			for mp.cur < mp.list.N {
				m := mp.nextQuiet()
				if m != mp.ttMove {
					return m
				}
			}
			mp.stage = stageBadNoisy
			if mp.noisyOnly {
				mp.stage = stageDone
			}
		case stageBadNoisy:
			if mp.iBad < mp.nBad {
				m := mp.bad[uint8(mp.iBad)]
				mp.iBad++
				return m
			}
			mp.stage = stageDone
		default:
			return NoMove
		}
	}
}

// pick moves the best-scored remaining move of the list to the current
// place and returns it (selection sort, one step).
func (mp *movePicker) pick() Move {
	best := mp.cur
	for i := mp.cur + 1; i < mp.list.N; i++ {
		if mp.scores[i] > mp.scores[best] {
			best = i
		}
	}
	c := mp.cur
	mp.list.Moves[c], mp.list.Moves[best] = mp.list.Moves[best], mp.list.Moves[c]
	mp.scores[c], mp.scores[best] = mp.scores[best], mp.scores[c]
	mp.cur++
	return mp.list.Moves[c]
}

// keepChecks keeps, in their order, only the quiet moves of the list that
// give check: quiescence searches no others.
func (mp *movePicker) keepChecks(p *Position) {
	n := 0
	for _, m := range mp.list.Moves[:mp.list.N] {
		if mp.givesCheck(p, m) {
			mp.list.Moves[n] = m
			n++
		}
	}
	mp.list.N = n
}

// nextQuiet returns the quiet moves in the order of a stable sort by score,
// best first, one at a time: the first quietPicks by selection (a node
// that cuts off early sorts nothing), the rest by one insertion sort of
// what remains, which keeps that order.
func (mp *movePicker) nextQuiet() Move {
	c := mp.cur
	mp.cur++
	if c >= quietPicks {
		if c == quietPicks {
			mp.sortQuiet(c)
		}
		return mp.list.Moves[c]
	}
	best := c
	for i := c + 1; i < mp.list.N; i++ {
		if mp.scores[i] > mp.scores[best] {
			best = i
		}
	}
	m, sc := mp.list.Moves[best], mp.scores[best]
	copy(mp.list.Moves[c+1:best+1], mp.list.Moves[c:best])
	copy(mp.scores[c+1:best+1], mp.scores[c:best])
	mp.list.Moves[c], mp.scores[c] = m, sc
	return m
}

// sortQuiet sorts the quiet moves from the from-th on by score, best first,
// ties in their order (insertion sort: the lists are short, and most of a
// list is searched once a node gets this far into it).
func (mp *movePicker) sortQuiet(from int) {
	moves, scores := mp.list.Moves[from:mp.list.N], mp.scores[from:mp.list.N]
	for i := 1; i < len(moves); i++ {
		m, sc := moves[i], scores[i]
		j := i
		for ; j > 0 && scores[j-1] < sc; j-- {
			moves[j], scores[j] = moves[j-1], scores[j-1]
		}
		moves[j], scores[j] = m, sc
	}
}

// scoreNoisy scores the noisy moves: queen promotions first, then the
// victim's value less a fraction of the attacker's (MVV-LVA).
func (mp *movePicker) scoreNoisy(s *searcher) {
	p := &s.pos
	for i, m := range mp.list.Moves[:mp.list.N] {
		sc := seeValue[p.victim(m)]*16 - int32(p.board[m.From()&63].Type())
		if m.Promotion() == Queen {
			sc += scoreQueenPromotion
		}
		mp.scores[i] = sc
	}
}

// victim returns the type of the piece m captures (a pawn for en passant),
// or NoPieceType.
func (p *Position) victim(m Move) PieceType {
	if m.IsEnPassant() {
		return Pawn
	}
	if m.IsCastling() {
		return NoPieceType
	}
	return p.board[m.To()&63].Type()
}

// goodNoisy reports whether the noisy move m is searched among the good
// ones: not an under-promotion, and not losing material by SEE.
func (mp *movePicker) goodNoisy(p *Position, m Move) bool {
	if pr := m.Promotion(); pr != NoPieceType {
		return pr == Queen
	}
	return p.seeGE(m, 0)
}

// scoreQuiet scores the quiet moves of the node at ply by their
// histories (quietScore), the killers and the counter move ahead.
func (mp *movePicker) scoreQuiet(s *searcher, ply int) {
	t := s.pos.threats()
	for i, m := range mp.list.Moves[:mp.list.N] {
		pc := s.pos.board[m.From()&63]
		sc := s.quietScore(ply, m, pc) + t.score(pc.Type(), m)
		switch m {
		case mp.killers[0]:
			sc += killerBonus + 1
		case mp.killers[1]:
			sc += killerBonus
		case mp.counter:
			sc += counterBonus
		}
		mp.scores[i] = sc
	}
}

// isNoisy reports whether m captures or promotes.
func (p *Position) isNoisy(m Move) bool {
	return m.kind() == movePromotion || m.kind() == moveEnPassant ||
		m.kind() != moveCastling && p.board[m.To()&63] != NoPiece
}

// isLegal reports whether m, a move from some position, is legal here,
// by generating the moves of the piece on its from square.
func (p *Position) isLegal(m Move, ci *checkInfo) bool {
	from := m.From()
	if p.board[from&63] == NoPiece || p.board[from&63].Color() != p.side {
		return false
	}
	var l MoveList
	p.generateFrom(&l, genAll, ci, from.bb())
	for _, o := range l.Moves[:l.N] {
		if o == m {
			return true
		}
	}
	return false
}

// givesCheck reports whether m gives check, computing the node's check
// squares the first time it is asked.
func (mp *movePicker) givesCheck(p *Position, m Move) bool {
	if !mp.csReady {
		mp.cs, mp.csReady = p.checkSquares(), true
	}
	return p.givesCheckCS(m, &mp.cs)
}

// reductionAdjust returns the plies the late-move reduction of the move m
// changes by for what the picker knows of the node: a quiet killer or
// counter move is reduced lmrRefutation less.
func (mp *movePicker) reductionAdjust(m Move, quiet bool) int {
	if quiet && (m == mp.killers[0] || m == mp.killers[1] || m == mp.counter) {
		return -lmrRefutation
	}
	return 0
}

// threatMaps are the squares the opponent of the side to move attacks
// with pawns, with pawns or minor pieces, and with pawns, minors or rooks:
// a piece on one of them is attacked by a lesser piece.
type threatMaps struct {
	byPawn, byMinor, byRook Bitboard
}

// threats returns the threat maps of the side to move.
func (p *Position) threats() threatMaps {
	them := p.side.Other()
	occ := p.byType[0]
	w, e := pawnAttackSets(p.Pieces(them, Pawn), them)
	t := threatMaps{byPawn: w | e}
	t.byMinor = t.byPawn
	for b := p.Pieces(them, Knight); b != 0; {
		t.byMinor |= knightAttacks[b.Pop()]
	}
	for b := p.Pieces(them, Bishop); b != 0; {
		t.byMinor |= bishopAttacksOf(b.Pop(), occ)
	}
	t.byRook = t.byMinor
	for b := p.Pieces(them, Rook); b != 0; {
		t.byRook |= rookAttacksOf(b.Pop(), occ)
	}
	return t
}

// score returns the ordering bonus of the quiet move m of a piece of type
// pt for the threats t: a piece attacked by a lesser one that moves to a
// square no lesser piece attacks gains threatEscape by its value; one
// that moves onto such a square loses as much.
func (t *threatMaps) score(pt PieceType, m Move) int32 {
	var lesser Bitboard
	switch pt {
	case Queen:
		lesser = t.byRook
	case Rook:
		lesser = t.byMinor
	case Knight, Bishop:
		lesser = t.byPawn
	default:
		return 0
	}
	v := threatEscape[pt]
	switch {
	case lesser.Has(m.To()):
		return -v
	case lesser.Has(m.From()):
		return v
	}
	return 0
}
