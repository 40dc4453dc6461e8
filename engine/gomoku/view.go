package gomoku

import "movesvc/engine"

// What the lab (engine/gomoku/lab) reads of a position to fit its tables
// and to judge its variants: the features, the empty cells' combinations
// and line keys, the evaluation under a variant, and whether the search
// would evaluate the position at all.

// EvalFeatures returns the counts the static evaluation weighs: for the
// side to move, how many empty cells make each line pattern (none, one,
// two, open two, three, open three, four, open four, five) and each cell
// class (none, open two, three, open three, double three, four,
// four-three, win, five); then the same for the opponent.
func (s *State) EvalFeatures() [NumFeatures]int32 { return features(&s.b) }

// EvaluateWith returns the static score for the side to move that a
// search with the variant v evaluates s by.
func (s *State) EvaluateWith(v Variant) int32 {
	set := v.settings()
	b := &s.b
	b.setTables(set.values, set.lines)
	defer b.setTables(nil, nil)
	return evaluate(b, set.weights)
}

// EmptyCell is what an empty cell of a position holds for the lab's
// tables (State.EmptyCells).
type EmptyCell struct {
	Move engine.Move
	// Candidate reports whether the search's quiet nodes consider the
	// cell: it lies within two cells of a stone.
	Candidate bool
	// Combos are the combinations the side to move ([0]) and the opponent
	// ([1]) make by playing there.
	Combos [2]Combo
	// Lines are the cell's line keys in the four directions (see
	// NumLineKeys).
	Lines [4]uint16
}

// EmptyCells calls fn with every empty cell of s, row by row from the
// top.
func (s *State) EmptyCells(fn func(EmptyCell)) {
	b := &s.b
	me := b.toMove()
	for row := range b.size {
		for col := range b.size {
			i := b.index(row, col)
			if b.cells[i] != empty {
				continue
			}
			c := EmptyCell{Move: engine.Move(row*b.size + col), Candidate: b.near[i] > 0,
				Combos: [2]Combo{Combo(b.combo[me][i]), Combo(b.combo[1-me][i])}}
			for d := range 4 {
				c.Lines[d] = uint16(innerKey(b.keys[d][i]))
			}
			fn(c)
		}
	}
}

// Quiet reports whether the search would evaluate the position statically
// rather than answer it: neither side can make five next move, and the
// side to move has no win that needs no search. Tuning the evaluation
// uses only such positions.
func (s *State) Quiet() bool {
	b := &s.b
	return !b.five && b.count[0][patFive] == 0 && b.count[1][patFive] == 0 && quickWin(b) == 0
}
