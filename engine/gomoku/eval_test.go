package gomoku

import (
	"math/rand/v2"
	"testing"

	"movesvc/engine"
)

// TestEvaluateWeighsFeatures plays random games and checks after every move
// that evaluate is the features weighed by random weights, clamped, with
// the unused weights (the empty pattern and class, five) ignored, and that
// the features are the side to move's counts first.
func TestEvaluateWeighsFeatures(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	var w [NumFeatures]int32
	for i := range w {
		w[i] = int32(rng.IntN(201) - 100)
	}
	unused := func(j int) bool {
		j %= featuresPerSide
		return j == int(patNone) || j == int(patFive) || j == np+int(clsNone) || j == np+int(clsFive)
	}
	for game := range 20 {
		b := new(board)
		b.init(15, Rule(game%2))
		for b.ply < 60 && !b.five && !b.full() {
			m := randomGame(b, rng, 1)[0]
			f := features(b)
			me := b.toMove()
			if f[0] != b.count[me][0] || f[np] != b.classes[me][0] ||
				f[featuresPerSide+int(patOpen3)] != b.count[1-me][patOpen3] {
				t.Fatalf("game %d after %d: features not the side to move's first", game, b.ply)
			}
			var want int64
			for j, x := range f {
				if !unused(j) {
					want += int64(w[j]) * int64(x)
				}
			}
			want = max(-int64(engine.MaxEval), min(int64(engine.MaxEval), want))
			if got := evaluate(b, &w); int64(got) != want {
				t.Fatalf("game %d after %d (%d): evaluate = %d, want %d", game, b.ply, m, got, want)
			}
		}
	}
}

// TestQuiet checks Quiet against positions with and without a five to make
// or a win that needs no search.
func TestQuiet(t *testing.T) {
	for _, c := range []struct {
		moves []string
		quiet bool
	}{
		{[]string{"h8", "i9", "h9", "g7"}, true},
		{[]string{"h8", "a1", "h9", "a2", "h10", "a3", "h11"}, false}, // x has four to five: o must block
		{[]string{"h8", "a1", "h9", "a2", "h10"}, true},               // o to move against an open three
		{[]string{"h8", "a1", "h9", "a2", "h10", "a3"}, false},        // x to move makes an open four
	} {
		st, err := Game{}.NewState(engine.Setup{FromMoves: true, Moves: c.moves})
		if err != nil {
			t.Fatal(err)
		}
		if got := st.(*State).Quiet(); got != c.quiet {
			t.Errorf("%v: Quiet() = %v, want %v", c.moves, got, c.quiet)
		}
	}
}
