package engine

import (
	"context"
	"time"
)

// DefaultTableBits is the transposition-table size used when Limits gives
// none: 1<<16 entries, 1 MiB.
const DefaultTableBits = 16

// MaxTableBits is the largest table Limits may ask for: 1<<28 entries, 4 GiB.
const MaxTableBits = 28

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
	// Estimate holds what the game's own search says beyond Score (a
	// mate distance, win/draw/loss chances, an equity).
	Estimate
}

// SearchFunc is a search: Search, SearchTree or a game's own.
type SearchFunc func(ctx context.Context, st State, lim Limits) Result

// Search finds the best move for the side to move in st, which must not be
// over: the game's own search when st implements Searcher, else
// SearchTree. When ctx ends first, it returns the last completed
// iteration; the first iteration always completes, so Result.Move is
// legal. With no deadline hit, the result depends only on st and lim.
// lim.Progress hears of every completed iteration, or once of the result.
// Search always plays at full strength; the weaker levels are
// movesvc/engine/strength's. st is used as scratch space and is restored
// before Search returns.
func Search(ctx context.Context, st State, lim Limits) Result {
	if s, ok := st.(Searcher); ok {
		return searchDelegated(ctx, s, lim)
	}
	return SearchTree(ctx, st, lim)
}

// SearchTree is the generic search, which a game's own search may call
// for a depth-limited heuristic search: iterative deepening of negamax
// (negamax.go) up to lim.Depth, stopping early when it proves the result.
// It has Search's contract, but never delegates to the game's Searcher.
// A Play that leaves the same side to move (an extra turn) is searched
// without the change of sign.
func SearchTree(ctx context.Context, st State, lim Limits) Result {
	start := time.Now()
	remaining := st.RemainingPlies()
	maxDepth := lim.MaxDepth(remaining)
	s := newSearch(st, borrowTable(lim.Bits(), lim.Memory), maxDepth)
	s.clock.Start(ctx.Done(), lim.MaxNodes, DefaultPoll)
	defer returnTable(s.tt, lim.Memory)

	var res Result
	res.Move = NoMove
	var score int32
	for depth := 1; depth <= maxDepth; depth++ {
		s.clock.Arm(depth > 1)
		v := s.negamax(depth, 0, -infinity, infinity)
		if s.clock.Stopped() {
			res.DeadlineHit = ctx.Err() != nil
			break
		}
		score = v
		res.Depth = depth
		s.bestLine = append(s.bestLine[:0], s.pv[0][:s.pvLen[0]]...)
		res.Move = s.bestLine[0]
		s.report(lim.Progress, start, v, depth, remaining)
		if IsWinScore(v) || depth >= remaining {
			res.Outcome, res.PliesToEnd = provedOutcome(v, remaining)
			break
		}
	}
	res.Complete = res.Outcome != OutcomeUnknown || res.Depth == maxDepth
	res.Nodes = s.clock.Nodes
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
	clock    Clock
}

func newSearch(st State, tt *Table, maxDepth int) *search {
	n := maxDepth + 1
	s := &search{
		st:       st,
		tt:       tt,
		moves:    make([][]Move, n),
		pv:       make([][]Move, n),
		pvLen:    make([]int, n),
		killers:  make([][2]Move, n),
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
