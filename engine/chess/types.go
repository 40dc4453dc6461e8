package chess

import "math/bits"

// Color is a side: White (0) moves first, Black (1).
type Color uint8

// The two colours.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "w" or "b", as FEN writes the side to move.
func (c Color) String() string {
	if c == White {
		return "w"
	}
	return "b"
}

// PieceType is a kind of piece without its colour; NoPieceType is none.
type PieceType uint8

// The piece types, in the order of their value.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: colour<<3 | type. NoPiece is an empty square.
type Piece uint8

// NoPiece is the contents of an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of type t and colour c.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns p's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns p's colour; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

// pieceLetters are the FEN letters of the pieces, white upper case.
const pieceLetters = " PNBRQK  pnbrqk"

// String returns p's FEN letter, or "." for NoPiece.
func (p Piece) String() string {
	if p == NoPiece || int(p) >= len(pieceLetters) {
		return "."
	}
	return pieceLetters[p : p+1]
}

// pieceFromLetter returns the piece written as the FEN letter r.
func pieceFromLetter(r byte) (Piece, bool) {
	for i := 1; i < len(pieceLetters); i++ {
		if pieceLetters[i] == r && r != ' ' {
			return Piece(i), true
		}
	}
	return NoPiece, false
}

// Square is a square of the board: a1 = 0, b1 = 1, ..., h8 = 63.
// NoSquare is none.
type Square uint8

// NoSquare marks the absence of a square (no en-passant square).
const NoSquare Square = 64

// Squares used by name.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
)

// Corner squares and files of the back ranks by name.
const (
	A8 Square = 56
	H8 Square = 63
	E8 Square = 60
)

// MakeSquare returns the square on file f and rank r, both 0..7.
func MakeSquare(f, r int) Square { return Square(r*8 + f) }

// File returns sq's file, 0 (a) to 7 (h).
func (sq Square) File() int { return int(sq & 7) }

// Rank returns sq's rank, 0 (the first) to 7 (the eighth).
func (sq Square) Rank() int { return int(sq >> 3) }

// String returns sq in algebraic notation ("e4"), or "-" for NoSquare.
func (sq Square) String() string {
	if sq >= NoSquare {
		return "-"
	}
	return string([]byte{byte('a' + sq.File()), byte('1' + sq.Rank())})
}

// relative returns sq seen from c's side: sq for White, mirrored top to
// bottom for Black.
func (sq Square) relative(c Color) Square { return sq ^ Square(56*int(c)) }

// parseSquare parses a square in algebraic notation ("e4").
func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of squares, bit i for square i.
type Bitboard uint64

// Files and ranks as bitboards.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xff
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
)

// DarkSquares are the dark squares (a1 is dark).
const DarkSquares Bitboard = 0xaa55aa55aa55aa55

// bb returns the bitboard of sq alone.
func (sq Square) bb() Bitboard { return 1 << (sq & 63) }

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return b&sq.bb() != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of b, which must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Last returns the highest square of b, which must not be empty.
func (b Bitboard) Last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// Pop removes the lowest square from *b and returns it; *b must not be empty.
func (b *Bitboard) Pop() Square {
	sq := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return sq
}

// more reports whether b has more than one square.
func (b Bitboard) more() bool { return b&(b-1) != 0 }

// rankBB returns the bitboard of rank r (0..7).
func rankBB(r int) Bitboard { return Rank1 << uint(8*r) }

// shiftUp moves every square of b one rank towards c's opponent.
func shiftUp(b Bitboard, c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// pawnAttackSets returns the squares c's pawns on b attack: towards the
// a-file (west) and towards the h-file (east).
func pawnAttackSets(b Bitboard, c Color) (west, east Bitboard) {
	return shiftUp(b&^FileA, c) >> 1, shiftUp(b&^FileH, c) << 1
}

// ahead returns the square in front of sq seen from c; sq must not be on
// c's last rank.
func (sq Square) ahead(c Color) Square {
	if c == White {
		return sq + 8
	}
	return sq - 8
}

// fileBB returns the bitboard of file f (0..7).
func fileBB(f int) Bitboard { return FileA << uint(f) }
