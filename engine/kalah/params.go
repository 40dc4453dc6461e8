package kalah

// The tuned constants of the Kalah search, one line each, named for what
// they do. The measurements that chose them are in docs/kalah.md, not here.

// Move ordering (order.go).
const (
	orderHint  = 1 << 12 // the table's move comes first
	orderExtra = 1 << 10 // then a move that ends in the store
	orderNet   = 8       // then by the seeds a move gains, this much a seed, plus its pit index
)

// Evaluation (position.go, the depth-limited search's horizon).
const (
	sideWeightPercent = 50 // the seeds on a side count this many percent towards its owner
)

// Exact search (solver.go).
const (
	pollInterval   = 1 << 12 // nodes between two looks at the deadline; a power of two
	ttMinGap       = 2       // boards with at most this many seeds more than the databases skip the table
	etcMinSeeds    = 30      // enhanced transposition cutoffs at nodes with this many seeds on the board or more
	bookCheckNodes = 1 << 18 // the most nodes a check of the book's move at the root takes before the book's move is trusted
	dbWaitShare    = 2       // a search waits for a database being built at most 1/dbWaitShare of the time to its deadline
)

// The service's searches (engine.go): the solve table of 2^serviceTableBits
// entries, 8 MiB, no more than a Connect Four solve holds, so that Kalah
// does not raise a server's memory budget; a larger engine TableBits wins.
const serviceTableBits = 19

// Search driver (search.go).
const (
	maxPV        = 64   // the longest principal variation reported
	pvNodes      = 5000 // the most nodes a move of the principal variation may take to prove
	heuristicMin = 6    // iterations by turns to at least this depth order the moves and prove short lines...
	heuristicMax = 18   // ...and to at most this depth; the next solves to the end
	heuristicGap = 5    // between the two, the depth is the seeds above the database less this
)

// Weaker levels 1 to 9 (level.go): the turns each searches, the node limit
// of each move's search, and the most seeds below the best it may play
// (the range of the draw added to each move's score).
var (
	levelDepths  = [MaxLevel]int{1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 5, 9: 6}
	levelMargins = [MaxLevel]int{1: 16, 2: 12, 3: 9, 4: 7, 5: 5, 6: 4, 7: 3, 8: 2, 9: 1}
)

const levelNodes = 200_000 // node limit of each move's search at a weaker level
