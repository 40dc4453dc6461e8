package gomoku

import "movesvc/engine"

// featuresPerSide is the number of features of one player: the count of
// each line pattern over the empty cells, then the count of each cell
// class.
const featuresPerSide = int(numPatterns) + int(numClasses)

// NumFeatures is the length of a feature vector (State.EvalFeatures) and of
// the weights that weigh it (Variant.Weights): the side to move's
// featuresPerSide counts, then the opponent's.
const NumFeatures = 2 * featuresPerSide

// evaluate returns the static score of the position b from the side to
// move's point of view: the features weighed by w, or with w nil the cell
// values' sums (evaluateTable), within ±MaxEval. The weights of the empty
// pattern and class and of five are not used: a five to make is answered
// or won before a position is evaluated. It costs O(1): the counts and
// sums are kept up to date by play and undo.
func evaluate(b *board, w *[NumFeatures]int32) int32 {
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
