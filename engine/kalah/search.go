package kalah

import (
	"context"
	"slices"

	"movesvc/engine"
)

// Limits bound a search.
type Limits struct {
	// Depth is the deepest iteration, in turns (an extra move is part of
	// its turn); 0 searches until the value is proved.
	Depth int
	// MaxNodes stops the search as a deadline would, but reproducibly;
	// 0: no limit. The first iteration always completes.
	MaxNodes uint64
	// Threads is the goroutines the search may use; it uses one, so the
	// answer never depends on it.
	Threads int
	// Table is the transposition table the search uses and leaves its
	// proofs in for the next; nil allocates one of 2^DefaultTableBits
	// entries.
	Table *Table
	// Database is the endgame database to consult; nil takes the one
	// Databases holds for the variant (building it at first use).
	Database *Database
	// Book is the book of proofs to consult; nil takes the one embedded
	// for the variant, if any.
	Book *Book
	// Progress, when set, is called after each completed iteration.
	Progress func(Info)
	// MultiPV, when above 1, adds to the result the values of that many
	// best moves (Analyze's, best first), in the time left after the
	// search.
	MultiPV int
}

// Info describes a completed iteration.
type Info struct {
	Depth int // turns
	Score int // the final store difference for the side to move
	Move  engine.Move
	PV    []engine.Move
	Nodes uint64
	Exact bool // Score is proved
}

// Result is the answer of a search.
type Result struct {
	Move engine.Move // a legal move: the best found
	// Score is the final store difference (the side to move's store less
	// the opponent's at the end) with the best play found, from the side
	// to move's view; exact when Complete.
	Score int
	// Lower and Upper are proved bounds on the final store difference
	// with perfect play; equal to Score when Complete.
	Lower, Upper int
	// Outcome is the result with perfect play when it is proved (a win,
	// loss or draw for the side to move), else OutcomeUnknown.
	Outcome engine.Outcome
	// PliesToEnd is the moves of the principal variation, a line of
	// perfect play by both, when Complete and it reaches the end of the
	// game, else 0.
	PliesToEnd  int
	Depth       int    // turns of the last completed iteration
	Nodes       uint64 // boards searched
	Complete    bool   // Score is the exact value
	DeadlineHit bool   // the deadline or the node limit stopped the search
	PV          []engine.Move
	Source      string // "search", "database" or "book": what proved the value
	// Lines holds the values of the MultiPV best moves, best first, when
	// Limits.MultiPV asked for them.
	Lines  []PitValue
	pvEnds bool // PV reaches the end of the game
}

// Search searches pos (not over) under ctx's deadline and the limits:
// iterative deepening by turns, each iteration an MTD(f) sequence of
// null-window searches around the last iteration's value. Results that
// reach the end of every line they need (or the databases) are proofs, and
// the proved bounds narrow until the value is exact. When ctx ends it
// returns the last completed iteration (the first always completes, so
// Move is legal) with the bounds proved so far.
func Search(ctx context.Context, pos *Position, lim Limits) Result {
	s := newSolver(pos.rules, lim)
	s.done = ctx.Done()
	root := pos.b
	n := pos.OnBoard()
	diff := pos.storeDiff()
	res := s.iterate(&root, n, lim)
	res.Nodes = s.nodes // the answers from the database and the book count their checks
	res.Score += diff
	res.Lower += diff
	res.Upper += diff
	if res.Complete {
		res.Outcome = outcomeOf(res.Score)
		if res.pvEnds {
			res.PliesToEnd = len(res.PV)
		}
	}
	if lim.MultiPV > 1 {
		lim.Table = s.tt
		res.Lines = bestLines(Analyze(ctx, pos, lim), lim.MultiPV)
	}
	return res
}

// bestLines returns the k best of values, best first (among equals, the
// lower pit first).
func bestLines(values []PitValue, k int) []PitValue {
	slices.SortStableFunc(values, func(a, b PitValue) int { return b.Score - a.Score })
	return values[:min(k, len(values))]
}

// newSolver returns a solver for r with the limits' table and database.
func newSolver(r Rules, lim Limits) *solver {
	s := &solver{v: variant{m: r.Pits, emptyCapture: r.EmptyCapture}, dbMax: -1, tt: lim.Table, limit: lim.MaxNodes}
	if s.tt == nil {
		s.tt = NewTable(DefaultTableBits)
	}
	s.tt.prepare(r)
	s.db = lim.Database
	if s.db == nil {
		s.db = Databases(r)
	}
	if s.db != nil {
		s.dbMax = s.db.maxSeeds
	}
	s.book = lim.Book
	if s.book == nil {
		s.book = Books(r)
	}
	return s
}

// outcomeOf returns the outcome of a final store difference.
func outcomeOf(score int) engine.Outcome {
	switch {
	case score > 0:
		return engine.OutcomeWin
	case score < 0:
		return engine.OutcomeLoss
	default:
		return engine.OutcomeDraw
	}
}

// iterate runs the iterations on root (n seeds, not over) and returns the
// result in board values (without the stores).
func (s *solver) iterate(root *board, n int, lim Limits) Result {
	if n <= s.dbMax {
		return s.fromDatabase(root, n)
	}
	// A depth-limited search runs its iterations only: the book's answer
	// checks its move with a solve.
	if lim.Depth == 0 {
		if res, ok := s.fromBook(root, n); ok {
			return res
		}
	}
	res := Result{Move: engine.Move(s.firstMove(root)), Lower: -n, Upper: n, Source: "search"}
	pr := proofs{lower: -n, upper: n, pit: noMove}
	guess := s.horizon(root)
	last := s.heuristicDepth(n)
	for depth := 1; depth <= maxDepth; depth = nextDepth(depth, last, lim.Depth) {
		f, pit := s.mtdf(root, n, guess, depth, &pr)
		if s.stopped {
			res.DeadlineHit = true
			break
		}
		guess = f
		s.record(&res, root, depth, f, pit, &pr)
		s.armed = true
		if lim.Progress != nil {
			lim.Progress(Info{Depth: depth, Score: res.Score, Move: res.Move, PV: res.PV, Nodes: s.nodes, Exact: res.Complete})
		}
		if res.Complete || lim.Depth > 0 && depth >= lim.Depth {
			break
		}
		if s.deadlinePassed() {
			res.DeadlineHit = true
			break
		}
	}
	res.Nodes = s.nodes
	return res
}

// proofs are the bounds on a root's value proved so far, by any iteration,
// and the move that proved the lower one (noMove before one did).
type proofs struct {
	lower, upper, pit int
}

// mtdf runs the iteration of depth turns: null-window searches from guess
// until the bounds of this depth meet, each proved result narrowing pr too.
// It returns the value and the move of the last search that failed high
// (noMove if none did). It stops early once pr is exact, or when the search
// is stopped (the result is then discarded).
func (s *solver) mtdf(root *board, n, guess, depth int, pr *proofs) (value, pit int) {
	lo, hi, f := -n, n, guess
	pit = noMove
	for lo < hi && pr.lower < pr.upper {
		beta := max(f, lo+1)
		g, proven, p := s.search(root, n, beta-1, beta, depth)
		if s.stopped {
			return f, pit
		}
		switch {
		case g < beta:
			hi = g
			if proven {
				pr.upper = min(pr.upper, g)
			}
		default:
			lo, pit = g, p
			if proven && g > pr.lower {
				pr.lower, pr.pit = g, p
			}
		}
		f = g
	}
	return f, pit
}

// record sets res from a completed iteration of depth turns that found
// value f and move pit, and from the proofs so far.
func (s *solver) record(res *Result, root *board, depth, f, pit int, pr *proofs) {
	res.Depth, res.Score = depth, f
	if pit != noMove {
		res.Move = engine.Move(pit)
	}
	res.Lower, res.Upper = pr.lower, pr.upper
	if pr.lower == pr.upper {
		res.Score, res.Complete = pr.lower, true
		if pr.pit != noMove {
			res.Move = engine.Move(pr.pit)
		}
	}
	res.PV, res.pvEnds = s.principalVariation(root, res.Move, res.Score, res.Complete)
}

// heuristicDepth returns the deepest depth-limited iteration before the one
// to the end of the game, for a root of n seeds: the more seeds above the
// databases, the deeper (heuristicGap, heuristicMin, heuristicMax). Deeper
// iterations prove the short lines and order the moves of the long ones;
// on the larger trees that halves the solve or better (docs/kalah.md).
func (s *solver) heuristicDepth(n int) int {
	return min(max(n-s.dbMax-heuristicGap, heuristicMin), heuristicMax)
}

// nextDepth returns the depth of the iteration after one of depth turns:
// the next turn up to last, then the whole game (maxDepth), where every
// result is a proof. A depth limit keeps to one turn more a time.
func nextDepth(depth, last, limit int) int {
	if limit > 0 || depth < last {
		return depth + 1
	}
	return max(depth+1, maxDepth)
}

// firstMove returns the first move in search order: the answer before any
// iteration completes.
func (s *solver) firstMove(b *board) int {
	var kids [MaxPits]child
	s.expand(b, s.v.seeds(b), noMove, &kids)
	return kids[0].pit
}
