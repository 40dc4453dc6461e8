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
// safe pawn pushes and by the king, the squares c restricts, attacks on
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
	third := Rank3
	if c == Black {
		third = Rank6
	}
	push := shiftUp(ownPawns, c) &^ occ
	push |= shiftUp(push&third, c) &^ occ
	push &^= e.att[them][Pawn]
	push &= ^e.att[them][0] | e.att[c][0]
	west, east := pawnAttackSets(push, c)
	if n := ((west | east) & targets).Count(); n > 0 {
		e.add(c, wThreatPush, int32(n))
	}

	if n := (e.att[c][King] & targets &^ e.att[them][0]).Count(); n > 0 {
		e.add(c, wThreatKing, int32(n))
	}

	firm := e.att[them][Pawn] | (e.att2[them] &^ e.att2[c])
	if n := (e.att[them][0] & e.att[c][0] &^ firm).Count(); n > 0 {
		e.add(c, wRestricted, int32(n))
	}

	flank := kingFlank[p.King(c).File()]
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
