package chess

// givesCheck reports whether the legal move m checks the opponent's king:
// the moved piece attacks it from its new square, or its leaving uncovers
// a slider of the side to move. Castling, en passant and promotions are
// played to find out.
func (p *Position) givesCheck(m Move) bool {
	if m.kind() != moveNormal {
		var u Undo
		p.Make(m, &u)
		check := p.InCheck()
		p.Unmake(m, &u)
		return check
	}
	us := p.side
	ksq := p.King(us.Other())
	from, to := m.From(), m.To()
	occ := p.byType[0] ^ from.bb() | to.bb()
	switch p.board[from&63].Type() {
	case Pawn:
		if pawnAttacks[us][to&63].Has(ksq) {
			return true
		}
	case Knight:
		if knightAttacks[to&63].Has(ksq) {
			return true
		}
	case Bishop:
		if bishopAttacksOf(to, occ).Has(ksq) {
			return true
		}
	case Rook:
		if rookAttacksOf(to, occ).Has(ksq) {
			return true
		}
	case Queen:
		if (bishopAttacksOf(to, occ) | rookAttacksOf(to, occ)).Has(ksq) {
			return true
		}
	}
	mine := p.byCol[us] &^ from.bb()
	return bishopAttacksOf(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])&mine != 0 ||
		rookAttacksOf(ksq, occ)&(p.byType[Rook]|p.byType[Queen])&mine != 0
}

// checkSquares tells which moves of the side to move give check: the
// squares from which each piece type attacks the enemy king, and the side
// to move's pieces that stand between one of its sliders and that king.
type checkSquares struct {
	sq       [7]Bitboard
	discover Bitboard
	ksq      Square
}

// checkSquares computes the side to move's check squares.
func (p *Position) checkSquares() checkSquares {
	us := p.side
	ksq := p.King(us.Other())
	occ := p.byType[0]
	var cs checkSquares
	cs.ksq = ksq
	cs.sq[Pawn] = pawnAttacks[us.Other()][ksq&63]
	cs.sq[Knight] = knightAttacks[ksq&63]
	cs.sq[Bishop] = bishopAttacksOf(ksq, occ)
	cs.sq[Rook] = rookAttacksOf(ksq, occ)
	cs.sq[Queen] = cs.sq[Bishop] | cs.sq[Rook]
	snipers := (rookAttacksOf(ksq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		bishopAttacksOf(ksq, 0)&(p.byType[Bishop]|p.byType[Queen])) & p.byCol[us]
	for snipers != 0 {
		b := between[ksq&63][snipers.Pop()&63] & occ
		if b != 0 && !b.more() && b&p.byCol[us] != 0 {
			cs.discover |= b
		}
	}
	return cs
}

// givesCheckCS is givesCheck with the check squares cs of the position:
// the moved piece lands on a check square of its type, or leaves a
// discovering square off the line to the king. Castling, en passant and
// promotions are played to find out.
func (p *Position) givesCheckCS(m Move, cs *checkSquares) bool {
	if m.kind() != moveNormal {
		return p.givesCheck(m)
	}
	from, to := m.From(), m.To()
	return cs.sq[p.board[from&63].Type()].Has(to) ||
		cs.discover.Has(from) && !line[cs.ksq&63][from&63].Has(to)
}
