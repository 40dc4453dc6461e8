package lab

import (
	"math/rand/v2"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// TestCellCombos checks the canonical combinations: 495 distinct sorted
// sets of four patterns, and every engine combination mapped to the set of
// its four patterns (the combination's digits in base 9).
func TestCellCombos(t *testing.T) {
	seen := map[[4]int]bool{}
	for k, ps := range cellCombos {
		if ps[0] > ps[1] || ps[1] > ps[2] || ps[2] > ps[3] || seen[ps] {
			t.Fatalf("combination %d %v unsorted or repeated", k, ps)
		}
		seen[ps] = true
	}
	for k := range gomoku.NumCombos {
		counts := [numPatterns]int{}
		x := k
		for range 4 {
			counts[x%numPatterns]++
			x /= numPatterns
		}
		for _, p := range cellCombos[canonCombo[k]] {
			counts[p]--
		}
		if counts != [numPatterns]int{} || canonCombo[firstCombo[canonCombo[k]]] != canonCombo[k] {
			t.Fatalf("combination index %d maps to %v", k, cellCombos[canonCombo[k]])
		}
	}
	if CellComboUsed(NumCellCombos-1) || !CellComboUsed(0) {
		t.Error("CellComboUsed: the four fives are used or the empty cell is not")
	}
}

// TestTableOfWeights checks that the table TableOf makes of random weights
// evaluates every position of random games as the weights do, with the
// sums the engine keeps for a search, and that the counts CellComboCounts
// gives, weighed by the table, are that evaluation.
func TestTableOfWeights(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	var w EvalWeights
	for i := range w {
		w[i] = int32(rng.IntN(201) - 100)
	}
	table := TableOf(&w)
	byTable := Options{Table: &table}.Variant()
	walk(t, rng, 6, func(st *gomoku.State) {
		got, want := st.EvaluateWith(byTable), Evaluate(st, &w)
		if got != want {
			t.Fatalf("ply %d: table %d, weights %d", st.Ply(), got, want)
		}
		var sum int32
		for role, counts := range CellComboCounts(st) {
			for k, n := range counts {
				sum += n * table[role][k]
			}
		}
		if sum != got {
			t.Fatalf("ply %d: counts weigh %d, the table's sums %d", st.Ply(), sum, got)
		}
	})
}

// TestSearchWithTableOfWeights checks that a search with the table of the
// default weights and one with those weights themselves give the same
// move, score and nodes.
func TestSearchWithTableOfWeights(t *testing.T) {
	st := played(t, "freestyle", "h8 i9 j7 g9 i7 j8")
	w := DefaultWeights()
	w[1]++ // not the default table's weights
	table := TableOf(&w)
	a := search(st, 6, Options{Weights: &w})
	b := search(st, 6, Options{Table: &table})
	if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
		t.Errorf("weights: %v %d %d nodes; their table: %v %d %d nodes", a.Move, a.Score, a.Nodes, b.Move, b.Score, b.Nodes)
	}
}

func TestParseTable(t *testing.T) {
	table := DefaultTable()
	got, err := ParseTable(marshal(t, table))
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
	wdata, tdata := marshal(t, weights), marshal(t, table)
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
// engine combination as the engine's ordering does, the combinations of
// the same four patterns alike, and that it is the default policy table.
func TestPolicyOf(t *testing.T) {
	table := PolicyOf()
	p, engines := table.values(), gomoku.DefaultPolicy()
	for k := range gomoku.NumCombos {
		if p[k] != engines[k] {
			t.Fatalf("combination %d: policy %v, the engine's %v", k, p[k], engines[k])
		}
	}
	if DefaultPolicy() != table {
		t.Error("the default policy table is not the hand-set ordering's")
	}
}

// TestSearchWithPolicy checks that a policy table given in Options orders
// the candidates: one that reverses the hand-set one searches another
// tree, and the default table the same as when it is given.
func TestSearchWithPolicy(t *testing.T) {
	st := played(t, "freestyle", "h8 i9 j7 g9 i7 j8")
	hand := PolicyOf()
	var reversed CellTable
	for role := range 2 {
		for k, v := range hand[role] {
			reversed[role][k] = -v
		}
	}
	given := DefaultPolicy()
	a := search(st, 5, Options{Policy: &given})
	b := search(st, 5, Options{})
	c := search(st, 5, Options{Policy: &reversed})
	if a.Nodes != b.Nodes || a.Move != b.Move {
		t.Errorf("default policy given: %v in %d nodes; not given: %v in %d", a.Move, a.Nodes, b.Move, b.Nodes)
	}
	if c.Nodes == a.Nodes {
		t.Errorf("reversed policy searched the same %d nodes", c.Nodes)
	}
}

// TestPolicyCombos checks that the candidates PolicyCombos gives are the
// legal moves LegalMoves lists first (those within two of a stone), in
// its order.
func TestPolicyCombos(t *testing.T) {
	st := played(t, "standard", "h8 i9 j7 g9 i7 j8")
	var got []engine.Move
	PolicyCombos(st, func(m engine.Move, mine, theirs int) { got = append(got, m) })
	legal := st.LegalMoves(nil)
	for i, m := range got {
		if m != legal[i] {
			t.Fatalf("candidate %d: %s, LegalMoves' %s", i, st.FormatMove(m), st.FormatMove(legal[i]))
		}
	}
	if len(got) < 20 || len(got) >= len(legal) {
		t.Errorf("%d candidates of %d legal moves", len(got), len(legal))
	}
}
