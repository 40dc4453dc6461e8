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

// dropSymmetricMoves keeps, of the n moves on top of the move stack (in
// order), the first of each set of moves the position's symmetries take to
// one another, and returns how many are kept; the kept moves stay in
// order, with their scores, on top of the stack. In a position with no
// symmetry but the identity it keeps them all. The symmetries form a
// group, so a move is dropped exactly when one of them takes it to a move
// kept before it: searching that one tells its value.
func (s *searcher) dropSymmetricMoves(n int) int {
	b := s.b
	set := b.symmetries()
	if set == 1 || n <= 1 {
		return n
	}
	start := s.sp - n
	kept := start
	for j := start; j < start+n; j++ {
		m := int(s.moves[j])
		if !s.imageKept(set, m, start, kept) {
			s.moves[kept], s.scores[kept] = s.moves[j], s.scores[j]
			kept++
		}
	}
	s.sp = kept
	return kept - start
}

// imageKept reports whether a symmetry of set other than the identity takes
// m to one of the moves s.moves[from:to].
func (s *searcher) imageKept(set uint8, m, from, to int) bool {
	for t := symmetry(1); t < numSymmetries; t++ {
		if set&(1<<t) == 0 {
			continue
		}
		image := int16(s.b.mapCell(t, m))
		for _, k := range s.moves[from:to] {
			if k == image {
				return true
			}
		}
	}
	return false
}
