package lab

import (
	"math/rand/v2"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// TestFeatureNames checks FeatureUsed and FeatureName against the
// engine's features: every feature is used but the empty pattern and class
// and five, and the features named for the opponent's open fours and the
// side to move's open threes count them in a position where x, not to
// move, has an open three and o has none.
func TestFeatureNames(t *testing.T) {
	for j := range gomoku.NumFeatures {
		name := FeatureName(j)
		if FeatureUsed(j) == (name == "none" || name == "five") {
			t.Errorf("FeatureUsed(%d) = %v (%s)", j, FeatureUsed(j), name)
		}
	}
	if a, b := FeatureName(numPatterns+6), FeatureName(featuresPerSide+5); a != "four-three" || b != "open three" {
		t.Errorf("FeatureName: %q, %q", a, b)
	}
	f := played(t, "freestyle", "h8 a1 h9 a2 h10").EvalFeatures()
	openFour, openThree := featuresPerSide+7, 5
	if FeatureName(openFour) != "open four" || FeatureName(openThree) != "open three" || f[openFour] != 2 || f[openThree] != 0 {
		t.Errorf("o to move against x's open three: %s %d for x, %s %d for o",
			FeatureName(openFour), f[openFour], FeatureName(openThree), f[openThree])
	}
}

// TestEvaluate checks that Evaluate with the engine's weights is the
// engine's evaluation, and with random weights the used features weighed
// by them, clamped, over the positions of random games.
func TestEvaluate(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var w EvalWeights
	for i := range w {
		w[i] = int32(rng.IntN(201) - 100)
	}
	fitted := DefaultWeights()
	walk(t, rng, 4, func(st *gomoku.State) {
		if got, want := Evaluate(st, &fitted), st.Evaluate(); got != want {
			t.Fatalf("ply %d: the engine's weights %d, its evaluation %d", st.Ply(), got, want)
		}
		var want int64
		for j, x := range st.EvalFeatures() {
			if FeatureUsed(j) {
				want += int64(w[j]) * int64(x)
			}
		}
		want = max(-int64(engine.MaxEval), min(int64(engine.MaxEval), want))
		if got := Evaluate(st, &w); int64(got) != want {
			t.Fatalf("ply %d: Evaluate = %d, want %d", st.Ply(), got, want)
		}
	})
}

func TestParseWeights(t *testing.T) {
	w := DefaultWeights()
	data := marshal(t, w)
	if got, err := ParseWeights(data); err != nil || got != w {
		t.Errorf("ParseWeights(Marshal(DefaultWeights())) = %v, %v", got, err)
	}
	for _, bad := range []string{"", "{}", "[1,2,3]", `["a"]`, string(data[:len(data)-1]) + ",1]"} {
		if _, err := ParseWeights([]byte(bad)); err == nil {
			t.Errorf("ParseWeights(%q) accepted", bad)
		}
	}
}

// TestPlainEvaluation checks that plain alpha-beta evaluates with the
// hand-set line-pattern weights, which weigh no cell class, unless
// Options.Weights replaces them, and that these differ from the engine's.
func TestPlainEvaluation(t *testing.T) {
	patterns, fitted := PatternWeights(), DefaultWeights()
	for j, w := range patterns {
		if j%(gomoku.NumFeatures/2) >= PatternFeatures && w != 0 {
			t.Errorf("pattern weights: feature %d (%s) weighs %d", j, FeatureName(j), w)
		}
	}
	st := played(t, "freestyle", "h8 h9 i9 i8 g7 g9 j9 k10")
	differs := false
	for _, depth := range []int{1, 2, 3} {
		plain := search(st, depth, Options{Plain: true})
		same := search(st, depth, Options{Plain: true, Weights: &patterns})
		other := search(st, depth, Options{Plain: true, Weights: &fitted})
		if plain.Score != same.Score || plain.Move != same.Move || plain.Nodes != same.Nodes {
			t.Errorf("depth %d: plain %+v, with the pattern weights %+v", depth, plain, same)
		}
		differs = differs || plain.Score != other.Score
	}
	if !differs {
		t.Error("plain search scores the same with the fitted weights")
	}
}
