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
