package kalah

// The tuned constants of the Kalah search, one line each, named for what
// they do. The measurements that chose them are in docs/kalah.md, not here.

// Move ordering (order.go).
const (
	orderHint    = 1 << 12 // the table's move comes first
	orderExtra   = 1 << 10 // then a move that ends in the store, plus its pit index
	orderCapture = 1 << 8  // then a capture, plus the seeds it takes from the opposite pit
)

// Evaluation (position.go, the depth-limited search's horizon).
const (
	sideWeightPercent = 50 // the seeds on a side count this many percent towards its owner
)

// Exact search (solver.go).
const (
	pollInterval = 1 << 12 // nodes between two looks at the deadline; a power of two
	etcMinSeeds  = 20      // enhanced transposition cutoffs at nodes with this many seeds on the board or more
)

// Search driver (search.go).
const (
	maxPV          = 64 // the longest principal variation reported
	heuristicDepth = 6  // iterations by turns up to this depth order the moves; the next solves to the end
)
