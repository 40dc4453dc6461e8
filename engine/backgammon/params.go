package backgammon

// The tuned constants of the backgammon search, one line each, named for
// what they do. The measurements that chose them are in
// docs/backgammon.md#experiments, not here.
const (
	defaultDepth          = 3       // iterations a search runs by default: 0-, 1- and 2-ply
	maxDepth              = 3       // the deepest iteration: 2-ply
	rootMin1              = 4       // root plays the 1-ply iteration always re-evaluates, the best by 0-ply...
	rootKeep1             = 8       // ...the most it re-evaluates...
	rootMargin1           = 0.16    // ...past rootMin1, those within this equity of the 0-ply best
	rootMin2              = 2       // root plays the 2-ply iteration always re-evaluates, the best by 1-ply...
	rootKeep2             = 4       // ...the most it re-evaluates...
	rootMargin2           = 0.08    // ...past rootMin2, those within this equity of the 1-ply best
	innerKeep             = 1       // plays of an inner roll looked at deeper than 0-ply, best first by 0-ply...
	innerMargin           = 0.10    // ...within this equity of that roll's 0-ply best
	pollEvals             = 256     // evaluations between polls of the deadline
	defaultTableMiB       = 8       // size of the evaluation cache a search allocates when none is given
	levelNineNodes        = 200_000 // evaluations of a level-9 search
	contactCubeEfficiency = 0.68    // Janowski's cube efficiency x with contact
	raceCubeEfficiency    = 0.80    // ... and in a race
)

// levelMargins are how far, in millipoints of equity, below the best play
// a weaker level (the service's levels 1-9) may choose a play.
var levelMargins = [10]int{1: 200, 2: 150, 3: 110, 4: 80, 5: 55, 6: 40, 7: 25, 8: 15, 9: 8}
