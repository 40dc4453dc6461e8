package gomoku

import (
	"encoding/binary"
	"math/bits"

	"movesvc/engine/grid"
)

// Board geometry: a size x size board is stored row-major in a padded array
// with pad cells of wall on every side, so that a step of up to pad cells in
// any of the four line directions from a board cell stays inside the array
// and lands on the board or on a wall.
const (
	pad     = halfLine
	MinSize = 9
	MaxSize = 19
	// maxCells is the padded array length for MaxSize.
	maxCells = (MaxSize + 2*pad + 1) * (MaxSize + pad)
)

// board is a position with incremental line bookkeeping. For every cell and
// each of the four directions it keeps the line key of the reach cells on
// each side (halfLine under the standard rule, one fewer under freestyle,
// whose patterns never depend on the fifth cell; the fields beyond reach
// stay empty); the pattern tables turn a key into the pattern a player makes
// by playing there. Over the empty cells it keeps, per player, the count of
// each pattern and the count of each cell class, so
// that threat tests and the evaluation are O(1) and a move updates
// 4*2*reach keys.
type board struct {
	size, stride int
	reach        int
	rule         Rule
	table        *patternTable
	cells        [maxCells]int8
	keys         [4][maxCells]uint32
	near         [maxCells]uint8 // stones within Chebyshev distance 2
	steps        [4]int
	count        [2][numPatterns]int32
	// lines holds, per cell, the pattern table's byte of its key in each
	// direction (both colours' patterns), kept for the empty cells and set
	// again when a cell is emptied.
	lines [maxCells][4]uint8
	// combo holds, per colour and empty cell, the index of the combination
	// of its four line patterns (see comboKeys); classes counts, per colour,
	// the empty cells of each class.
	combo   [2][maxCells]uint16
	classes [2][numClasses]int32
	// fourCells is, per colour, the set of empty cells where it makes a
	// four or better (see eachFourCell), so that the generators of fours
	// and of defences need not scan the board.
	fourCells [2]cellSet
	// values, when set (a search with Variant.Cells), are the cell values
	// (cellvalues.go) whose sums valueSum keeps: per colour, the sum over
	// the empty cells of the values of its combination there, [0] as the
	// side to move's and [1] as the opponent's. Nil otherwise, and the
	// sums are not kept.
	values   *CellValues
	valueSum [2][2]int32
	// lineVals, when set (a search with Variant.Lines), are the line values
	// (linevalues.go) whose sums lineSum keeps: per colour, the sum over
	// the empty cells and directions of the values of their keys, [0] as
	// the side to move's and [1] as the opponent's. Nil otherwise.
	lineVals *LineValues
	lineSum  [2][2]int32
	hash     uint64
	ply      int
	history  [MaxSize * MaxSize]int16 // padded cells played, in order
	five     bool                     // the last move made five
	stones   int
	// box is the bounding box of the stones (padded rows and columns), per ply.
	box [MaxSize*MaxSize + 1][4]int8
	// log, while a search has one attached, records what each move changes
	// so that undo puts it back (undolog.go).
	log *undoLog
}

// init sets b to the empty board of the given size and rule.
func (b *board) init(size int, r Rule) {
	b.size, b.stride, b.rule = size, size+pad, r
	b.reach = halfLine
	if r == Freestyle {
		b.reach = halfLine - 1
	}
	b.table = tableFor(r)
	b.steps = [4]int{1, b.stride, b.stride + 1, b.stride - 1}
	for i := range b.cells {
		b.cells[i] = wall
	}
	for row := range size {
		for col := range size {
			b.cells[b.index(row, col)] = empty
		}
	}
	b.ply, b.five, b.hash, b.stones = 0, false, 0, 0
	b.near = [maxCells]uint8{}
	b.box[0] = [4]int8{int8(size), -1, int8(size), -1}
	b.recount()
}

// setStones puts the stones of a parsed board (row-major cells) on the empty
// board, alternating colours so that the ply and side to move follow from
// the counts.
func (b *board) setStones(cells []grid.Cell) {
	var lists [2][]int
	for i, c := range cells {
		if c != grid.Empty {
			lists[c-1] = append(lists[c-1], b.index(i/b.size, i%b.size))
		}
	}
	for k := range lists[0] {
		b.play(lists[0][k])
		if k < len(lists[1]) {
			b.play(lists[1][k])
		}
	}
	b.five = false
}

// fiveOnBoard reports whether a colour has a winning line on the board.
func (b *board) fiveOnBoard() (colour int, ok bool) {
	for i, c := range b.cells {
		if c != black && c != white {
			continue
		}
		for d := range 4 {
			if b.linePat(int(c)-1, d, i) == patFive {
				return int(c) - 1, true
			}
		}
	}
	return 0, false
}

// index returns the padded index of a board cell.
func (b *board) index(row, col int) int { return (row+pad)*b.stride + col + pad }

// rowCol returns the board row and column of a padded index.
func (b *board) rowCol(i int) (row, col int) { return i/b.stride - pad, i%b.stride - pad }

// toMove returns the colour to move: 0 for black (x), 1 for white (o).
func (b *board) toMove() int { return b.ply & 1 }

// full reports whether every cell holds a stone.
func (b *board) full() bool { return b.stones == b.size*b.size }

// lastMove returns the padded index of the last move, or -1.
func (b *board) lastMove() int {
	if b.ply == 0 {
		return -1
	}
	return int(b.history[b.ply-1])
}

// area calls fn for each empty cell within two cells of a stone, row by row
// over the stones' bounding box widened by two, until fn returns false.
func (b *board) area(fn func(i int) bool) {
	bx := b.box[b.ply]
	r0, r1 := max(int(bx[0])-2, 0), min(int(bx[1])+2, b.size-1)
	c0, c1 := max(int(bx[2])-2, 0), min(int(bx[3])+2, b.size-1)
	for r := r0; r <= r1; r++ {
		i := b.index(r, c0)
		for c := c0; c <= c1; c, i = c+1, i+1 {
			if b.cells[i] == empty && b.near[i] > 0 && !fn(i) {
				return
			}
		}
	}
}

// eachFourCell calls fn, in the order of area, for each empty cell where
// colour makes a four or better, until fn returns false. Such a cell has
// three of colour's stones within four cells on a line, so it lies within
// two of a stone: area would visit it.
func (b *board) eachFourCell(colour int, fn func(i int) bool) {
	for w, word := range &b.fourCells[colour] {
		for word != 0 {
			if !fn(w*64 + bits.TrailingZeros64(word)) {
				return
			}
			word &= word - 1
		}
	}
}

// cellSet is a set of padded cells, a bit each.
type cellSet [(maxCells + 63) / 64]uint64

func (cs *cellSet) add(i int)    { cs[i>>6] |= 1 << (i & 63) }
func (cs *cellSet) remove(i int) { cs[i>>6] &^= 1 << (i & 63) }
func (cs *cellSet) flip(i int)   { cs[i>>6] ^= 1 << (i & 63) }

// pat returns the pattern colour makes in direction d by playing at the
// empty cell i.
func (b *board) pat(colour, d, i int) pattern {
	return pattern(b.lines[i][d] >> (4 * uint(colour)) & 15)
}

// linePat returns the pattern colour makes in direction d at any cell i,
// empty or not, from its line key.
func (b *board) linePat(colour, d, i int) pattern { return b.table.get(colour, b.keys[d][i]) }

// cellScore rates playing at the empty cell i for colour: the sum of its
// line values, with bonuses for the combinations that win (comboOf).
func (b *board) cellScore(colour, i int) int32 { return combos[b.combo[colour][i]].score }

// threat returns the strongest pattern colour makes by playing at the empty
// cell i, and how many directions give a four or better (an open four or
// five counting twice).
func (b *board) threat(colour, i int) (best pattern, fours int) {
	c := &combos[b.combo[colour][i]]
	return c.best, int(c.fours)
}

// fourLines returns the number of lines in which colour makes a four or
// better by playing at the empty cell i.
func (b *board) fourLines(colour, i int) int32 {
	var n int32
	for d := range 4 {
		if b.pat(colour, d, i) >= patFour {
			n++
		}
	}
	return n
}

// play puts a stone of the side to move on the empty cell i.
func (b *board) play(i int) {
	colour := b.ply & 1
	stone := uint32(colour + 1)
	e := b.logEntry()
	b.addCell(i, -1)
	for d := range 4 {
		key := b.keys[d][i]
		b.addKey(i, key, -1)
		if b.table.get(colour, key) == patFive {
			b.five = true
		}
	}
	b.cells[i] = int8(stone)
	for d, step := range b.steps {
		for k := 1; k <= b.reach; k++ {
			b.setField(i+k*step, d, fieldShift(-k), stone, e)
			b.setField(i-k*step, d, fieldShift(k), stone, e)
		}
	}
	b.updateNear(i, 1)
	b.hash ^= zobrist[colour][i] ^ zobristSide
	b.history[b.ply] = int16(i)
	row, col := b.rowCol(i)
	bx := b.box[b.ply]
	b.box[b.ply+1] = [4]int8{min(bx[0], int8(row)), max(bx[1], int8(row)), min(bx[2], int8(col)), max(bx[3], int8(col))}
	b.ply++
	b.stones++
}

// undo takes back the last move, which was played on i. A logged move's
// changes are put back from the log; otherwise they are recomputed.
func (b *board) undo(i int) {
	e := b.loggedEntry()
	b.ply--
	b.stones--
	colour := b.ply & 1
	b.hash ^= zobrist[colour][i] ^ zobristSide
	b.updateNear(i, -1)
	b.cells[i] = empty
	b.five = false
	if e != nil {
		// The cell's own line bytes and combination indices were left as
		// they were while it held a stone (setField skips occupied cells).
		for d, step := range b.steps {
			for k := 1; k <= b.reach; k++ {
				b.keys[d][i+k*step] &^= 3 << fieldShift(-k)
				b.keys[d][i-k*step] &^= 3 << fieldShift(k)
			}
		}
		b.restore(e)
		for colour := range 2 {
			if combos[b.combo[colour][i]].fours > 0 {
				b.fourCells[colour].add(i)
			}
		}
		return
	}
	for d, step := range b.steps {
		for k := 1; k <= b.reach; k++ {
			b.setField(i+k*step, d, fieldShift(-k), empty, nil)
			b.setField(i-k*step, d, fieldShift(k), empty, nil)
		}
	}
	for d := range 4 {
		key := b.keys[d][i]
		b.lines[i][d] = b.table.lookup(key)
		b.addKey(i, key, 1)
	}
	b.addCell(i, 1)
}

// pass gives the move to the other side without a stone, for asking what
// the opponent threatens; unpass takes it back.
func (b *board) pass() {
	b.hash ^= zobristSide
	if b.ply > 0 {
		b.history[b.ply] = b.history[b.ply-1]
	}
	b.box[b.ply+1] = b.box[b.ply]
	b.ply++
}

// unpass takes back a pass.
func (b *board) unpass() {
	b.ply--
	b.hash ^= zobristSide
}

// setField sets the field at shift of cell j's key in direction d to c,
// keeping the counts right when j is empty, and records in e, when not
// nil, the line byte and combination indices it changes.
func (b *board) setField(j, d int, shift uint, c uint32, e *undoEntry) {
	key := b.keys[d][j]
	nk := key&^(3<<shift) | c<<shift
	b.keys[d][j] = nk
	if b.cells[j] != empty {
		return
	}
	if b.lineVals != nil {
		b.addLine(key, -1)
		b.addLine(nk, 1)
	}
	before, after := b.lines[j][d], b.table.lookup(nk)
	if before == after {
		return
	}
	var lc *lineChange
	if e != nil {
		// Field by field: a struct built on the stack and copied whole
		// stalls the copy's load behind the narrower stores.
		lc = &e.changes[e.n]
		lc.cell, lc.dir, lc.line, lc.flips = int16(j), uint8(d), before, 0
		lc.combo[0], lc.combo[1] = b.combo[0][j], b.combo[1][j]
		e.n++
	}
	b.lines[j][d] = after
	for colour := range 2 {
		shift := 4 * uint(colour)
		p, q := before>>shift&15, after>>shift&15
		if p != q {
			b.count[colour][p]--
			b.count[colour][q]++
			ko := b.combo[colour][j]
			kn := ko + uint16(q)*dirWeight[d] - uint16(p)*dirWeight[d]
			b.combo[colour][j] = kn
			o, n := &combos[ko], &combos[kn]
			b.classes[colour][o.class]--
			b.classes[colour][n.class]++
			if (o.fours == 0) != (n.fours == 0) {
				b.fourCells[colour].flip(j)
				if lc != nil {
					lc.flips |= 1 << colour
				}
			}
			if vs := b.values; vs != nil {
				vo, vn := &vs[ko], &vs[kn]
				b.valueSum[colour][0] += vn[0] - vo[0]
				b.valueSum[colour][1] += vn[1] - vo[1]
			}
		}
	}
}

// updateNear adds delta (1 or -1) to the neighbour count of the cells
// around i, a row of five counts at a time: a count stays within 0..24, so
// adding or taking one from each byte of a word never carries across bytes.
func (b *board) updateNear(i int, delta int) {
	const ones = 0x0101010101 // one in each of the five bytes of a row
	for dr := -2; dr <= 2; dr++ {
		row := b.near[i+dr*b.stride-2:]
		w := binary.LittleEndian.Uint64(row)
		if delta > 0 {
			w += ones
		} else {
			w -= ones
		}
		binary.LittleEndian.PutUint64(row, w)
	}
}

// addCell adds (sign 1) or removes (sign -1) an empty cell's classes from
// the class counts and its place in the sets of four cells, setting its
// combination indices from its line bytes first when adding.
func (b *board) addCell(i int, sign int32) {
	for colour := range 2 {
		if sign > 0 {
			s := 4 * uint(colour)
			var k uint16
			for d := range 4 {
				k += uint16(b.lines[i][d]>>s&15) * dirWeight[d]
			}
			b.combo[colour][i] = k
		}
		k := b.combo[colour][i]
		b.classes[colour][combos[k].class] += sign
		if sign > 0 && combos[k].fours > 0 {
			b.fourCells[colour].add(i)
		} else {
			b.fourCells[colour].remove(i)
		}
		if vs := b.values; vs != nil {
			v := &vs[k]
			b.valueSum[colour][0] += sign * v[0]
			b.valueSum[colour][1] += sign * v[1]
		}
	}
}

// addKey adds (sign 1) or removes (sign -1) the patterns of an empty cell's
// line key from the pattern counts.
func (b *board) addKey(i int, key uint32, sign int32) {
	both := b.table.lookup(key)
	p0, p1 := both&15, both>>4
	b.count[0][p0] += sign
	b.count[1][p1] += sign
	b.addLine(key, sign)
}

// recount rebuilds every key, line byte, combination, pattern count and
// class count from the cells.
func (b *board) recount() {
	b.count = [2][numPatterns]int32{}
	b.classes = [2][numClasses]int32{}
	b.valueSum = [2][2]int32{}
	b.lineSum = [2][2]int32{}
	b.fourCells = [2]cellSet{}
	for i := range b.cells {
		if b.cells[i] == wall {
			continue
		}
		for d, step := range b.steps {
			var key uint32
			for k := -b.reach; k <= b.reach; k++ {
				if k == 0 {
					continue
				}
				j := i + k*step
				c := int8(wall)
				if j >= 0 && j < len(b.cells) {
					c = b.cells[j]
				}
				key |= uint32(c) << fieldShift(k)
			}
			b.keys[d][i] = key
			b.lines[i][d] = b.table.lookup(key)
			if b.cells[i] == empty {
				b.addKey(i, key, 1)
			}
		}
		if b.cells[i] == empty {
			b.addCell(i, 1)
		}
	}
}
