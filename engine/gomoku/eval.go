package gomoku

import (
	"encoding/json"
	"fmt"

	"movesvc/engine"
)

// featuresPerSide is the number of features of one player: the count of
// each line pattern over the empty cells, then the count of each cell
// class.
const featuresPerSide = int(numPatterns) + int(numClasses)

// NumFeatures is the length of a feature vector (State.EvalFeatures) and of
// EvalWeights: the side to move's featuresPerSide counts, then the
// opponent's.
const NumFeatures = 2 * featuresPerSide

// EvalWeights weigh the features of a position (State.EvalFeatures) in the
// static evaluation: the side to move's pattern counts (indexed by
// pattern), its cell-class counts (from index numPatterns, indexed by
// class), then the same for the opponent. The weights of the empty
// pattern and class and of five are not used: a five to make is answered
// or won before a position is evaluated.
type EvalWeights [NumFeatures]int32

// PatternFeatures is the number of pattern counts that open each side's
// features in EvalWeights; its cell-class counts follow.
const PatternFeatures = int(numPatterns)

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
	return j != int(patNone) && j != int(patFive) && j != np+int(clsNone) && j != np+int(clsFive)
}

// DefaultWeights returns the weights the search uses unless
// Options.Weights replaces them (weights.go).
func DefaultWeights() EvalWeights { return defaultWeights }

// PatternWeights returns the hand-set weights of the line patterns alone
// that plain alpha-beta evaluates with (Options.Plain; weights.go).
func PatternWeights() EvalWeights { return patternWeights }

// evaluate returns the static score of the position b from the side to
// move's point of view: the features weighed by w, or with w nil the cell
// table's sums (evaluateTable), within ±MaxEval. It costs O(1): the counts
// and sums are kept up to date by play and undo.
func evaluate(b *board, w *EvalWeights) int32 {
	if w == nil {
		return evaluateTable(b)
	}
	me := b.toMove()
	v := lineScore(b)
	for side, colour := range [2]int{me, 1 - me} {
		ws := w[side*featuresPerSide : (side+1)*featuresPerSide]
		counts, classes := &b.count[colour], &b.classes[colour]
		for p := patOne; p < patFive; p++ {
			v += ws[p] * counts[p]
		}
		for c := clsOpen2; c < clsFive; c++ {
			v += ws[np+int(c)] * classes[c]
		}
	}
	return max(-engine.MaxEval, min(engine.MaxEval, v))
}

// features returns the counts of b that evaluate weighs, the side to
// move's first.
func features(b *board) [NumFeatures]int32 {
	var f [NumFeatures]int32
	me := b.toMove()
	for side, colour := range [2]int{me, 1 - me} {
		copy(f[side*featuresPerSide:], b.count[colour][:])
		copy(f[side*featuresPerSide+np:], b.classes[colour][:])
	}
	return f
}

// ParseWeights reads weights written as a JSON array of NumFeatures
// integers (the form encoding/json gives EvalWeights).
func ParseWeights(data []byte) (EvalWeights, error) {
	var w EvalWeights
	var list []int32
	if err := json.Unmarshal(data, &list); err != nil {
		return w, err
	}
	if len(list) != NumFeatures {
		return w, fmt.Errorf("%d weights, want %d", len(list), NumFeatures)
	}
	copy(w[:], list)
	return w, nil
}
