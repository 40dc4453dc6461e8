package gomoku

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"movesvc/engine"
)

// TestCellCombos checks the canonical combinations: 495 distinct sorted
// sets of four patterns, and every board combination index mapped to the
// set of its four patterns.
func TestCellCombos(t *testing.T) {
	seen := map[[4]pattern]bool{}
	for k, ps := range cellCombos {
		if ps[0] > ps[1] || ps[1] > ps[2] || ps[2] > ps[3] || seen[ps] {
			t.Fatalf("combination %d %v unsorted or repeated", k, ps)
		}
		seen[ps] = true
	}
	for k := range comboKeys {
		counts := [np]int{}
		x := k
		for range 4 {
			counts[x%np]++
			x /= np
		}
		for _, p := range cellCombos[canonCombo[k]] {
			counts[p]--
		}
		if counts != [np]int{} {
			t.Fatalf("combination index %d maps to %v", k, cellCombos[canonCombo[k]])
		}
	}
	if CellComboUsed(NumCellCombos-1) || !CellComboUsed(0) {
		t.Error("CellComboUsed: the four fives are used or the empty cell is not")
	}
}

// TestTableOfWeights checks that the table TableOf makes of random weights
// evaluates every position of random games as the weights do, with the
// board's sums kept by play and logged and unlogged undo, and that the
// counts CellComboCounts gives sum to the evaluation.
func TestTableOfWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var w EvalWeights
	for i := range w {
		w[i] = int32(rng.IntN(201) - 100)
	}
	table := TableOf(&w)
	values := table.expand()
	for game := range 6 {
		b := new(board)
		b.init(15, Rule(game%2))
		b.setValues(values)
		if game%3 == 2 {
			b.attach(new(undoLog))
		}
		check := func() {
			if got, want := evaluateTable(b), evaluate(b, &w); got != want {
				t.Fatalf("game %d after %d: table %d, weights %d", game, b.ply, got, want)
			}
			var counts [2][NumCellCombos]int32
			cellComboCounts(b, &counts)
			var sum int32
			for role := range 2 {
				for k, n := range counts[role] {
					sum += n * table[role][k]
				}
			}
			if me := b.toMove(); sum != b.valueSum[me][0]+b.valueSum[1-me][1] {
				t.Fatalf("game %d after %d: counts weigh %d, sums %v", game, b.ply, sum, b.valueSum)
			}
		}
		playAndUndo(b, rng, check)
	}
}

// TestSearchWithTableOfWeights checks that a search with the table of the
// default weights and one with those weights themselves give the same
// move, score and nodes, and that the board keeps no table's sums
// afterwards.
func TestSearchWithTableOfWeights(t *testing.T) {
	start, err := Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{"h8", "i9", "j7", "g9", "i7", "j8"}})
	if err != nil {
		t.Fatal(err)
	}
	st := start.(*State)
	w := DefaultWeights()
	w[1]++ // not the default table's weights
	table := TableOf(&w)
	params := engine.Params{Depth: 6}
	a := st.SearchWith(context.Background(), params, Options{Weights: &w})
	b := st.SearchWith(context.Background(), params, Options{Table: &table})
	if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
		t.Errorf("weights: %v %d %d nodes; their table: %v %d %d nodes", a.Move, a.Score, a.Nodes, b.Move, b.Score, b.Nodes)
	}
	if st.b.values != nil || st.b.valueSum != [2][2]int32{} || sameBookkeeping(&st.b) != "" {
		t.Error("the board still keeps the table's sums after the search")
	}
}

func TestParseTable(t *testing.T) {
	table := DefaultTable()
	data, err := json.Marshal(table)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseTable(data)
	if err != nil || got != table {
		t.Fatalf("ParseTable(Marshal(table)) = %v, %v", got == table, err)
	}
	if _, err := ParseTable([]byte("[[1,2],[3]]")); err == nil {
		t.Error("ParseTable accepted short arrays")
	}
}

// TestParseEval checks that weights read as weights, a cell table as a
// table, and anything else is refused.
func TestParseEval(t *testing.T) {
	weights, table := DefaultWeights(), DefaultTable()
	wdata, err := json.Marshal(weights)
	if err != nil {
		t.Fatal(err)
	}
	tdata, err := json.Marshal(table)
	if err != nil {
		t.Fatal(err)
	}
	if w, tt, err := ParseEval(wdata); err != nil || tt != nil || w == nil || *w != weights {
		t.Errorf("ParseEval(weights) = %v, %v, %v", w, tt != nil, err)
	}
	if w, tt, err := ParseEval(tdata); err != nil || w != nil || tt == nil || *tt != table {
		t.Errorf("ParseEval(table) = %v, %v, %v", w, tt != nil, err)
	}
	if _, _, err := ParseEval([]byte("[1, 2]")); err == nil || !strings.Contains(err.Error(), "neither weights") {
		t.Errorf("ParseEval([1, 2]) = %v, want an error naming both forms", err)
	}
}

// TestPolicyOf checks that the hand-set ordering's policy table rates every
// board combination as the cell scores do: the mover's score plus
// candidateDefenceEighths/8 of the opponent's.
func TestPolicyOf(t *testing.T) {
	table := PolicyOf()
	p := table.expand()
	for k := range comboKeys {
		if s := combos[k].score; p[k][0] != s || p[k][1] != s*candidateDefenceEighths/8 {
			t.Fatalf("combination %d: policy %v, cell score %d", k, p[k], s)
		}
	}
}

// TestSearchWithPolicy checks that a policy table given in Options orders
// the candidates: one that reverses the hand-set one searches another
// tree, and the default table the same as when it is given.
func TestSearchWithPolicy(t *testing.T) {
	start, err := Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{"h8", "i9", "j7", "g9", "i7", "j8"}})
	if err != nil {
		t.Fatal(err)
	}
	st := start.(*State)
	params := engine.Params{Depth: 5}
	hand := PolicyOf()
	var reversed CellTable
	for role := range 2 {
		for k, v := range hand[role] {
			reversed[role][k] = -v
		}
	}
	given := DefaultPolicy()
	a := st.SearchWith(context.Background(), params, Options{Policy: &given})
	b := st.SearchWith(context.Background(), params, Options{})
	c := st.SearchWith(context.Background(), params, Options{Policy: &reversed})
	if a.Nodes != b.Nodes || a.Move != b.Move {
		t.Errorf("default policy given: %v in %d nodes; not given: %v in %d", a.Move, a.Nodes, b.Move, b.Nodes)
	}
	if c.Nodes == a.Nodes {
		t.Errorf("reversed policy searched the same %d nodes", c.Nodes)
	}
}
