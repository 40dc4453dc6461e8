package gomoku

import "movesvc/engine"

// VCF runs the continuous-four search alone for the side to move, with a
// budget of nodes and no deadline, and returns the nodes it spent and the
// plies to the win it proved (0: none within the budget). It is exported
// for benchmarks and tools; engine.Search runs it as part of the search.
func (st *State) VCF(budget uint64) (nodes uint64, plies int) {
	s := getSearcher(&st.b, engine.DefaultTableBits, nil, Options{}, nil)
	defer putSearcher(s, nil)
	s.budget = budget
	plies = s.vcf(maxVCF)
	return s.nodes, plies
}
