package chess

// Position is a chess position: the pieces, the side to move, the castling
// rights (with their rooks' squares, so that Chess960 needs nothing more),
// the en-passant square, the clocks, a Zobrist key and the keys of the
// positions before it, for repetitions. Make and Unmake change it in place;
// it is not safe for concurrent use (Clone gives an independent copy).
type Position struct {
	board  [64]Piece
	byType [7]Bitboard // by piece type; byType[0] holds every occupied square
	byCol  [2]Bitboard
	side   Color
	// castle holds the castling rights, bit castleIndex(c, side).
	castle uint8
	// ep is the en-passant square when a pawn of the side to move attacks
	// it, NoSquare otherwise.
	ep     Square
	rule50 int
	// gamePly counts the plies from the game's start (FEN's fullmove
	// number and side to move).
	gamePly  int
	hash     uint64
	pawnHash uint64
	// psq is the packed material and piece-square value (packS) of
	// White's pieces less Black's, kept by put, remove and shift.
	psq      int32
	chess960 bool
	// castleRook holds the square of the rook of each castling right;
	// castleMask[sq] the rights that a move from or to sq keeps.
	castleRook [4]Square
	castleMask [64]uint8
	// history holds the keys of the positions before this one, oldest
	// first, back to the position set up (and its given history).
	history []uint64
}

// Castling sides and the index of a castling right.
const (
	kingSide  = 0 // towards the h-file
	queenSide = 1 // towards the a-file
)

// castleIndex returns the bit of c's castling right on side.
func castleIndex(c Color, side int) int { return int(c)*2 + side }

// Undo records what Make cannot recompute, for Unmake.
type Undo struct {
	captured Piece
	castle   uint8
	ep       Square
	rule50   int
	hash     uint64
	pawnHash uint64
}

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// Piece returns the piece on sq, or NoPiece.
func (p *Position) Piece(sq Square) Piece { return p.board[sq&63] }

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byType[t] & p.byCol[c] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// ColorBB returns the squares of c's pieces.
func (p *Position) ColorBB(c Color) Bitboard { return p.byCol[c] }

// TypeBB returns the squares of the pieces of type t of both colours.
func (p *Position) TypeBB(t PieceType) Bitboard { return p.byType[t] }

// King returns the square of c's king.
func (p *Position) King(c Color) Square { return (p.byType[King] & p.byCol[c]).First() }

// Hash returns the position's Zobrist key: pieces, side to move, castling
// rights and a capturable en-passant square.
func (p *Position) Hash() uint64 { return p.hash }

// PawnHash returns the Zobrist key of the pawns alone.
func (p *Position) PawnHash() uint64 { return p.pawnHash }

// EnPassant returns the en-passant square if a pawn of the side to move
// attacks it, NoSquare otherwise.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.rule50 }

// Ply returns the plies played since the game's start, as FEN's fullmove
// number and side to move count them.
func (p *Position) Ply() int { return p.gamePly }

// Chess960 reports whether the position is played under Chess960's rules
// (castling written king-takes-rook in UCI).
func (p *Position) Chess960() bool { return p.chess960 }

// CanCastle reports whether c keeps the castling right on the king side
// (kingSide true) or the queen side.
func (p *Position) CanCastle(c Color, kingSideRight bool) bool {
	side := queenSide
	if kingSideRight {
		side = kingSide
	}
	return p.castle&(1<<castleIndex(c, side)) != 0
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.attackersTo(p.King(p.side), p.byType[0])&p.byCol[p.side.Other()] != 0
}

// Clone returns an independent copy of p.
func (p *Position) Clone() *Position {
	q := *p
	q.history = append(make([]uint64, 0, cap(p.history)), p.history...)
	return &q
}

// put places pc on the empty square sq, updating the bitboards and keys.
func (p *Position) put(pc Piece, sq Square) {
	b := sq.bb()
	p.board[sq&63] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byCol[pc.Color()] |= b
	p.psq += psqTable[pc&15][sq&63]
	k := zobristPiece[pc&15][sq&63]
	p.hash ^= k
	if pc.Type() == Pawn {
		p.pawnHash ^= k
	}
}

// remove takes the piece pc off sq.
func (p *Position) remove(pc Piece, sq Square) {
	b := sq.bb()
	p.board[sq&63] = NoPiece
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byCol[pc.Color()] ^= b
	p.psq -= psqTable[pc&15][sq&63]
	k := zobristPiece[pc&15][sq&63]
	p.hash ^= k
	if pc.Type() == Pawn {
		p.pawnHash ^= k
	}
}

// shift moves pc from from to the empty square to.
func (p *Position) shift(pc Piece, from, to Square) {
	b := from.bb() | to.bb()
	p.board[from&63] = NoPiece
	p.board[to&63] = pc
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byCol[pc.Color()] ^= b
	p.psq += psqTable[pc&15][to&63] - psqTable[pc&15][from&63]
	k := zobristPiece[pc&15][from&63] ^ zobristPiece[pc&15][to&63]
	p.hash ^= k
	if pc.Type() == Pawn {
		p.pawnHash ^= k
	}
}

// attackersTo returns the pieces of both colours that attack sq when occ
// holds the occupied squares.
func (p *Position) attackersTo(sq Square, occ Bitboard) Bitboard {
	return pawnAttacks[Black][sq&63]&p.byType[Pawn]&p.byCol[White] |
		pawnAttacks[White][sq&63]&p.byType[Pawn]&p.byCol[Black] |
		knightAttacks[sq&63]&p.byType[Knight] |
		kingAttacks[sq&63]&p.byType[King] |
		rookAttacksOf(sq, occ)&(p.byType[Rook]|p.byType[Queen]) |
		bishopAttacksOf(sq, occ)&(p.byType[Bishop]|p.byType[Queen])
}

// attacked reports whether a piece of colour by attacks sq when occ holds
// the occupied squares.
func (p *Position) attacked(sq Square, by Color, occ Bitboard) bool {
	them := p.byCol[by]
	if knightAttacks[sq&63]&p.byType[Knight]&them != 0 ||
		pawnAttacks[by.Other()][sq&63]&p.byType[Pawn]&them != 0 ||
		kingAttacks[sq&63]&p.byType[King]&them != 0 {
		return true
	}
	if rookAttacksOf(sq, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0 {
		return true
	}
	return bishopAttacksOf(sq, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0
}

// castleTargets returns the squares where c's king and rook stand after
// castling on side: g1 and f1 or c1 and d1, seen from c.
func castleTargets(c Color, side int) (king, rook Square) {
	if side == kingSide {
		return G1.relative(c), F1.relative(c)
	}
	return C1.relative(c), D1.relative(c)
}
