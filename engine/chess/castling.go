package chess

import (
	"strconv"
	"strings"
)

// sideName names a castling side in messages.
var sideName = [2]string{kingSide: "king", queenSide: "queen"}

// parseCastling parses FEN's third field: "-", or letters K Q k q (the
// outermost rook on that side of the king), or file letters A-H, a-h (the
// rook on that file: X-FEN and Shredder-FEN). A right needs the king and
// that rook at home: on e1 (e8) and in the corner in standard chess; on the
// back rank, the rook on that side of the king, in Chess960.
func (p *Position) parseCastling(s string) error {
	for i := range p.castleMask {
		p.castleMask[i] = 15
	}
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		if err := p.addCastling(s[i]); err != nil {
			return err
		}
	}
	p.hash ^= zobristCastle[p.castle]
	return nil
}

// addCastling adds the castling right the letter ch of FEN's castling
// field gives.
func (p *Position) addCastling(ch byte) error {
	c, lower := White, ch
	if ch >= 'A' && ch <= 'Z' {
		lower = ch + 'a' - 'A'
	} else {
		c = Black
	}
	back := rankBB(0)
	if c == Black {
		back = rankBB(7)
	}
	ksq := p.King(c)
	rooks := p.Pieces(c, Rook) & back
	var rsq Square
	var side int
	switch {
	case lower == 'k' || lower == 'q':
		side = kingSide
		if lower == 'q' {
			side = queenSide
		}
		if !back.Has(ksq) {
			return errorf(fenField, "castling: %q, but the %s king is not on its first rank", rune(ch), colorName(c))
		}
		outer := rooks & sideOf(ksq, side)
		if outer == 0 {
			return errorf(fenField, "castling: %q, but %s has no rook on the %s side of its king on its first rank", rune(ch), colorName(c), sideName[side])
		}
		rsq = outer.First()
		if side == kingSide {
			rsq = outer.Last()
		}
	case lower >= 'a' && lower <= 'h':
		rsq = MakeSquare(int(lower-'a'), 0).relative(c)
		if !rooks.Has(rsq) || !back.Has(ksq) || rsq == ksq {
			return errorf(fenField, "castling: %q, but %s has no rook on %s beside its king on the first rank", rune(ch), colorName(c), rsq)
		}
		side = kingSide
		if rsq < ksq {
			side = queenSide
		}
	default:
		return errorf(fenField, "castling: %q is not K, Q, k, q, a file letter or \"-\"", rune(ch))
	}
	return p.setCastling(c, side, ksq, rsq, ch)
}

// sideOf returns the squares of ksq's rank on side of it.
func sideOf(ksq Square, side int) Bitboard {
	r := rankBB(ksq.Rank())
	if side == kingSide {
		return r & ^(ksq.bb()<<1 - 1)
	}
	return r & (ksq.bb() - 1)
}

// setCastling records c's right on side with the king on ksq and the rook
// on rsq, after checking them against the variant's rules.
func (p *Position) setCastling(c Color, side int, ksq, rsq Square, ch byte) error {
	idx := castleIndex(c, side)
	if p.castle&(1<<idx) != 0 {
		return errorf(fenField, "castling: %s's %s-side right is given twice", colorName(c), sideName[side])
	}
	if !p.chess960 {
		corner := H1.relative(c)
		if side == queenSide {
			corner = A1.relative(c)
		}
		if ksq != E1.relative(c) || rsq != corner {
			return errorf(fenField, "castling: %q needs the %s king on %s and a rook on %s (other squares need Chess960)",
				rune(ch), colorName(c), E1.relative(c), corner)
		}
	} else if ksq.File() == 0 || ksq.File() == 7 {
		return errorf(fenField, "castling: %q, but the %s king is on %s, in a corner", rune(ch), colorName(c), ksq)
	}
	p.castle |= 1 << idx
	p.castleRook[idx] = rsq
	p.castleMask[rsq] &^= 1 << idx
	p.castleMask[ksq] &^= 3 << (2 * c)
	return nil
}

// castlingField returns FEN's castling field: K, Q, k, q where the right's
// rook is the outermost on its side (X-FEN), its file letter otherwise.
func (p *Position) castlingField() string {
	var b strings.Builder
	for c := White; c <= Black; c++ {
		for side := kingSide; side <= queenSide; side++ {
			idx := castleIndex(c, side)
			if p.castle&(1<<idx) == 0 {
				continue
			}
			rsq := p.castleRook[idx]
			rooks := p.Pieces(c, Rook) & sideOf(rsq, side)
			ch := byte('K')
			if side == queenSide {
				ch = 'Q'
			}
			if rooks != 0 {
				ch = byte('A' + rsq.File())
			}
			if c == Black {
				ch += 'a' - 'A'
			}
			b.WriteByte(ch)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// FEN returns the position in Forsyth-Edwards Notation; castling rights as
// in X-FEN, the en-passant square only when a pawn can capture there.
func (p *Position) FEN() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString(" " + p.side.String() + " " + p.castlingField() + " " + p.ep.String() + " ")
	b.WriteString(strconv.Itoa(p.rule50) + " " + strconv.Itoa(p.gamePly/2+1))
	return b.String()
}
