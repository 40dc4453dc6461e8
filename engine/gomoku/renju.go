package gomoku

import "math/bits"

// Renju's forbidden points. Under the renju rule black (x) may not play a
// cell where its stone would make, without making exactly five:
//
//   - an overline: six or more in a row;
//   - a double four: two fours at once (in two lines, or two on one line
//     such as x_xxx_x, the pattern table's forbidFourFour);
//   - a double three: two real threes at once. A three is a line that one
//     more stone turns into a straight four (_xxxx_, which makes five at
//     both ends); it is real when that stone's cell is not itself
//     forbidden, with the three's stones on the board. The definition
//     recurses: the check plays the stone and asks of each cell that would
//     make the straight four whether it is forbidden in turn.
//
// Exactly five wins even when the same stone makes one of these. White may
// play anywhere and wins by five or more. The pattern table reads black's
// lines under renju by exactly five and straight fours (lineRuleOf), so a
// four and an open three of black's in the counts are what the rule calls
// them, and a forbidden point is one of black's cells these checks flag.

// forbidKind says why a cell is forbidden to black.
type forbidKind uint8

// The kinds of forbidden point, from the cheapest check to the dearest.
const (
	notForbidden forbidKind = iota
	forbidByOverline
	forbidByDoubleFour
	forbidByDoubleThree
)

// String names the kind as an answer's error does.
func (k forbidKind) String() string {
	switch k {
	case forbidByOverline:
		return "an overline"
	case forbidByDoubleFour:
		return "a double four"
	case forbidByDoubleThree:
		return "a double three"
	}
	return "not forbidden"
}

// forbidden reports whether the empty cell i is forbidden to black: true
// only under renju (forbiddenKind).
func (b *board) forbidden(i int) bool {
	return b.rule == Renju && b.forbiddenKind(i) != notForbidden
}

// forbiddenKind returns why black may not play the empty cell i under
// renju, or notForbidden. The overline and the double four are read off
// the line keys; a double three (two lines where black makes an open three)
// is checked by playing the stone and asking, for each three, whether a
// cell that turns it into a straight four is not forbidden itself
// (realThree). It must be called only under renju, in a position where
// the game goes on.
func (b *board) forbiddenKind(i int) forbidKind {
	fours, threes := 0, uint8(0)
	for d := range 4 {
		switch b.pat(0, d, i) {
		case patFive:
			return notForbidden
		case patFour, patOpen4:
			fours++
		case patOpen3:
			threes |= 1 << d
		}
	}
	for d := range 4 {
		key := b.keys[d][i]
		if blackFields(key) < 4 {
			continue // an overline or two fours on a line need four more stones
		}
		switch b.table.forbid[key>>b.table.shift&b.table.mask] {
		case forbidOverline:
			return forbidByOverline
		case forbidFourFour:
			fours++ // counted once above as a four
		}
	}
	switch {
	case fours >= 2:
		return forbidByDoubleFour
	case bits.OnesCount8(threes) >= 2 && b.realThrees(i, threes) >= 2:
		return forbidByDoubleThree
	}
	return notForbidden
}

// blackFields returns how many fields of a line key hold black's stones.
func blackFields(key uint32) int {
	const low = 0x55555 // the low bit of each of the ten fields
	return bits.OnesCount32(key & low &^ (key >> 1 & low))
}

// realThrees plays black's stone on the empty cell i and returns how many
// of the directions in the mask threes (where the stone makes an open
// three) hold a real three (realThree), stopping at two; the board is as
// it was when it returns.
func (b *board) realThrees(i int, threes uint8) int {
	passed, five := b.toMove() != 0, b.five
	if passed {
		b.pass()
	}
	b.play(i)
	n := 0
	for d := 0; d < 4 && n < 2; d++ {
		if threes&(1<<d) != 0 && b.realThree(i, d) {
			n++
		}
	}
	b.undo(i)
	if passed {
		b.unpass()
	}
	b.five = five
	return n
}

// realThree reports whether black's stone on i, just played, makes a real
// three in direction d: walking from i along the line over black's stones,
// the first empty cell on one side or the other turns the line into a
// straight four (black's open four in d) and is not forbidden itself.
func (b *board) realThree(i, d int) bool {
	step := b.steps[d]
	for _, s := range [2]int{-step, step} {
		j := i
		for range halfLine - 1 {
			j += s
			if b.cells[j] == black {
				continue
			}
			if b.cells[j] == empty && b.pat(0, d, j) == patOpen4 && b.forbiddenKind(j) == notForbidden {
				return true
			}
			break
		}
	}
	return false
}

// mayPlay reports whether colour may play the empty cell i: anywhere but
// black's forbidden points under renju.
func (b *board) mayPlay(colour, i int) bool {
	return colour != 0 || b.rule != Renju || b.forbiddenKind(i) == notForbidden
}

// threatens reports whether colour has an open three: a cell where it makes
// an open four, which under renju black must also be allowed to play.
func (b *board) threatens(colour int) bool {
	if b.count[colour][patOpen4] == 0 {
		return false
	}
	if colour != 0 || b.rule != Renju {
		return true
	}
	real := false
	b.eachFourCell(0, func(i int) bool {
		open4 := false
		for d := range 4 {
			open4 = open4 || b.pat(0, d, i) == patOpen4
		}
		real = open4 && b.forbiddenKind(i) == notForbidden
		return !real
	})
	return real
}

// firstAllowed returns the first empty cell, row by row, the side to move
// may play; the board must have one.
func (b *board) firstAllowed() int {
	for row := range b.size {
		for col := range b.size {
			if i := b.index(row, col); b.cells[i] == empty && b.mayPlay(b.toMove(), i) {
				return i
			}
		}
	}
	return -1
}
