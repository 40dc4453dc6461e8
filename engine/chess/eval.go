package chess

// Evaluate returns the static evaluation of the position from the side to
// move's point of view, in centipawns: a tapered sum of the weights
// (Weights) of material, piece-square tables, mobility, pawn structure,
// passed pawns, king safety and threats. The position should not be in
// check (the search never asks then).
func (p *Position) Evaluate() int32 {
	var e evaluator
	return e.evaluate(p, &packedWeights, nil)
}

// packedWeights are the weights packed as packS does, for the evaluation's
// sums.
var packedWeights = packWeights(&weights)

// psqTable[piece][sq] is the packed material and piece-square value of a
// piece on sq, negative for Black's: Position.psq sums it incrementally,
// and the evaluation reads that instead of adding up material.
var psqTable = func() (t [16][64]int32) {
	for c := White; c <= Black; c++ {
		for pt := Pawn; pt <= King; pt++ {
			for sq := Square(0); sq < 64; sq++ {
				v := packedWeights[wPST+(int(pt)-1)*64+pstIndex(sq, c)]
				if pt != King {
					v += packedWeights[wMaterial+int(pt)-1]
				}
				if c == Black {
					v = -v
				}
				t[MakePiece(c, pt)][sq] = v
			}
		}
	}
	return t
}()

// packWeights packs every weight of w (packS).
func packWeights(w *[numWeights]S) (out [numWeights]int32) {
	for i, s := range w {
		out[i] = packS(s)
	}
	return out
}

// packS packs a weight into one int32, the middlegame value times 65536
// plus the endgame value (both signed), so that sums of weights add both
// at once; mgOf and egOf unpack a sum.
func packS(s S) int32 { return int32(s.MG)<<16 + int32(s.EG) }

// mgOf returns the middlegame value of a packed sum.
func mgOf(v int32) int32 { return (v + 0x8000) >> 16 }

// egOf returns the endgame value of a packed sum.
func egOf(v int32) int32 { return int32(int16(uint16(v))) }

// evaluator holds one evaluation's intermediate sums and attack maps.
type evaluator struct {
	p  *Position
	w  *[numWeights]int32 // packed weights (packS)
	tr *Trace
	// score[c] is c's sum of packed weights: the middlegame value in the
	// high 16 bits, the endgame value in the low 16, signed.
	score [2]int32
	// att[c][t] holds the squares c's pieces of type t attack; att[c][0]
	// all of them; att2[c] those attacked twice or more.
	att   [2][7]Bitboard
	att2  [2]Bitboard
	zone  [2]Bitboard // the squares around each king
	units [2]int      // the attack units against each king
	area  [2]Bitboard // where each side's pieces count as mobile
	// passers[c] holds c's passed pawns.
	passers [2]Bitboard
	// cache is the searcher's pawn cache (nil: none).
	cache *pawnCache
}

// add adds n times the weight at index i to c's sums (and to the trace).
func (e *evaluator) add(c Color, i int, n int32) {
	e.score[c] += e.w[i] * n
	if e.tr != nil {
		e.tr.add(c, i, n)
	}
}

// evaluate runs every term for both sides with the weights w, recording
// the terms in tr when it is not nil, and returns the side to move's
// score.
func (e *evaluator) evaluate(p *Position, w *[numWeights]int32, tr *Trace) int32 {
	e.p, e.w, e.tr = p, w, tr
	e.setup()
	if tr == nil && w == &packedWeights {
		e.score[White] += p.psq
	} else {
		e.material(White)
		e.material(Black)
	}
	if tr == nil && w == &packedWeights {
		e.pawnTerms(e.cache)
	} else {
		e.pawnTerms(nil) // the cache holds sums of the default weights
	}
	for c := White; c <= Black; c++ {
		e.pieces(c)
	}
	for c := White; c <= Black; c++ {
		e.king(c)
		e.threats(c)
		e.passed(c)
		e.extras(c)
	}
	e.add(p.side, wTempo, 1)
	phase := int32(0)
	for t := Knight; t <= Queen; t++ {
		phase += phaseWeight[t] * int32(p.byType[t].Count())
	}
	phase = min(phase, maxPhase)
	scale := e.scale()
	if tr != nil {
		tr.Phase, tr.Scale = phase, scale
	}
	sum := e.score[White] - e.score[Black]
	mg := mgOf(sum)
	eg := egOf(sum) * scale / scaleNormal
	v := (mg*phase + eg*(maxPhase-phase)) / maxPhase
	if p.side == Black {
		v = -v
	}
	return v
}

// scaleNormal is the endgame scale of a position without drawish material.
const scaleNormal = 64

// scale returns the factor (of scaleNormal) the endgame value is scaled
// by: a side ahead without pawns and at most a minor piece ahead in
// material can rarely win (a quarter); bishops of opposite colours alone
// beside pawns are drawish (a half).
func (e *evaluator) scale() int32 {
	p := e.p
	eg := egOf(e.score[White] - e.score[Black])
	strong := White
	if eg < 0 {
		strong = Black
	}
	if p.Pieces(strong, Pawn) == 0 && nonPawnValue(p, strong)-nonPawnValue(p, strong.Other()) <= 350 {
		return scaleNormal / 4
	}
	b := p.byType[Bishop]
	if p.byType[Knight]|p.byType[Rook]|p.byType[Queen] == 0 && p.Pieces(White, Bishop).Count() == 1 &&
		p.Pieces(Black, Bishop).Count() == 1 && (b&DarkSquares).Count() == 1 {
		return scaleNormal / 2
	}
	return scaleNormal
}

// nonPawnValue returns a rough value of c's pieces but pawns and king.
func nonPawnValue(p *Position, c Color) int32 {
	return int32(325*(p.Pieces(c, Knight)|p.Pieces(c, Bishop)).Count() + 500*p.Pieces(c, Rook).Count() +
		975*p.Pieces(c, Queen).Count())
}

// setup computes the pawn and king attacks, the king zones and the
// mobility areas.
func (e *evaluator) setup() {
	p := e.p
	for c := White; c <= Black; c++ {
		l, r := pawnAttackSets(p.Pieces(c, Pawn), c)
		ksq := p.King(c)
		e.att[c][Pawn] = l | r
		e.att[c][King] = kingAttacks[ksq]
		e.att2[c] = l & r
		e.att2[c] |= e.att[c][Pawn] & e.att[c][King]
		e.att[c][0] = e.att[c][Pawn] | e.att[c][King]
		e.zone[c] = kingAttacks[ksq] | ksq.bb()
	}
	for c := White; c <= Black; c++ {
		e.area[c] = ^(p.Pieces(c, Pawn) | p.Pieces(c, King) | e.att[c.Other()][Pawn])
	}
}

// material adds c's material and piece-square values.
func (e *evaluator) material(c Color) {
	p := e.p
	for t := Pawn; t <= King; t++ {
		for b := p.Pieces(c, t); b != 0; {
			sq := b.Pop()
			if t != King {
				e.add(c, wMaterial+int(t)-1, 1)
			}
			e.add(c, wPST+(int(t)-1)*64+pstIndex(sq, c), 1)
		}
	}
}

// pstIndex returns sq's index in a piece-square table of c: the relative
// rank times eight plus the file.
func pstIndex(sq Square, c Color) int { return int(sq.relative(c)) }

// pieces adds the knights', bishops', rooks' and queens' mobility,
// outposts, open files and bishop pair, and records their attacks and
// their units against the enemy king.
func (e *evaluator) pieces(c Color) {
	p := e.p
	them := c.Other()
	occ := p.byType[0]
	for t := Knight; t <= Queen; t++ {
		for b := p.Pieces(c, t); b != 0; {
			sq := b.Pop()
			var a Bitboard
			switch t {
			case Knight:
				a = knightAttacks[sq]
			case Bishop:
				a = bishopAttacksOf(sq, occ)
			case Rook:
				a = rookAttacksOf(sq, occ)
			default:
				a = rookAttacksOf(sq, occ) | bishopAttacksOf(sq, occ)
			}
			e.att2[c] |= e.att[c][0] & a
			e.att[c][0] |= a
			e.att[c][t] |= a
			e.add(c, mobilityOffset[t]+(a&e.area[c]).Count(), 1)
			if a&e.zone[them] != 0 {
				e.units[them] += kingAttackUnits[t]
			}
			e.pieceTerms(c, t, sq)
		}
	}
	if p.Pieces(c, Bishop)&DarkSquares != 0 && p.Pieces(c, Bishop)&^DarkSquares != 0 {
		e.add(c, wBishopPair, 1)
	}
}

// pieceTerms adds the terms of c's piece of type t on sq that depend on
// pawns and kings: outposts of minor pieces, their distance to their king
// and a pawn right in front of them, a bishop's own pawns on its colour,
// rooks on open files and on the seventh rank.
func (e *evaluator) pieceTerms(c Color, t PieceType, sq Square) {
	p := e.p
	switch t {
	case Knight, Bishop:
		rr := sq.relative(c).Rank()
		if rr >= 3 && rr <= 5 && e.att[c][Pawn].Has(sq) && attackSpan[c][sq]&p.Pieces(c.Other(), Pawn) == 0 {
			e.add(c, wOutpost+int(t-Knight), 1)
		}
		e.add(c, wKingProtect+int(t-Knight), int32(distance[sq][p.King(c)]))
		if rr < 7 && p.byType[Pawn].Has(sq.ahead(c)) {
			e.add(c, wMinorBehind, 1)
		}
		if t == Bishop {
			colour := DarkSquares
			if !DarkSquares.Has(sq) {
				colour = ^DarkSquares
			}
			if n := (p.Pieces(c, Pawn) & colour).Count(); n > 0 {
				e.add(c, wBadBishop, int32(n))
			}
		}
	case Rook:
		f := fileMask[sq.File()]
		switch {
		case f&p.byType[Pawn] == 0:
			e.add(c, wRookOpen, 1)
		case f&p.Pieces(c, Pawn) == 0:
			e.add(c, wRookSemiOpen, 1)
		}
		if sq.relative(c).Rank() == 6 && (p.King(c.Other()).relative(c).Rank() == 7 ||
			p.Pieces(c.Other(), Pawn)&rankMask[sq.Rank()] != 0) {
			e.add(c, wRook7th, 1)
		}
	}
}

// pawns adds c's pawn-structure terms: doubled, isolated, backward,
// phalanx and supported pawns, and space: the squares of the centre files
// on c's second to fourth ranks that no own pawn holds and no enemy pawn
// attacks.
func (e *evaluator) pawns(c Color) {
	p := e.p
	own, opp := p.Pieces(c, Pawn), p.Pieces(c.Other(), Pawn)
	if n := (spaceArea[c] &^ own &^ e.att[c.Other()][Pawn]).Count(); n > 0 {
		e.add(c, wSpace, int32(n))
	}
	for b := own; b != 0; {
		sq := b.Pop()
		rr := sq.relative(c).Rank()
		neighbours := own & adjacentFiles[sq.File()]
		if forwardFile[c][sq]&own != 0 {
			e.add(c, wDoubled, 1)
		}
		if neighbours == 0 {
			e.add(c, wIsolated, 1)
		} else if neighbours&^attackSpan[c][sq] == 0 && pawnAttacks[c][sq.ahead(c)]&opp != 0 {
			e.add(c, wBackward, 1)
		}
		if neighbours&rankMask[sq.Rank()] != 0 {
			e.add(c, wPhalanx+rr, 1)
		}
		if pawnAttacks[c.Other()][sq]&own != 0 {
			e.add(c, wSupported+rr, 1)
		}
	}
}

// passedPawns returns c's passed pawns (no enemy pawn in front of them
// or on the files beside ahead of them; of doubled pawns, the front one)
// and adds their bonus by rank.
func (e *evaluator) passedPawns(c Color) Bitboard {
	p := e.p
	own, opp := p.Pieces(c, Pawn), p.Pieces(c.Other(), Pawn)
	var passers Bitboard
	for b := own; b != 0; {
		sq := b.Pop()
		if passedMask[c][sq]&opp != 0 || forwardFile[c][sq]&own != 0 {
			continue
		}
		passers |= sq.bb()
		e.add(c, wPassed+sq.relative(c).Rank(), 1)
	}
	return passers
}

// passed adds the terms of c's passed pawns (e.passers) that depend on
// more than the pawns: blocked, or with a free way to promote, and, from
// the fourth rank, the kings' distances to the square in front of them.
func (e *evaluator) passed(c Color) {
	p := e.p
	for b := e.passers[c]; b != 0; {
		sq := b.Pop()
		rr := sq.relative(c).Rank()
		stop, way := sq.ahead(c), forwardFile[c][sq]
		if p.byType[0].Has(stop) {
			e.add(c, wPassedBlocked+rr, 1)
		} else if way&p.byType[0] == 0 {
			e.add(c, wPassedFree+rr, 1)
		}
		if way&e.att[c.Other()][0] == 0 {
			e.add(c, wPassedSafe+rr, 1)
		}
		if rr >= 3 {
			e.add(c, wPassedOwnKing+distance[p.King(c)][stop], 1)
			e.add(c, wPassedOppKing+distance[p.King(c.Other())][stop], 1)
		}
	}
}

// king adds c's king shelter (own pawns in front of the king on its file
// and those beside it), the enemy pawn storm on those files, the safe
// checks the enemy has and the danger of the attack units against it.
func (e *evaluator) king(c Color) {
	p := e.p
	them := c.Other()
	ksq := p.King(c)
	kf, kr := ksq.File(), ksq.relative(c).Rank()
	own, opp := p.Pieces(c, Pawn), p.Pieces(them, Pawn)
	for f := max(0, kf-1); f <= min(7, kf+1); f++ {
		e.add(c, wShelter+nearestPawnRank(own&fileMask[f], c, kr), 1)
		e.add(c, wStorm+nearestPawnRank(opp&fileMask[f], c, kr), 1)
	}
	occ := p.byType[0]
	safe := ^e.att[c][0] &^ p.byCol[them]
	bishopRays, rookRays := bishopAttacksOf(ksq, occ), rookAttacksOf(ksq, occ)
	checks := [7]Bitboard{
		Knight: knightAttacks[ksq] & e.att[them][Knight],
		Bishop: bishopRays & e.att[them][Bishop],
		Rook:   rookRays & e.att[them][Rook],
		Queen:  (bishopRays | rookRays) & e.att[them][Queen],
	}
	units := e.units[c]
	for t := Knight; t <= Queen; t++ {
		if n := (checks[t] & safe).Count(); n > 0 {
			e.add(them, wSafeCheck+int(t-Knight), int32(n))
			units += safeCheckUnits[t]
		}
	}
	if units > 0 {
		e.add(them, wKingDanger+min(units, kingDangerMax-1), 1)
	}
}

// nearestPawnRank returns the relative rank (seen from c) of the pawn of
// pawns nearest c's first rank at or in front of relative rank from, or 0
// if there is none.
func nearestPawnRank(pawns Bitboard, c Color, from int) int {
	best := 0
	for b := pawns; b != 0; {
		r := b.Pop().relative(c).Rank()
		if r >= from && (best == 0 || r < best) {
			best = r
		}
	}
	return best
}

// threats adds, for the enemy, c's pieces that enemy pawns, minor pieces
// and rooks attack, and c's pieces attacked and not defended.
func (e *evaluator) threats(c Color) {
	p := e.p
	them := c.Other()
	for t := Pawn; t <= Queen; t++ {
		pieces := p.Pieces(c, t)
		if pieces == 0 {
			continue
		}
		if t != Pawn {
			if n := (pieces & e.att[them][Pawn]).Count(); n > 0 {
				e.add(them, wThreatPawn+int(t-Knight), int32(n))
			}
		}
		if n := (pieces & (e.att[them][Knight] | e.att[them][Bishop])).Count(); n > 0 {
			e.add(them, wThreatMinor+int(t-Pawn), int32(n))
		}
		if n := (pieces & e.att[them][Rook]).Count(); n > 0 {
			e.add(them, wThreatRook+int(t-Pawn), int32(n))
		}
	}
	hanging := p.byCol[c] &^ p.byType[King] & e.att[them][0] &^ e.att[c][0]
	if n := hanging.Count(); n > 0 {
		e.add(them, wHanging, int32(n))
	}
}
