package gomoku

import "movesvc/engine"

// Cell values: a value for every combination of four line patterns a
// player makes at an empty cell, as the side to move and as the opponent,
// summed over the empty cells. During a search with Variant.Cells the
// board keeps the sums up to date as it keeps the class counts, so an
// evaluation is two additions; other searches keep no sums and weigh the
// counts (keeping them costs about 5% of the search's time). The lab's
// cell tables (engine/gomoku/lab) are written in this form for a search.

// NumCombos is the number of combinations of four line patterns, one for
// each direction.
const NumCombos = comboKeys

// Combo is a combination of four line patterns at an empty cell, what one
// player makes by playing there: the sum over the directions d of its
// pattern in d times 9^d, 0 <= Combo < NumCombos.
type Combo uint16

// Patterns returns c's line patterns, one a direction, each from 0 (none)
// to 8 (five) in the order of the pattern counts of State.EvalFeatures.
func (c Combo) Patterns() [4]int {
	var ps [4]int
	x := int(c)
	for d := range 4 {
		ps[d] = x % np
		x /= np
	}
	return ps
}

// Class returns the class of a cell where a player makes c, from 0 (none)
// to 8 (five) in the order of the class counts of State.EvalFeatures.
func (c Combo) Class() int { return int(combos[c].class) }

// CellValues holds a value of each combination: [0] where the side to
// move makes it, [1] where the opponent does.
type CellValues [NumCombos][2]int32

// setTables makes b keep its cell sums for the values cells and its line
// sums for the values lines (linevalues.go), recomputing both when either
// is not the one they are kept for; for a nil table b keeps no sums.
func (b *board) setTables(cells *CellValues, lines *LineValues) {
	if b.values == cells && b.lineVals == lines {
		return
	}
	b.values, b.lineVals = cells, lines
	b.valueSum, b.lineSum = [2][2]int32{}, [2][2]int32{}
	for i := range b.cells {
		if b.cells[i] != empty {
			continue
		}
		if cells != nil {
			for colour := range 2 {
				x := &cells[b.combo[colour][i]]
				b.valueSum[colour][0] += x[0]
				b.valueSum[colour][1] += x[1]
			}
		}
		for d := range 4 {
			b.addLine(b.keys[d][i], 1)
		}
	}
}

// evaluateTable returns the static score of b from the side to move's
// point of view by the cell values b keeps its sums for, within ±MaxEval.
func evaluateTable(b *board) int32 {
	me := b.toMove()
	v := b.valueSum[me][0] + b.valueSum[1-me][1] + lineScore(b)
	return max(-engine.MaxEval, min(engine.MaxEval, v))
}
