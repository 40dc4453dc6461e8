package gomoku

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"movesvc/engine"
)

// TestEmptyCells checks, over the positions of random games, what
// EmptyCells gives against independent counts: one call per empty cell;
// the candidates, in order, are the moves LegalMoves lists first (near a
// stone); the patterns and classes of the combinations, counted over the
// cells, are the features; and each line key holds the stones the board's
// rows show around the cell.
func TestEmptyCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	steps := [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} // the board's four directions
	for game := range 2 {
		b := new(board)
		b.init(15, Rule(game%2))
		for b.ply < 50 && !b.five && !b.full() {
			randomGame(b, rng, 1)
			st := &State{b: *b}
			rows, legal := st.Board(), st.LegalMoves(nil)
			me := "xo"[b.toMove()]
			var counted [NumFeatures]int32
			n, candidates := 0, 0
			st.EmptyCells(func(c EmptyCell) {
				n++
				if c.Candidate {
					if legal[candidates] != c.Move {
						t.Fatalf("game %d ply %d: candidate %d is %s, LegalMoves' %s", game, b.ply, candidates,
							st.FormatMove(c.Move), st.FormatMove(legal[candidates]))
					}
					candidates++
				}
				for role, combo := range c.Combos {
					for _, p := range combo.Patterns() {
						counted[role*featuresPerSide+p]++
					}
					counted[role*featuresPerSide+np+combo.Class()]++
				}
				row, col := st.Cell(c.Move)
				for d, key := range c.Lines {
					for j := range 8 {
						k := j - 4 // the cells four before to one before, then one to four after
						if k >= 0 {
							k++
						}
						r, cc := row+k*steps[d][0], col+k*steps[d][1]
						want := 3 // off the board
						if r >= 0 && r < 15 && cc >= 0 && cc < 15 {
							want = strings.IndexByte(".xo", rows[r][cc])
						}
						if got := int(key >> (2 * j) & 3); got != want {
							t.Fatalf("game %d ply %d: %s direction %d cell %d: %d, want %d (%c to move)",
								game, b.ply, st.FormatMove(c.Move), d, k, got, want, me)
						}
					}
				}
			})
			if n != st.RemainingPlies() || candidates == 0 || counted != st.EvalFeatures() {
				t.Fatalf("game %d ply %d: %d cells, %d candidates, counted %v, features %v",
					game, b.ply, n, candidates, counted, st.EvalFeatures())
			}
		}
	}
}

// TestEvaluateWith checks the evaluation a variant gives a position
// against the values summed over EmptyCells: the engine's own with the
// zero Variant, cell values in place of the weights, line values added to
// them.
func TestEvaluateWith(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	cells, lines := randomValues(rng)
	b := new(board)
	b.init(15, Freestyle)
	for b.ply < 50 && !b.five && !b.full() {
		randomGame(b, rng, 1)
		st := &State{b: *b}
		me := b.toMove()
		var cellSum, lineSum int32
		st.EmptyCells(func(c EmptyCell) {
			cellSum += cells[c.Combos[0]][0] + cells[c.Combos[1]][1]
			for _, key := range c.Lines {
				lineSum += lines[me][key][0] + lines[1-me][key][1]
			}
		})
		if got := st.EvaluateWith(Variant{}); got != st.Evaluate() {
			t.Fatalf("ply %d: zero variant %d, Evaluate %d", b.ply, got, st.Evaluate())
		}
		if got := st.EvaluateWith(Variant{Cells: cells}); got != cellSum {
			t.Fatalf("ply %d: cell values %d, summed %d", b.ply, got, cellSum)
		}
		if got, want := st.EvaluateWith(Variant{Cells: cells, Lines: lines}), cellSum+lineSum; got != want {
			t.Fatalf("ply %d: cell and line values %d, summed %d", b.ply, got, want)
		}
		if got, want := st.EvaluateWith(Variant{Lines: lines}), st.Evaluate()+lineSum; got != want {
			t.Fatalf("ply %d: weights and line values %d, want %d", b.ply, got, want)
		}
		if st.b.values != nil || st.b.lineVals != nil {
			t.Fatalf("ply %d: the board keeps sums after EvaluateWith", b.ply)
		}
	}
}

// TestSearchLeavesNoValues checks that a search with cell and line values
// leaves the board keeping no sums, its bookkeeping as a recount's.
func TestSearchLeavesNoValues(t *testing.T) {
	start, err := Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{"h8", "i9", "j7", "g9", "i7", "j8"}})
	if err != nil {
		t.Fatal(err)
	}
	st := start.(*State)
	cells, lines := randomValues(rand.New(rand.NewPCG(25, 26)))
	st.SearchWith(context.Background(), engine.Limits{Depth: 4}, Options{Variant: Variant{Cells: cells, Lines: lines}})
	if st.b.values != nil || st.b.valueSum != [2][2]int32{} || st.b.lineVals != nil || st.b.lineSum != [2][2]int32{} ||
		sameBookkeeping(&st.b) != "" {
		t.Error("the board still keeps the values' sums after the search")
	}
}
