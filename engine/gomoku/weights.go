package gomoku

// defaultWeights are the evaluation's weights (see EvalWeights).
var defaultWeights = EvalWeights{
	// Side to move: patterns none, one, two, open two, three, open three,
	// four, open four, five; then classes none, open two, three, open
	// three, double three, four, four-three, win, five.
	0, 1, 5, 15, 25, 75, 87, 500, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0,
	// Opponent, in the same order.
	0, -1, -4, -12, -20, -60, -70, -400, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0,
}
