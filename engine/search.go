package engine

import (
	"context"
	"time"
)

// DefaultTableBits is the transposition-table size used when Params gives
// none: 1<<16 entries, 1 MiB.
const DefaultTableBits = 16

// MaxTableBits is the largest table Params may ask for: 1<<28 entries, 4 GiB.
const MaxTableBits = 28

// pollInterval is how many nodes pass between two looks at the deadline; a
// power of two.
const pollInterval = 256

// Params are the limits of one search. The deadline comes from the context.
type Params struct {
	// Depth is the deepest iteration to search, in plies. Zero or less, or more
	// than the plies left in the game, means to the end of the game.
	Depth int
	// TableBits sets the transposition table to 1<<TableBits entries;
	// zero means DefaultTableBits.
	TableBits int
	// Memory, when not nil, is the memory reserved for this search under a
	// MemoryBudget: the search takes its table from it. Nil means the
	// package's shared pool.
	Memory *Reservation
	// MaxNodes, when not zero, stops the search once about this many nodes
	// are spent, as a deadline would but reproducibly: the result is the
	// last completed iteration (the first always completes), Complete is
	// false and DeadlineHit stays false. The generic search and Gomoku's
	// honour it, and so does Connect Four's depth-limited search; its exact
	// solve does not. The weaker levels set it (LevelNoder).
	MaxNodes uint64
	// Threads is how many goroutines the search may use. A game whose
	// search can split (the Connect Four solver's lazy SMP) uses up to this
	// many; the others use one. Zero means one. The answer does not depend
	// on it, only how soon it comes. (Gomoku's lazy SMP would make its
	// answers depend on timing, so Gomoku takes its threads from
	// gomoku.Options.Threads, which only tools playing on the clock set.)
	Threads int
	// Progress, when set, is called on the searching goroutine after each
	// completed iteration; a search that does not iterate calls it once,
	// with its result. See Progress.
	Progress func(Progress)
}

// Result is what a search found. Move is always legal for a position that is
// not over. Score is from the side to move's point of view: the game's exact
// score when Outcome is proved, else a heuristic value.
type Result struct {
	Move    Move
	Score   int
	Outcome Outcome
	// PliesToEnd is the number of plies to the end under best play when the
	// result is proved exactly; 0 when it is unknown, as when a deadline left
	// only the sign of the outcome proved.
	PliesToEnd int
	Depth      int // deepest completed iteration
	Nodes      uint64
	Elapsed    time.Duration
	// Complete is true when the search proved the result or completed the
	// requested depth; false when the deadline stopped it first.
	Complete bool
	// DeadlineHit is true when the context ended the search.
	DeadlineHit bool
	PV          []Move
}

// Search finds the best move for the side to move in st, which must not be
// over. It runs iterative deepening up to params.Depth and stops early when it
// proves the result. When ctx ends first, it returns the last completed
// iteration; the first iteration always completes, so Result.Move is legal.
// With no deadline hit, the result depends only on st and params.
//
// st is used as scratch space and is restored before Search returns. If
// st implements Searcher, Search delegates to it. params.Progress hears of
// every completed iteration, or once of the result. Search always plays at
// full strength; the weaker levels are movesvc/engine/strength's.
func Search(ctx context.Context, st State, params Params) Result {
	if s, ok := st.(Searcher); ok {
		return searchDelegated(ctx, s, params)
	}
	start := time.Now()
	remaining := st.RemainingPlies()
	maxDepth := params.Depth
	if maxDepth <= 0 || maxDepth > remaining {
		maxDepth = remaining
	}
	maxDepth = min(maxDepth, MaxPly-1)
	bits := params.TableBits
	if bits <= 0 {
		bits = DefaultTableBits
	}
	bits = min(bits, MaxTableBits)

	s := newSearch(st, acquireTable(bits, params.Memory), maxDepth, ctx.Done())
	s.maxNodes = params.MaxNodes
	defer releaseTable(s.tt, params.Memory)

	var res Result
	res.Move = NoMove
	var score int32
	for depth := 1; depth <= maxDepth; depth++ {
		s.mayStop = depth > 1
		v := s.negamax(depth, 0, -infinity, infinity)
		if s.stopped {
			res.DeadlineHit = ctx.Err() != nil
			break
		}
		score = v
		res.Depth = depth
		s.bestLine = append(s.bestLine[:0], s.pv[0][:s.pvLen[0]]...)
		res.Move = s.bestLine[0]
		s.report(params.Progress, start, v, depth, remaining)
		if IsWinScore(v) || depth >= remaining {
			res.Outcome, res.PliesToEnd = provedOutcome(v, remaining)
			break
		}
	}
	res.Complete = res.Outcome != OutcomeUnknown || res.Depth == maxDepth
	res.Nodes = s.nodes
	res.PV = s.principalVariation(maxDepth)
	res.Score = publicScore(st, score, res.Outcome, res.PliesToEnd)
	res.Elapsed = time.Since(start)
	return res
}

// provedOutcome turns the root score of a search that saw every line to its
// end, or found a forced win or loss, into an outcome and its distance.
func provedOutcome(score int32, remaining int) (Outcome, int) {
	switch {
	case score >= WinThreshold:
		return OutcomeWin, PliesToEnd(score)
	case score <= -WinThreshold:
		return OutcomeLoss, PliesToEnd(score)
	}
	return OutcomeDraw, remaining
}

// publicScore maps an internal root score to the score a response reports:
// the heuristic score as it is, a proved one by ProvedScore.
func publicScore(st State, score int32, o Outcome, pliesToEnd int) int {
	if o == OutcomeUnknown {
		return int(score)
	}
	return ProvedScore(st, o, pliesToEnd)
}

// ProvedScore returns the score a response reports for the proved result
// o, pliesToEnd plies from the end, of the side to move in st: the game's
// own convention (ExactScorer) or DefaultExactScore.
func ProvedScore(st State, o Outcome, pliesToEnd int) int {
	if es, ok := st.(ExactScorer); ok {
		return es.ExactScore(o, pliesToEnd)
	}
	return DefaultExactScore(o, pliesToEnd)
}

// DefaultExactScore is the score of a proved result for games without their
// own convention: 1000 minus the plies to the end for a win, its negative for
// a loss, 0 for a draw.
func DefaultExactScore(o Outcome, pliesToEnd int) int {
	switch o {
	case OutcomeWin:
		return 1000 - pliesToEnd
	case OutcomeLoss:
		return -(1000 - pliesToEnd)
	}
	return 0
}

// search is the per-search state: preallocated stacks indexed by ply, so
// that the recursion allocates nothing.
type search struct {
	st      State
	tt      *Table
	moves   [][]Move // legal moves per ply
	pv      [][]Move // triangular principal-variation table
	pvLen   []int
	killers [][2]Move
	// bestLine is the root variation of the last completed iteration.
	bestLine []Move
	nodes    uint64
	maxNodes uint64 // Params.MaxNodes; 0: no limit
	done     <-chan struct{}
	mayStop  bool
	stopped  bool
}

func newSearch(st State, tt *Table, maxDepth int, done <-chan struct{}) *search {
	n := maxDepth + 1
	s := &search{
		st:       st,
		tt:       tt,
		moves:    make([][]Move, n),
		pv:       make([][]Move, n),
		pvLen:    make([]int, n),
		killers:  make([][2]Move, n),
		done:     done,
		bestLine: make([]Move, 0, n),
	}
	width := st.MaxMoves()
	moves := make([]Move, n*width)
	pv := make([]Move, n*n)
	for i := range n {
		s.moves[i] = moves[i*width : i*width : (i+1)*width]
		s.pv[i] = pv[i*n : (i+1)*n]
		s.killers[i] = [2]Move{NoMove, NoMove}
	}
	return s
}
