package chess

// MoveList holds generated moves.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// add appends m.
func (l *MoveList) add(m Move) {
	l.Moves[uint8(l.N)] = m
	l.N++
}

// Slice returns the moves held.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

// genKind selects the moves a generation produces.
type genKind uint8

// The kinds of generation: noisy moves (captures, en passant, every
// promotion), quiet moves (the others, castling included), or all.
const (
	genNoisy genKind = 1
	genQuiet genKind = 2
	genAll   genKind = genNoisy | genQuiet
)

// checkInfo is what legal move generation needs to know about the side to
// move's king: the pieces giving check and our pieces pinned to the king.
type checkInfo struct {
	checkers Bitboard
	pinned   Bitboard
}

// checkInfo computes the side to move's checkers and pinned pieces.
func (p *Position) checkInfo() checkInfo {
	us, them := p.side, p.side.Other()
	ksq := p.King(us)
	occ := p.byType[0]
	ci := checkInfo{checkers: p.attackersTo(ksq, occ) & p.byCol[them]}
	snipers := (rookAttacksOf(ksq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		bishopAttacksOf(ksq, 0)&(p.byType[Bishop]|p.byType[Queen])) & p.byCol[them]
	for snipers != 0 {
		s := snipers.Pop()
		b := between[ksq&63][s&63] & occ
		if b != 0 && !b.more() && b&p.byCol[us] != 0 {
			ci.pinned |= b
		}
	}
	return ci
}

// LegalMoves appends the legal moves to buf[:0] and returns the slice; it
// does not allocate when cap(buf) >= MaxMoves.
func (p *Position) LegalMoves(buf []Move) []Move {
	var l MoveList
	ci := p.checkInfo()
	p.generate(&l, genAll, &ci)
	return append(buf[:0], l.Moves[:l.N]...)
}

// generate appends to l the legal moves of kind, given the side to move's
// check information ci: king moves to unattacked squares; in double check
// nothing else; otherwise each piece's moves, restricted to blocking or
// capturing a single checker and, for a pinned piece, to its pin line;
// en passant checked by playing it on the occupancy; castling under
// Chess960's rules (which include standard chess).
func (p *Position) generate(l *MoveList, kind genKind, ci *checkInfo) {
	p.generateFrom(l, kind, ci, ^Bitboard(0))
}

// generateFrom appends to l the legal moves of kind of the pieces on the
// squares of from, as generate does.
func (p *Position) generateFrom(l *MoveList, kind genKind, ci *checkInfo, from Bitboard) {
	us, them := p.side, p.side.Other()
	ksq := p.King(us)
	occ := p.byType[0]
	var targets Bitboard
	if kind&genNoisy != 0 {
		targets |= p.byCol[them]
	}
	if kind&genQuiet != 0 {
		targets |= ^occ
	}
	if from.Has(ksq) {
		p.kingMoves(l, ksq, targets)
	}
	if ci.checkers.more() {
		return
	}
	mask := ^Bitboard(0)
	if ci.checkers != 0 {
		mask = between[ksq&63][ci.checkers.First()&63] | ci.checkers
	}
	p.pawnMoves(l, kind, ci, mask, ksq, from)
	p.pieceMoves(l, targets&mask, ci.pinned, ksq, from)
	if kind&genQuiet != 0 && ci.checkers == 0 && p.castle&(3<<(2*us)) != 0 && from.Has(ksq) {
		p.castlingMoves(l, us, ksq)
	}
}

// kingMoves appends the king's moves from ksq to the squares of targets
// that no enemy piece attacks once the king has left ksq.
func (p *Position) kingMoves(l *MoveList, ksq Square, targets Bitboard) {
	them := p.side.Other()
	occ := p.byType[0] ^ ksq.bb()
	for b := kingAttacks[ksq&63] & targets; b != 0; {
		to := b.Pop()
		if !p.attacked(to, them, occ) {
			l.add(newMove(ksq, to))
		}
	}
}

// pieceMoves appends the moves of the knights, bishops, rooks and queens
// on the squares of from to targets;
// a pinned piece moves only along the line through it and the king.
func (p *Position) pieceMoves(l *MoveList, targets, pinned Bitboard, ksq Square, from Bitboard) {
	us := p.byCol[p.side] & from
	occ := p.byType[0]
	for b := p.byType[Knight] & us &^ pinned; b != 0; {
		from := b.Pop()
		addAll(l, from, knightAttacks[from&63]&targets)
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & us; b != 0; {
		from := b.Pop()
		t := bishopAttacksOf(from, occ) & targets
		if pinned.Has(from) {
			t &= line[ksq&63][from&63]
		}
		addAll(l, from, t)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & us; b != 0; {
		from := b.Pop()
		t := rookAttacksOf(from, occ) & targets
		if pinned.Has(from) {
			t &= line[ksq&63][from&63]
		}
		addAll(l, from, t)
	}
}

// addAll appends a move from from to each square of to.
func addAll(l *MoveList, from Square, to Bitboard) {
	for to != 0 {
		l.add(newMove(from, to.Pop()))
	}
}

// castlingMoves appends us's castling moves: the right held, every square
// the king and rook cross or land on empty but for themselves, and no
// square from the king's to its destination attacked with both of them
// off the board (which also forbids Chess960 castlings that uncover a
// slider on the back rank).
func (p *Position) castlingMoves(l *MoveList, us Color, ksq Square) {
	for side := kingSide; side <= queenSide; side++ {
		idx := castleIndex(us, side)
		if p.castle&(1<<idx) == 0 {
			continue
		}
		rsq := p.castleRook[idx]
		kTo, rTo := castleTargets(us, side)
		both := ksq.bb() | rsq.bb()
		path := (between[ksq&63][kTo&63] | kTo.bb() | between[rsq&63][rTo&63] | rTo.bb()) &^ both
		if path&p.byType[0] != 0 {
			continue
		}
		occ := p.byType[0] ^ both
		ok := true
		for b := between[ksq&63][kTo&63] | kTo.bb(); b != 0 && ok; {
			ok = !p.attacked(b.Pop(), us.Other(), occ)
		}
		if ok {
			l.add(Move(ksq) | Move(rsq)<<6 | moveCastling)
		}
	}
}
