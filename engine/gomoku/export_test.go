package gomoku

// NarrowPruning returns opt with move-count pruning at its narrowest: one
// move at every quiet node before the safeguards, so that tests see them
// at work.
func NarrowPruning(opt Options) Options {
	opt.pruneWidth = 1
	return opt
}
