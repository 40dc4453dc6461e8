package gomoku

// symmetry is one of the eight symmetries of the square board, as the bits
// of three steps applied in turn: symTranspose swaps row and column, then
// symFlipRows and symFlipCols mirror the rows and the columns. 0 is the
// identity.
type symmetry uint8

const (
	symTranspose symmetry = 1 << iota
	symFlipRows
	symFlipCols
	numSymmetries = 8
)

// mapCell returns the padded cell the symmetry t takes the padded board
// cell i to.
func (b *board) mapCell(t symmetry, i int) int {
	row, col := b.rowCol(i)
	if t&symTranspose != 0 {
		row, col = col, row
	}
	if t&symFlipRows != 0 {
		row = b.size - 1 - row
	}
	if t&symFlipCols != 0 {
		col = b.size - 1 - col
	}
	return b.index(row, col)
}

// symmetries returns the set of symmetries that leave the position as it
// is, every stone taken to a stone of its colour and every empty cell to an
// empty one, as a bit mask over the symmetries (bit t for symmetry t; bit
// 0, the identity, always set). The rule and the side to move are the same
// for every symmetry, so two moves one of these takes to the other have
// the same value. It looks at every cell for each symmetry, and is meant
// for the root.
func (b *board) symmetries() uint8 {
	set := uint8(1)
	for t := symmetry(1); t < numSymmetries; t++ {
		if b.keptBy(t) {
			set |= 1 << t
		}
	}
	return set
}

// keptBy reports whether the symmetry t takes every cell to a cell of the
// same content.
func (b *board) keptBy(t symmetry) bool {
	for row := range b.size {
		for col := range b.size {
			i := b.index(row, col)
			if b.cells[b.mapCell(t, i)] != b.cells[i] {
				return false
			}
		}
	}
	return true
}
