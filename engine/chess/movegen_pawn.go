package chess

// pawnMoves appends the moves of kind of the side to move's pawns on the
// squares of from whose target is in mask (the check mask): pushes, double
// pushes, captures, promotions to every piece (noisy, as captures are) and
// en passant. Unpinned pawns move
// set-wise; a pinned pawn moves only along its pin line.
func (p *Position) pawnMoves(l *MoveList, kind genKind, ci *checkInfo, mask Bitboard, ksq Square, from Bitboard) {
	us := p.side
	pawns := p.byType[Pawn] & p.byCol[us] & from
	free := pawns &^ ci.pinned
	p.pawnSet(l, kind, free, mask)
	for b := pawns & ci.pinned; b != 0; {
		from := b.Pop()
		p.pawnSet(l, kind, from.bb(), mask&line[ksq&63][from&63])
	}
	if p.ep != NoSquare && kind&genNoisy != 0 {
		p.enPassantMoves(l, pawns, ksq)
	}
}

// pawnSet appends the moves of the pawns in set to targets in mask, but
// en passant.
func (p *Position) pawnSet(l *MoveList, kind genKind, set, mask Bitboard) {
	us := p.side
	empty := ^p.byType[0]
	enemies := p.byCol[us.Other()] & mask
	lastRank, thirdRank := Rank8, Rank3
	up, left, right := 8, 7, 9
	if us == Black {
		lastRank, thirdRank = Rank1, Rank6
		up, left, right = -8, -9, -7
	}
	single := shiftUp(set, us) & empty
	double := shiftUp(single&thirdRank, us) & empty & mask
	single &= mask
	capL, capR := pawnAttackSets(set, us)
	capL &= enemies
	capR &= enemies
	if kind&genNoisy != 0 {
		addPromotions(l, single&lastRank, up)
		addPromotions(l, capL&lastRank, left)
		addPromotions(l, capR&lastRank, right)
		addPawnMoves(l, capL&^lastRank, left)
		addPawnMoves(l, capR&^lastRank, right)
	}
	if kind&genQuiet != 0 {
		addPawnMoves(l, single&^lastRank, up)
		addPawnMoves(l, double, 2*up)
	}
}

// addPawnMoves appends a move to each square of to from the square delta
// behind it.
func addPawnMoves(l *MoveList, to Bitboard, delta int) {
	for to != 0 {
		t := to.Pop()
		l.add(newMove(Square(int(t)-delta), t))
	}
}

// addPromotions appends the four promotions to each square of to from the
// square delta behind it, the queen first.
func addPromotions(l *MoveList, to Bitboard, delta int) {
	for to != 0 {
		t := to.Pop()
		from := Square(int(t) - delta)
		for pt := Queen; pt >= Knight; pt-- {
			l.add(newPromotion(from, t, pt))
		}
	}
}

// enPassantMoves appends the en-passant captures of the pawns that are
// legal: played on the occupancy, they leave the king unattacked (which
// covers the pawn pinned along the rank, and a check the captured pawn
// gives or does not resolve).
func (p *Position) enPassantMoves(l *MoveList, pawns Bitboard, ksq Square) {
	them := p.side.Other()
	capSq := p.ep ^ 8
	for b := pawnAttacks[them][p.ep&63] & pawns; b != 0; {
		from := b.Pop()
		occ := p.byType[0] ^ from.bb() ^ capSq.bb() | p.ep.bb()
		if p.attackersTo(ksq, occ)&p.byCol[them]&^capSq.bb() == 0 {
			l.add(newMove(from, p.ep) | moveEnPassant)
		}
	}
}
