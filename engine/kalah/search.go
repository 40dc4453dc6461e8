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
	res := Result{Move: engine.Move(s.firstMove(root)), Lower: -n, Upper: n, Source: "search"}
	if n <= s.dbMax {
		return s.fromDatabase(root, n)
	}
	if res, ok := s.fromBook(root, n); ok {
		return res
	}
	lower, upper, provedPit := -n, n, noMove
	guess := s.horizon(root)
	last := s.heuristicDepth(n)
	for depth := 1; depth <= maxDepth; depth = nextDepth(depth, last, lim.Depth) {
		lo, hi, f, pit := -n, n, guess, noMove
		for lo < hi && lower < upper {
			beta := max(f, lo+1)
			g, proven, p := s.search(root, n, beta-1, beta, depth)
			if s.stopped {
				break
			}
			if g < beta {
				hi = g
				if proven {
					upper = min(upper, g)
				}
			} else {
				lo, pit = g, p
				if proven && g > lower {
					lower, provedPit = g, p
				}
			}
			f = g
		}
		if s.stopped {
			res.DeadlineHit = true
			break
		}
		res.Depth, res.Score, guess = depth, f, f
		if pit != noMove {
			res.Move = engine.Move(pit)
		}
		res.Lower, res.Upper = lower, upper
		if lower == upper {
			res.Score, res.Complete = lower, true
			if provedPit != noMove {
				res.Move = engine.Move(provedPit)
			}
		}
		res.PV, res.pvEnds = s.principalVariation(root, res.Move, res.Score, res.Complete)
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

// fromDatabase answers a board the database holds: the value, and the
// first move in search order that achieves it.
func (s *solver) fromDatabase(root *board, n int) Result {
	v := s.db.value(root, n)
	res := Result{Score: v, Lower: v, Upper: v, Complete: true, Source: "database"}
	res.Move = engine.Move(s.keeping(root, n, noMove, v)) // the database proves every move's value
	res.PV, res.pvEnds = s.principalVariation(root, res.Move, v, true)
	return res
}

// fromBook answers a board whose exact value the book holds: the value,
// and the book's move if it is proved to keep it, else the first move that
// is.
func (s *solver) fromBook(root *board, n int) (Result, bool) {
	if s.book == nil || n < s.book.minSeeds {
		return Result{}, false
	}
	lo, hi := root.key()
	e, ok := s.book.lookup(lo, hi)
	if !ok || e.lo != e.hi {
		return Result{}, false
	}
	v := e.lo
	res := Result{Score: v, Lower: v, Upper: v, Complete: true, Source: "book"}
	res.Move = engine.Move(s.keeping(root, n, e.move, v)) // the book's move, checked
	if res.Move == engine.NoMove {
		return Result{}, false
	}
	res.PV, res.pvEnds = s.principalVariation(root, res.Move, v, true)
	return res, true
}

// principalVariation returns the line from root (value v for its side to
// move when exact) that starts with first. With an exact value it follows,
// at each move, the first move in search order whose value is proved equal
// to the position's (each check a null-window search, mostly answered by
// the table; the line ends where one would take more than pvNodes nodes);
// otherwise it follows the table's best moves. It ends at the end of the
// game or after maxPV moves; over reports that it reaches the end.
func (s *solver) principalVariation(root *board, first engine.Move, v int, exact bool) (pv []engine.Move, over bool) {
	limit, armed, stopped := s.limit, s.armed, s.stopped
	defer func() { s.limit, s.armed, s.stopped = limit, armed, stopped }()
	b, pit := *root, int(first)
	for {
		pv = append(pv, engine.Move(pit))
		net, extra, end := s.v.sow(&b, pit)
		if end {
			return pv, true
		}
		v -= net
		if !extra {
			s.v.flip(&b)
			v = -v
		}
		if len(pv) == maxPV {
			return pv, false
		}
		s.armed, s.stopped, s.limit = true, false, s.nodes+pvNodes
		if pit = s.nextOnLine(&b, v, exact); pit == noMove {
			return pv, false
		}
	}
}

// nextOnLine returns the move of b (not over) that the line follows: with
// an exact value v, the first in search order proved to keep it; else the
// table's move. noMove when there is none or the proof ran out of nodes.
func (s *solver) nextOnLine(b *board, v int, exact bool) int {
	lo, hi := b.key()
	e := s.tt.probe(lo, hi)
	if exact {
		return s.keeping(b, s.v.seeds(b), e.move, v)
	}
	if e.found && e.move != noMove && b[e.move] > 0 {
		return e.move
	}
	return noMove
}

// keeping returns the first move of b (n seeds, value v) in search order,
// hint first, that is proved to keep the value, or noMove when the proof
// is stopped.
func (s *solver) keeping(b *board, n, hint, v int) int {
	var kids [MaxPits]child
	count := s.expand(b, n, hint, &kids)
	for k := range count {
		got, proven := s.searchChild(&kids[k], v-1, v+1, maxDepth)
		if s.stopped {
			return noMove
		}
		if proven && got == v {
			return kids[k].pit
		}
	}
	return noMove
}
