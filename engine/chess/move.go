package chess

// Move is a chess move in 16 bits: the from square (bits 0-5), the to
// square (6-11), the promotion piece (12-13: knight, bishop, rook, queen)
// and the kind (14-15: normal, promotion, en passant, castling). A castling
// move goes from the king's square to its rook's square (king takes rook),
// in standard chess as in Chess960. The zero Move, a1a1, is NoMove.
type Move uint16

// NoMove is the absence of a move.
const NoMove Move = 0

// MaxMoves bounds the number of legal moves in a position (218 is the most
// known); move lists hold this many.
const MaxMoves = 256

// The kinds of move.
const (
	moveNormal    Move = 0
	movePromotion Move = 1 << 14
	moveEnPassant Move = 2 << 14
	moveCastling  Move = 3 << 14
	moveKindMask  Move = 3 << 14
)

// newMove returns the normal move from from to to.
func newMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// newPromotion returns the pawn move from from to to promoting to t
// (Knight to Queen).
func newPromotion(from, to Square, t PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(t-Knight)<<12 | movePromotion
}

// From returns the square m moves from.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square m moves to; for castling, the rook's square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the piece type m promotes to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if m&moveKindMask != movePromotion {
		return NoPieceType
	}
	return PieceType(m>>12&3) + Knight
}

// IsCastling reports whether m castles.
func (m Move) IsCastling() bool { return m&moveKindMask == moveCastling }

// IsEnPassant reports whether m captures en passant.
func (m Move) IsEnPassant() bool { return m&moveKindMask == moveEnPassant }

// kind returns m's kind bits.
func (m Move) kind() Move { return m & moveKindMask }
