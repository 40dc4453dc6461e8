package gomoku

import (
	"encoding/json"
	"fmt"
	"sync"

	"movesvc/engine"
)

// The cell table evaluation: a value for every combination of four line
// patterns a player makes at an empty cell, one table for the side to move
// and one for the opponent, summed over the empty cells. During a search
// with Options.Table the board keeps the sums up to date as it keeps the
// class counts, so an evaluation is two additions; other searches keep no
// sums and weigh the counts (keeping them costs about 5% of the search's
// time). It generalises the weighed counts of EvalWeights: a pattern count
// is a sum over the empty cells of the patterns of their four lines, and a
// class count a sum of the cells' classes, so every EvalWeights has a
// CellTable that evaluates every position the same (TableOf).

// NumCellCombos is the number of combinations of four line patterns when
// the order of the directions does not matter: the multisets of four of
// numPatterns patterns.
const NumCellCombos = 495

// CellTable holds the value of each combination of four line patterns (in
// the order of CellCombo) at an empty cell: [0] for the side to move's
// patterns there, [1] for the opponent's. The combinations with a five
// hardly matter (a five to make is answered or won before a position is
// evaluated); the fit leaves them as they are.
type CellTable [2][NumCellCombos]int32

// cellValues is a CellTable expanded to the board's combination indices
// (see comboKeys), both roles of a combination side by side.
type cellValues [comboKeys][2]int32

// cellCombos lists the four patterns of each CellTable index, weakest
// first, and canonCombo maps a combination index to its CellTable index.
var cellCombos, canonCombo = buildCellCombos()

// buildCellCombos returns cellCombos and canonCombo.
func buildCellCombos() (cellCombos *[NumCellCombos][4]pattern, canonCombo *[comboKeys]uint16) {
	cellCombos, canonCombo = new([NumCellCombos][4]pattern), new([comboKeys]uint16)
	n := 0
	for a := range np {
		for b := a; b < np; b++ {
			for c := b; c < np; c++ {
				for d := c; d < np; d++ {
					cellCombos[n] = [4]pattern{pattern(a), pattern(b), pattern(c), pattern(d)}
					n++
				}
			}
		}
	}
	for k := range comboKeys {
		var ps [4]int
		x := k
		for d := range 4 {
			ps[d] = x % np
			x /= np
		}
		// Sort the four patterns (insertion sort), then find their index.
		for i := 1; i < 4; i++ {
			for j := i; j > 0 && ps[j] < ps[j-1]; j-- {
				ps[j], ps[j-1] = ps[j-1], ps[j]
			}
		}
		canonCombo[k] = uint16(comboIndex(cellCombos, ps))
	}
	return cellCombos, canonCombo
}

// comboIndex returns the index in cellCombos of the sorted patterns ps.
func comboIndex(cellCombos *[NumCellCombos][4]pattern, ps [4]int) int {
	lo, hi := 0, NumCellCombos
	for lo < hi { // cellCombos is in lexicographic order
		mid := (lo + hi) / 2
		c := cellCombos[mid]
		less := false
		for d := range 4 {
			if int(c[d]) != ps[d] {
				less = int(c[d]) < ps[d]
				break
			}
			if d == 3 {
				return mid
			}
		}
		if less {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	panic("gomoku: combination not found")
}

// CellCombo returns the four line patterns of CellTable index k, weakest
// first, each from 0 (none) to 8 (five) in the order of EvalWeights'
// pattern features.
func CellCombo(k int) [4]int {
	var out [4]int
	for d, p := range cellCombos[k] {
		out[d] = int(p)
	}
	return out
}

// CellComboUsed reports whether the fit should set CellTable index k:
// every combination without a five.
func CellComboUsed(k int) bool { return cellCombos[k][3] != patFive }

// TableOf returns the CellTable that evaluates every position as the
// weights w do.
func TableOf(w *EvalWeights) CellTable {
	var t CellTable
	for k, ps := range cellCombos {
		var raw [4]pattern
		copy(raw[:], ps[:])
		class := comboOf(raw).class
		for role := range 2 {
			ws := w[role*featuresPerSide : (role+1)*featuresPerSide]
			var v int32
			for _, p := range ps {
				if p != patNone && p != patFive {
					v += ws[p]
				}
			}
			if class != clsNone && class != clsFive {
				v += ws[np+int(class)]
			}
			t[role][k] = v
		}
	}
	return t
}

// expand returns t indexed by the board's combination indices.
func (t *CellTable) expand() *cellValues {
	v := new(cellValues)
	for k := range comboKeys {
		c := canonCombo[k]
		v[k] = [2]int32{t[0][c], t[1][c]}
	}
	return v
}

// DefaultTable returns the cell table of the default weights: a search
// with it as Options.Table evaluates every position as one without.
func DefaultTable() CellTable { return defaultTable }

// setValues makes b keep its cell sums for v, recomputing them when v is
// not the table they are kept for; with v nil b keeps none.
func (b *board) setValues(v *cellValues) {
	if b.values == v {
		return
	}
	b.values = v
	b.valueSum = [2][2]int32{}
	if v == nil {
		return
	}
	for i := range b.cells {
		if b.cells[i] == empty {
			for colour := range 2 {
				x := &v[b.combo[colour][i]]
				b.valueSum[colour][0] += x[0]
				b.valueSum[colour][1] += x[1]
			}
		}
	}
}

// evaluateTable returns the static score of b from the side to move's
// point of view by the cell table b keeps its sums for, within ±MaxEval.
func evaluateTable(b *board) int32 {
	me := b.toMove()
	v := b.valueSum[me][0] + b.valueSum[1-me][1] + lineScore(b)
	return max(-engine.MaxEval, min(engine.MaxEval, v))
}

// cellComboCounts adds to counts, for the side to move (role 0) and the
// opponent (role 1), how many empty cells of b make each CellTable
// combination.
func cellComboCounts(b *board, counts *[2][NumCellCombos]int32) {
	me := b.toMove()
	for i := range b.cells {
		if b.cells[i] == empty {
			for role, colour := range [2]int{me, 1 - me} {
				counts[role][canonCombo[b.combo[colour][i]]]++
			}
		}
	}
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

// expanded caches the expansions of the tables Options.Table has named, so
// that a search with one allocates nothing after the first.
var expanded sync.Map // *CellTable -> *cellValues

// expandedTable returns t expanded, from the cache when t was seen before.
// A table must not change once a search has used it.
func expandedTable(t *CellTable) *cellValues {
	if v, ok := expanded.Load(t); ok {
		return v.(*cellValues)
	}
	v, _ := expanded.LoadOrStore(t, t.expand())
	return v.(*cellValues)
}

// The move-ordering (policy) table: a CellTable whose values rate playing
// at a quiet node's candidate cell by the combinations both players make
// there, [0] the mover's and [1] the opponent's (candidates). The history
// heuristic and the killers are added to it.

// PolicyOf returns the policy table of the hand-set ordering: the cell
// score of the mover's combination (comboOf) plus
// candidateDefenceEighths/8 of the opponent's.
func PolicyOf() CellTable {
	var t CellTable
	for k, ps := range cellCombos {
		var raw [4]pattern
		copy(raw[:], ps[:])
		score := comboOf(raw).score
		t[0][k], t[1][k] = score, score*candidateDefenceEighths/8
	}
	return t
}

// defaultPolicy is the default policy table, expanded.
var defaultPolicy = defaultPolicyTable.expand()

// DefaultPolicy returns the policy table the search orders quiet moves by
// unless Options.Policy replaces it.
func DefaultPolicy() CellTable { return defaultPolicyTable }

// PolicyCombos calls fn with every candidate cell of a quiet node (each
// empty cell within two of a stone) as a move, with the CellTable indices
// of the combinations the side to move and the opponent make there, for
// fitting the policy table.
func (s *State) PolicyCombos(fn func(m engine.Move, mine, theirs int)) {
	b := &s.b
	me := b.toMove()
	b.area(func(i int) bool {
		row, col := b.rowCol(i)
		fn(engine.Move(row*b.size+col), int(canonCombo[b.combo[me][i]]), int(canonCombo[b.combo[1-me][i]]))
		return true
	})
}
