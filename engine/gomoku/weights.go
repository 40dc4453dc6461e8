package gomoku

// defaultWeights are the evaluation's weights of the features (see
// State.EvalFeatures), fitted by cmd/gomokutune (Texel's method) to
// self-play games of the engine, from the weights fitted before them,
// which were fitted from the hand-set pattern weights (lab.PatternWeights).
// The games they were fitted to and the matches that kept them are in
// docs/gomoku.md#tuning.
var defaultWeights = [NumFeatures]int32{
	// Side to move: patterns
	0,   // none
	1,   // one
	7,   // two
	25,  // open two
	40,  // three
	143, // open three
	255, // four
	500, // open four
	0,   // five
	// Side to move: cell classes
	0,    // none
	-28,  // open two
	-10,  // three
	-45,  // open three
	-194, // double three
	-107, // four
	2043, // four-three
	0,    // win
	0,    // five
	// Opponent: patterns
	0,    // none
	-1,   // one
	-3,   // two
	-18,  // open two
	-29,  // three
	-59,  // open three
	-109, // four
	-515, // open four
	0,    // five
	// Opponent: cell classes
	0,    // none
	24,   // open two
	6,    // three
	-6,   // open three
	74,   // double three
	-53,  // four
	-549, // four-three
	-8,   // win
	0,    // five
}
