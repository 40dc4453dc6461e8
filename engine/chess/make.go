package chess

// Make plays the legal move m, recording in u what Unmake needs. The key of
// the position before m joins the history (for repetitions); keep its
// capacity (Reserve) so that Make never allocates.
func (p *Position) Make(m Move, u *Undo) {
	u.captured, u.castle, u.ep, u.rule50, u.hash, u.pawnHash = NoPiece, p.castle, p.ep, p.rule50, p.hash, p.pawnHash
	p.history = append(p.history, p.hash)
	us := p.side
	from, to := m.From(), m.To()
	pc := p.board[from&63]
	p.hash ^= zobristSide
	if p.ep != NoSquare {
		p.hash ^= zobristEP[p.ep&7]
		p.ep = NoSquare
	}
	p.rule50++
	switch m.kind() {
	case moveCastling:
		p.makeCastling(us, from, to)
	case moveEnPassant:
		capSq := to ^ 8
		u.captured = p.board[capSq&63]
		p.remove(u.captured, capSq)
		p.shift(pc, from, to)
		p.rule50 = 0
	default:
		if cap := p.board[to&63]; cap != NoPiece {
			u.captured = cap
			p.remove(cap, to)
			p.rule50 = 0
		}
		p.shift(pc, from, to)
		if pc.Type() == Pawn {
			p.rule50 = 0
			if m.kind() == movePromotion {
				p.remove(pc, to)
				p.put(MakePiece(us, m.Promotion()), to)
			} else if from^to == 16 {
				p.setEnPassant(us, (from+to)/2)
			}
		}
	}
	if p.castle != 0 {
		if c := p.castle & p.castleMask[from&63] & p.castleMask[to&63]; c != p.castle {
			p.hash ^= zobristCastle[p.castle] ^ zobristCastle[c]
			p.castle = c
		}
	}
	p.side = us.Other()
	p.gamePly++
}

// keyAfter returns the key of the position after the legal move m,
// exactly for a move that neither castles, takes en passant, promotes,
// changes castling rights nor gives an en-passant square, and nearly for
// those: it is a hint for the table's prefetch, not a key to store.
func (p *Position) keyAfter(m Move) uint64 {
	from, to := m.From()&63, m.To()&63
	pc := p.board[from] & 15
	k := p.hash ^ zobristSide ^ zobristPiece[pc][from] ^ zobristPiece[pc][to]
	if cap := p.board[to]; cap != NoPiece && m.kind() != moveCastling {
		k ^= zobristPiece[cap&15][to]
	}
	if p.ep != NoSquare {
		k ^= zobristEP[p.ep&7]
	}
	return k
}

// setEnPassant makes sq, the square a pawn of colour us has just passed,
// the en-passant square if a pawn of the opponent attacks it.
func (p *Position) setEnPassant(us Color, sq Square) {
	if pawnAttacks[us][sq&63]&p.byType[Pawn]&p.byCol[us.Other()] != 0 {
		p.ep = sq
		p.hash ^= zobristEP[sq&7]
	}
}

// makeCastling moves us's king from kingSq and its rook from rookSq to
// their squares after castling.
func (p *Position) makeCastling(us Color, kingSq, rookSq Square) {
	side := queenSide
	if rookSq > kingSq {
		side = kingSide
	}
	kTo, rTo := castleTargets(us, side)
	king, rook := MakePiece(us, King), MakePiece(us, Rook)
	p.remove(king, kingSq)
	p.remove(rook, rookSq)
	p.put(king, kTo)
	p.put(rook, rTo)
}

// Unmake takes back m, the last move made, with the record Make filled.
func (p *Position) Unmake(m Move, u *Undo) {
	p.side = p.side.Other()
	p.gamePly--
	us := p.side
	from, to := m.From(), m.To()
	switch m.kind() {
	case moveCastling:
		side := queenSide
		if to > from {
			side = kingSide
		}
		kTo, rTo := castleTargets(us, side)
		king, rook := MakePiece(us, King), MakePiece(us, Rook)
		p.remove(king, kTo)
		p.remove(rook, rTo)
		p.put(king, from)
		p.put(rook, to)
	case moveEnPassant:
		p.shift(p.board[to&63], to, from)
		p.put(u.captured, to^8)
	default:
		pc := p.board[to&63]
		if m.kind() == movePromotion {
			p.remove(pc, to)
			pc = MakePiece(us, Pawn)
			p.put(pc, to)
		}
		p.shift(pc, to, from)
		if u.captured != NoPiece {
			p.put(u.captured, to)
		}
	}
	p.castle, p.ep, p.rule50, p.hash, p.pawnHash = u.castle, u.ep, u.rule50, u.hash, u.pawnHash
	p.history = p.history[:len(p.history)-1]
}

// MakeNull passes the move to the opponent (null-move pruning); the side to
// move must not be in check.
func (p *Position) MakeNull(u *Undo) {
	u.castle, u.ep, u.rule50, u.hash, u.pawnHash = p.castle, p.ep, p.rule50, p.hash, p.pawnHash
	p.history = append(p.history, p.hash)
	p.hash ^= zobristSide
	if p.ep != NoSquare {
		p.hash ^= zobristEP[p.ep&7]
		p.ep = NoSquare
	}
	p.rule50++
	p.side = p.side.Other()
	p.gamePly++
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull(u *Undo) {
	p.side = p.side.Other()
	p.gamePly--
	p.castle, p.ep, p.rule50, p.hash, p.pawnHash = u.castle, u.ep, u.rule50, u.hash, u.pawnHash
	p.history = p.history[:len(p.history)-1]
}

// Reserve makes room in the history for n more moves, so that that many
// Make calls do not allocate.
func (p *Position) Reserve(n int) {
	if cap(p.history)-len(p.history) < n {
		h := make([]uint64, len(p.history), len(p.history)+n+64)
		copy(h, p.history)
		p.history = h
	}
}
