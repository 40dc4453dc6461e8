package lab

import (
	"encoding/json"
	"fmt"

	"movesvc/engine/gomoku"
)

// EvalWeights weigh the features of a position (gomoku.State.EvalFeatures)
// in the static evaluation: the side to move's pattern counts (indexed by
// pattern), its cell-class counts (from index PatternFeatures, indexed by
// class), then the same for the opponent. The weights of the empty
// pattern and class and of five are not used (FeatureUsed): a five to make
// is answered or won before a position is evaluated.
type EvalWeights [gomoku.NumFeatures]int32

// PatternFeatures is the number of pattern counts that open each side's
// features in EvalWeights; its cell-class counts follow.
const PatternFeatures = numPatterns

// numPatterns and numClasses count the line patterns and the cell classes,
// none and five included (gomoku.Combo's Patterns and Class).
const (
	numPatterns = 9
	numClasses  = 9
)

// featuresPerSide is the number of features of one player.
const featuresPerSide = numPatterns + numClasses

// The engine's features are those named here: a compile-time check.
const (
	_ = uint(gomoku.NumFeatures - 2*featuresPerSide)
	_ = uint(2*featuresPerSide - gomoku.NumFeatures)
)

// The patterns and classes of those numbers that the evaluation does not
// weigh.
const (
	patternNone = 0
	patternFive = 8
	classNone   = 0
	classFive   = 8
)

// featureNames name one side's features, in order.
var featureNames = [featuresPerSide]string{
	"none", "one", "two", "open two", "three", "open three", "four", "open four", "five",
	"none", "open two", "three", "open three", "double three", "four", "four-three", "win", "five",
}

// FeatureName returns the name of feature j of EvalWeights within its
// side: the pattern or cell class it counts.
func FeatureName(j int) string { return featureNames[j%featuresPerSide] }

// FeatureUsed reports whether the evaluation weighs feature j: every one
// but the empty pattern and class and five (see EvalWeights).
func FeatureUsed(j int) bool {
	j %= featuresPerSide
	return j != patternNone && j != patternFive && j != numPatterns+classNone && j != numPatterns+classFive
}

// DefaultWeights returns the weights the engine evaluates with
// (gomoku.DefaultWeights).
func DefaultWeights() EvalWeights { return gomoku.DefaultWeights() }

// PatternWeights returns the hand-set weights of the line patterns alone
// that plain alpha-beta evaluates with (Options.Plain).
func PatternWeights() EvalWeights { return patternWeights }

// patternWeights are the hand-set weights the evaluation had before the fit:
// line patterns only, the cell classes (a four-three or a double three to
// make: threat knowledge) weighing nothing. Plain alpha-beta evaluates with
// them (Options.Plain), so that the baseline the threat knowledge is
// measured against stays the one first measured and does not borrow the
// fitted weights' threat terms; the arena balances its openings with them,
// so that refitting does not change a seed's openings.
var patternWeights = EvalWeights{
	// Side to move: patterns (none, one, two, open two, three, open
	// three, four, open four, five); cell classes all 0.
	0, 1, 5, 15, 25, 75, 87, 500, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0,
	// Opponent: patterns; cell classes all 0.
	0, -1, -4, -12, -20, -60, -70, -400, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0,
}

// ParseWeights reads weights written as a JSON array of gomoku.NumFeatures
// integers (the form encoding/json gives EvalWeights).
func ParseWeights(data []byte) (EvalWeights, error) {
	var w EvalWeights
	var list []int32
	if err := json.Unmarshal(data, &list); err != nil {
		return w, err
	}
	if len(list) != gomoku.NumFeatures {
		return w, fmt.Errorf("%d weights, want %d", len(list), gomoku.NumFeatures)
	}
	copy(w[:], list)
	return w, nil
}

// Evaluate returns the static score of st for the side to move by the
// weights w, as a search with them evaluates it.
func Evaluate(st *gomoku.State, w *EvalWeights) int32 {
	return st.EvaluateWith(Options{Weights: w}.Variant())
}
