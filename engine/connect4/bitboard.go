package connect4

import "math/bits"

// Board dimensions. Cells is the number of squares, and so the most stones
// a game can have.
const (
	Width  = 7
	Height = 6
	Cells  = Width * Height
)

// stride is the number of bits per column: Height cells and one sentinel
// bit that keeps shifted lines from wrapping into the next column.
const stride = Height + 1

// Bit masks over the 49-bit board: bit col*stride+row, row 0 at the bottom.
const (
	bottomMask uint64 = 1 | 1<<(1*stride) | 1<<(2*stride) | 1<<(3*stride) | 1<<(4*stride) | 1<<(5*stride) | 1<<(6*stride)
	boardMask  uint64 = bottomMask * (1<<Height - 1)
	keyBits           = Width * stride
)

// Score limits of the test-set convention: a win with the fastest possible
// fourth stone (7 stones on the board) scores (44-7)/2 = 18.
const (
	MinScore = -(Cells)/2 + 3
	MaxScore = (Cells+1)/2 - 3
)

// columnMask returns the Height cells of column c.
func columnMask(c int) uint64 { return (1<<Height - 1) << (c * stride) }

// topMask returns the top cell of column c.
func topMask(c int) uint64 { return 1 << (Height - 1) << (c * stride) }

// bottomCell returns the bottom cell of column c.
func bottomCell(c int) uint64 { return 1 << (c * stride) }

// Position is a Connect Four position as two bitboards: the stones of the
// side to move (current) and all stones (mask). The zero value is the empty
// board with the first player to move. Position is a small value: copying
// it is how a search makes a move and takes it back.
type Position struct {
	current uint64
	mask    uint64
	moves   int
}

// Moves returns the number of stones on the board.
func (p *Position) Moves() int { return p.moves }

// CanPlay reports whether column c has room for a stone.
func (p *Position) CanPlay(c int) bool { return p.mask&topMask(c) == 0 }

// Play drops a stone of the side to move into column c, which must have
// room. It does not check for a win.
func (p *Position) Play(c int) { p.playBits((p.mask + bottomCell(c)) & columnMask(c)) }

// playBits plays the single-bit move, which must be a playable cell.
func (p *Position) playBits(move uint64) {
	p.current ^= p.mask
	p.mask |= move
	p.moves++
}

// Undo takes back the top stone of column c, which must be the last move
// played.
func (p *Position) Undo(c int) {
	top := uint64(1) << (63 - bits.LeadingZeros64(p.mask&columnMask(c)))
	p.mask ^= top
	p.current ^= p.mask
	p.moves--
}

// Height returns the number of stones in column c.
func (p *Position) columnHeight(c int) int { return bits.OnesCount64(p.mask & columnMask(c)) }

// IsWinningMove reports whether dropping a stone into column c, which must
// have room, makes four in a row for the side to move.
func (p *Position) IsWinningMove(c int) bool {
	return p.winningCells()&p.possible()&columnMask(c) != 0
}

// CanWinNext reports whether the side to move can make four at once.
func (p *Position) CanWinNext() bool { return p.winningCells()&p.possible() != 0 }

// Key returns a number that identifies the position uniquely: below the
// top stone of each column the side to move's stones, the top marker one
// above it. Keys are below 1<<49.
func (p *Position) Key() uint64 { return p.current + p.mask }

// possible returns the cells where a stone can be dropped now.
func (p *Position) possible() uint64 { return (p.mask + bottomMask) & boardMask }

// winningCells returns the empty cells that would complete four for the
// side to move.
func (p *Position) winningCells() uint64 { return winningCells(p.current, p.mask) }

// opponentWinningCells returns the empty cells that would complete four
// for the opponent.
func (p *Position) opponentWinningCells() uint64 { return winningCells(p.current^p.mask, p.mask) }

// nonLosingMoves returns the playable cells that do not let the opponent
// win at once: the only block when the opponent threatens one four, none
// when it threatens two, and never the cell below an opponent's winning
// cell. It assumes the side to move cannot win at once.
func (p *Position) nonLosingMoves() uint64 {
	possible := p.possible()
	threats := p.opponentWinningCells()
	if forced := possible & threats; forced != 0 {
		if forced&(forced-1) != 0 {
			return 0
		}
		possible = forced
	}
	return possible &^ (threats >> 1)
}

// moveScore ranks a move for ordering: the number of winning cells the
// side to move has after it.
func (p *Position) moveScore(move uint64) int {
	return bits.OnesCount64(winningCells(p.current|move, p.mask))
}

// winningCells returns the empty cells that complete four for the stones
// in position, given all stones in mask.
func winningCells(position, mask uint64) uint64 {
	// Vertical: three stones below.
	r := (position << 1) & (position << 2) & (position << 3)

	// Horizontal.
	p := (position << stride) & (position << (2 * stride))
	r |= p & (position << (3 * stride))
	r |= p & (position >> stride)
	p = (position >> stride) & (position >> (2 * stride))
	r |= p & (position << stride)
	r |= p & (position >> (3 * stride))

	// Diagonal down to the right.
	p = (position << (stride - 1)) & (position << (2 * (stride - 1)))
	r |= p & (position << (3 * (stride - 1)))
	r |= p & (position >> (stride - 1))
	p = (position >> (stride - 1)) & (position >> (2 * (stride - 1)))
	r |= p & (position << (stride - 1))
	r |= p & (position >> (3 * (stride - 1)))

	// Diagonal up to the right.
	p = (position << (stride + 1)) & (position << (2 * (stride + 1)))
	r |= p & (position << (3 * (stride + 1)))
	r |= p & (position >> (stride + 1))
	p = (position >> (stride + 1)) & (position >> (2 * (stride + 1)))
	r |= p & (position << (stride + 1))
	r |= p & (position >> (3 * (stride + 1)))

	return r & (boardMask ^ mask)
}

// hasFour reports whether the stones in position include four in a row.
func hasFour(position uint64) bool {
	for _, d := range [4]uint{1, stride, stride - 1, stride + 1} {
		m := position & (position >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

// Mirror returns the position reflected left to right.
func (p *Position) Mirror() Position {
	return Position{current: mirrorBits(p.current), mask: mirrorBits(p.mask), moves: p.moves}
}

// CanonicalKey returns the smaller of the keys of p and of its mirror
// image: the key under which the table and the book know p.
func (p *Position) CanonicalKey() uint64 {
	k, _ := canonicalKey(p.Key())
	return k
}

// mirrorBits reflects a board of column groups left to right; the key of
// the mirrored position is the mirror of the key.
func mirrorBits(k uint64) uint64 {
	const col = 1<<stride - 1
	return (k&col)<<(6*stride) | (k>>stride&col)<<(5*stride) | (k>>(2*stride)&col)<<(4*stride) |
		(k>>(3*stride)&col)<<(3*stride) |
		(k>>(4*stride)&col)<<(2*stride) | (k>>(5*stride)&col)<<stride | k>>(6*stride)&col
}

// canonicalKey returns the smaller of the keys of p and its mirror image,
// and whether it is the mirror's.
func canonicalKey(k uint64) (key uint64, mirrored bool) {
	if m := mirrorBits(k); m < k {
		return m, true
	}
	return k, false
}
