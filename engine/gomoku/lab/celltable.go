package lab

import (
	"encoding/json"
	"fmt"
	"slices"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// The cell table evaluation: a value for every combination of four line
// patterns a player makes at an empty cell, one table for the side to move
// and one for the opponent, summed over the empty cells. A search with a
// table (Options.Table) has the board keep the sums up to date
// (gomoku.Variant.Cells), so an evaluation is two additions. It
// generalises the weighed counts of EvalWeights: a pattern count is a sum
// over the empty cells of the patterns of their four lines, and a class
// count a sum of the cells' classes, so every EvalWeights has a CellTable
// that evaluates every position the same (TableOf). The table is written
// with the order of the directions forgotten, as the engine's
// combinations (gomoku.Combo) are not.

// NumCellCombos is the number of combinations of four line patterns when
// the order of the directions does not matter: the multisets of four of
// the nine patterns.
const NumCellCombos = 495

// CellTable holds the value of each combination of four line patterns (in
// the order of CellCombo) at an empty cell: [0] for the side to move's
// patterns there, [1] for the opponent's. The combinations with a five
// hardly matter (a five to make is answered or won before a position is
// evaluated); the fit leaves them as they are.
type CellTable [2][NumCellCombos]int32

// The engine's combinations are those of nine patterns: a compile-time
// check.
const (
	_ = uint(gomoku.NumCombos - numPatterns*numPatterns*numPatterns*numPatterns)
	_ = uint(numPatterns*numPatterns*numPatterns*numPatterns - gomoku.NumCombos)
)

// cellCombos lists the four patterns of each CellTable index, weakest
// first; canonCombo maps an engine combination to its CellTable index, and
// firstCombo a CellTable index to the first engine combination of its
// patterns.
var cellCombos, canonCombo, firstCombo = buildCellCombos()

// buildCellCombos returns cellCombos, canonCombo and firstCombo.
func buildCellCombos() (cellCombos *[NumCellCombos][4]int, canonCombo *[gomoku.NumCombos]uint16, firstCombo *[NumCellCombos]gomoku.Combo) {
	cellCombos, canonCombo, firstCombo = new([NumCellCombos][4]int), new([gomoku.NumCombos]uint16), new([NumCellCombos]gomoku.Combo)
	n := 0
	for a := range numPatterns {
		for b := a; b < numPatterns; b++ {
			for c := b; c < numPatterns; c++ {
				for d := c; d < numPatterns; d++ {
					cellCombos[n] = [4]int{a, b, c, d}
					n++
				}
			}
		}
	}
	for k := gomoku.NumCombos - 1; k >= 0; k-- {
		ps := gomoku.Combo(k).Patterns()
		slices.Sort(ps[:])
		i, _ := slices.BinarySearchFunc(cellCombos[:], ps, func(c, ps [4]int) int { return slices.Compare(c[:], ps[:]) })
		canonCombo[k], firstCombo[i] = uint16(i), gomoku.Combo(k)
	}
	return cellCombos, canonCombo, firstCombo
}

// CellCombo returns the four line patterns of CellTable index k, weakest
// first, each from 0 (none) to 8 (five) in the order of EvalWeights'
// pattern features.
func CellCombo(k int) [4]int { return cellCombos[k] }

// CellComboUsed reports whether the fit should set CellTable index k:
// every combination without a five.
func CellComboUsed(k int) bool { return cellCombos[k][3] != patternFive }

// TableOf returns the CellTable that evaluates every position as the
// weights w do.
func TableOf(w *EvalWeights) CellTable {
	var t CellTable
	for k, ps := range cellCombos {
		class := firstCombo[k].Class()
		for role := range 2 {
			ws := w[role*featuresPerSide : (role+1)*featuresPerSide]
			var v int32
			for _, p := range ps {
				if p != patternNone && p != patternFive {
					v += ws[p]
				}
			}
			if class != classNone && class != classFive {
				v += ws[numPatterns+class]
			}
			t[role][k] = v
		}
	}
	return t
}

// tableFrom returns the CellTable of values v, which must give every
// engine combination of the same patterns the same value.
func tableFrom(v *gomoku.CellValues) CellTable {
	var t CellTable
	for k, c := range firstCombo {
		t[0][k], t[1][k] = v[c][0], v[c][1]
	}
	return t
}

// values returns t in the engine's form, for a search.
func (t *CellTable) values() *gomoku.CellValues {
	v := new(gomoku.CellValues)
	for k, c := range canonCombo {
		v[k] = [2]int32{t[0][c], t[1][c]}
	}
	return v
}

// cellValues keeps the engine's form of each cell table Options has named.
var cellValues = engineForms[CellTable, gomoku.CellValues]{form: (*CellTable).values}

// DefaultTable returns the cell table the fits start from
// (celltable_data.go): the table of the engine's weights unless a fitted
// one is kept there. A search with the table of the engine's weights as
// Options.Table evaluates every position as one without.
func DefaultTable() CellTable { return defaultTable }

// CellComboCounts returns how many empty cells of st make each CellTable
// combination for the side to move ([0]) and for the opponent ([1]), for
// fitting the table: a table's evaluation of st is their values summed,
// before clamping.
func CellComboCounts(st *gomoku.State) *[2][NumCellCombos]int32 {
	counts := new([2][NumCellCombos]int32)
	st.EmptyCells(func(c gomoku.EmptyCell) {
		for role := range 2 {
			counts[role][canonCombo[c.Combos[role]]]++
		}
	})
	return counts
}

// ParseTable reads a CellTable written as JSON (the form encoding/json
// gives it: two arrays of NumCellCombos integers).
func ParseTable(data []byte) (CellTable, error) {
	var t CellTable
	var lists [][]int32
	if err := json.Unmarshal(data, &lists); err != nil {
		return t, err
	}
	if len(lists) != 2 || len(lists[0]) != NumCellCombos || len(lists[1]) != NumCellCombos {
		return t, fmt.Errorf("want 2 arrays of %d values", NumCellCombos)
	}
	copy(t[0][:], lists[0])
	copy(t[1][:], lists[1])
	return t, nil
}

// ParseEval reads an evaluation written as JSON: weights (ParseWeights)
// or, when data holds none, a cell table (ParseTable). Without an error
// exactly one of the two results is set.
func ParseEval(data []byte) (*EvalWeights, *CellTable, error) {
	w, werr := ParseWeights(data)
	if werr == nil {
		return &w, nil, nil
	}
	t, terr := ParseTable(data)
	if terr != nil {
		return nil, nil, fmt.Errorf("neither weights (%v) nor a cell table (%v)", werr, terr)
	}
	return nil, &t, nil
}

// The move-ordering (policy) table: a CellTable whose values rate playing
// at a quiet node's candidate cell by the combinations both players make
// there, [0] the mover's and [1] the opponent's. The search adds the
// history heuristic and the killers to it.

// PolicyOf returns the policy table of the engine's hand-set ordering
// (gomoku.DefaultPolicy): the cell score of the mover's combination plus
// seven eighths of the opponent's.
func PolicyOf() CellTable {
	v := gomoku.DefaultPolicy()
	return tableFrom(&v)
}

// DefaultPolicy returns the policy table the fits start from
// (celltable_policy.go): the engine's ordering (PolicyOf) unless a fitted
// one is kept there. A search orders by the engine's own unless
// Options.Policy names another.
func DefaultPolicy() CellTable { return defaultPolicyTable }

// PolicyCombos calls fn with every candidate cell of a quiet node of st
// (each empty cell within two of a stone) as a move, with the CellTable
// indices of the combinations the side to move and the opponent make
// there, for fitting the policy table.
func PolicyCombos(st *gomoku.State, fn func(m engine.Move, mine, theirs int)) {
	st.EmptyCells(func(c gomoku.EmptyCell) {
		if c.Candidate {
			fn(c.Move, int(canonCombo[c.Combos[0]]), int(canonCombo[c.Combos[1]]))
		}
	})
}
