package chess

// kingFlank[f] holds the files of the flank of a king on file f: a-d for
// a-c, c-f for d-e, e-h for f-h.
var kingFlank = func() (t [8]Bitboard) {
	queenSide := fileBB(0) | fileBB(1) | fileBB(2) | fileBB(3)
	centre := fileBB(2) | fileBB(3) | fileBB(4) | fileBB(5)
	kingSide := fileBB(4) | fileBB(5) | fileBB(6) | fileBB(7)
	return [8]Bitboard{queenSide, queenSide, queenSide, centre, centre, kingSide, kingSide, kingSide}
}()

// camp[c] holds c's first five ranks.
var camp = [2]Bitboard{
	White: Rank1 | Rank2 | Rank3 | Rank4 | Rank5,
	Black: Rank8 | Rank7 | Rank6 | Rank5 | Rank4,
}

// extras adds c's terms that need both sides' attack maps: threats by
// safe pawn pushes and by the king, the squares c restricts, the minor
// pieces' distance to their king and pawns in front of them, attacks on
// c's king flank, a pawnless flank, and the knights' and rooks' value by
// the own pawns.
func (e *evaluator) extras(c Color) {
	p := e.p
	them := c.Other()
	occ := p.byType[0]
	ownPawns := p.Pieces(c, Pawn)
	targets := p.byCol[them] &^ p.byType[Pawn] &^ p.byType[King]

	// Pawn pushes (one or two steps) to squares the enemy pawns do not
	// attack and the enemy does not attack unless c does too.
	var push Bitboard
	if c == White {
		push = ownPawns << 8 &^ occ
		push |= (push & Rank3) << 8 &^ occ
	} else {
		push = ownPawns >> 8 &^ occ
		push |= (push & Rank6) >> 8 &^ occ
	}
	push &^= e.att[them][Pawn]
	push &= ^e.att[them][0] | e.att[c][0]
	var pushAtt Bitboard
	if c == White {
		pushAtt = (push&^FileA)<<7 | (push&^FileH)<<9
	} else {
		pushAtt = (push&^FileA)>>9 | (push&^FileH)>>7
	}
	if n := (pushAtt & targets).Count(); n > 0 {
		e.add(c, wThreatPush, int32(n))
	}

	if n := (e.att[c][King] & targets &^ e.att[them][0]).Count(); n > 0 {
		e.add(c, wThreatKing, int32(n))
	}

	firm := e.att[them][Pawn] | (e.att2[them] &^ e.att2[c])
	if n := (e.att[them][0] & e.att[c][0] &^ firm).Count(); n > 0 {
		e.add(c, wRestricted, int32(n))
	}

	ksq := p.King(c)
	for t := Knight; t <= Bishop; t++ {
		for b := p.Pieces(c, t); b != 0; {
			sq := b.Pop()
			e.add(c, wKingProtect+int(t-Knight), int32(distance[sq][ksq]))
			if sq.relative(c).Rank() < 7 && p.byType[Pawn].Has(sq.ahead(c)) {
				e.add(c, wMinorBehind, 1)
			}
		}
	}

	flank := kingFlank[ksq.File()]
	zone := flank & camp[c]
	if n := (e.att[them][0] & zone).Count() + (e.att2[them] & zone).Count(); n > 0 {
		e.add(c, wFlankAttack, int32(n))
	}
	if p.byType[Pawn]&flank == 0 {
		e.add(c, wPawnlessFlank, 1)
	}

	extra := int32(ownPawns.Count() - 5)
	if n := int32(p.Pieces(c, Knight).Count()); n > 0 && extra != 0 {
		e.add(c, wKnightPawns, n*extra)
	}
	if n := int32(p.Pieces(c, Rook).Count()); n > 0 && extra != 0 {
		e.add(c, wRookPawns, n*extra)
	}
}
