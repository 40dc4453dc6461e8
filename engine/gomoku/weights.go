package gomoku

// defaultWeights are the evaluation's weights (see EvalWeights), fitted by
// cmd/gomokutune (Texel's method) to self-play games of the engine, from
// the weights fitted before them, which were fitted from patternWeights.
// The games they were fitted to and the matches that kept them are in
// docs/gomoku.md#tuning.
var defaultWeights = EvalWeights{
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
