package gomoku

import "movesvc/engine"

// NarrowPruning returns opt with move-count pruning at its narrowest: one
// move at every quiet node before the safeguards, so that tests see them
// at work.
func NarrowPruning(opt Options) Options {
	opt.Variant.pruneWidth = 1
	return opt
}

// WithoutReductions returns opt with late-move reductions off and the rest
// of the pruning as it is.
func WithoutReductions(opt Options) Options {
	opt.Variant.noReductions = true
	return opt
}

// WithoutSymmetry returns opt with every root move of a symmetric position
// searched.
func WithoutSymmetry(opt Options) Options {
	opt.Variant.noSymmetry = true
	return opt
}

// HelpedSearch runs the main search's iterations on st to depth with
// threads goroutines and returns the nodes the main search and its helpers
// searched.
func HelpedSearch(st *State, depth, threads int) (main, helpers uint64) {
	s := getSearcher(&st.b, 18, nil, Options{Threads: threads}, nil)
	defer putSearcher(s, nil)
	s.iterate(depth)
	return s.clock.Nodes - s.helperNodes, s.helperNodes
}

// VCF runs the continuous-four search alone for the side to move, with a
// budget of nodes and no deadline, and returns the nodes it spent and the
// plies to the win it proved (0: none within the budget), for the
// benchmarks; engine.Search runs it as part of the search.
func (st *State) VCF(budget uint64) (nodes uint64, plies int) {
	s := getSearcher(&st.b, engine.DefaultTableBits, nil, Options{}, nil)
	defer putSearcher(s, nil)
	s.budget = budget
	plies = s.vcf(maxVCF)
	return s.clock.Nodes, plies
}
