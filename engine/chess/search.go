package chess

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"movesvc/engine"
)

// Limits bound one search. The deadline comes from the context.
type Limits struct {
	// Depth is the deepest iteration, in plies; 0 means the default (deep
	// enough that time or nodes end the search first).
	Depth int
	// MaxNodes stops the search, as a deadline would but reproducibly,
	// once about this many nodes are spent; 0: no limit.
	MaxNodes uint64
	// Threads is how many goroutines search (lazy SMP); 0 or 1: one, and
	// then the answer depends only on the position and the limits.
	Threads int
	// Table is the transposition table, which the caller may keep between
	// searches; nil: a new one of DefaultTableBytes.
	Table *Table
	// Progress, when set, hears of each completed iteration (each line of
	// it under MultiPV), on the searching goroutine.
	Progress func(Info)
	// MultiPV, when more than 1, scores that many best root moves.
	MultiPV int
	// SoftDeadline, when set, is a clock's target time for the move (ctx
	// holds the hard deadline): no iteration starts once softStart of the
	// time to it has passed, as the next would likely not end by it.
	SoftDeadline time.Time
	// History, when set, is the move-ordering memory the search starts
	// from (every thread from the same copy) and the main thread's is
	// written back to when it ends; nil: empty histories, and the result
	// depends only on the position and the other limits.
	History *History
}

// Info is one completed iteration's line: its depth and selective depth,
// score (centipawns, or Mate: moves to mate, positive when the side to move
// mates), bound (0 exact, boundLower or boundUpper when an aspiration
// window failed), principal variation, and the nodes and time so far.
// MultiPV is the line's rank (1 the best). PV is only valid during the
// Progress call.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int
	Score    int
	Mate     int
	Nodes    uint64
	Elapsed  time.Duration
	PV       []Move
}

// Line is one scored root move of a MultiPV search.
type Line struct {
	Move  Move
	Score int
	Mate  int
	PV    []Move
}

// Result is what Search found. Move is legal whenever the position has a
// legal move. Score is in centipawns from the side to move's view; Mate,
// when not 0, is the number of moves to mate (positive: the side to move
// mates), and then Outcome is proved with PliesToEnd. WDL estimates the
// side to move's chances of a win, draw and loss, per mille.
type Result struct {
	Move        Move
	Score       int
	Mate        int
	Outcome     engine.Outcome
	PliesToEnd  int
	Depth       int
	SelDepth    int
	Nodes       uint64
	Elapsed     time.Duration
	Complete    bool
	DeadlineHit bool
	PV          []Move
	Lines       []Line
	WDL         [3]int
}

// Search searches pos (restored before it returns) under ctx's deadline
// and the limits, by iterative deepening (root.go) of a principal
// variation search (pvs.go). When ctx ends or the node limit is reached
// it returns the last completed iteration; the first always completes,
// so Move is legal. A position without legal moves returns NoMove and its
// result.
func Search(ctx context.Context, pos *Position, lim Limits) Result {
	start := time.Now()
	tt := lim.Table
	if tt == nil {
		tt = NewTable(DefaultTableBytes)
	}
	tt.newSearch()
	if res, over := finished(pos); over {
		return res
	}
	shared := &sharedState{done: ctx.Done(), start: start, maxNodes: lim.MaxNodes}
	main := getSearcher(pos, tt, lim.History, shared, 0)
	defer putSearcher(main)
	threads := max(lim.Threads, 1)
	var wg sync.WaitGroup
	helpers := make([]*searcher, 0, threads-1)
	for i := 1; i < threads; i++ {
		h := getSearcher(pos, tt, lim.History, shared, i)
		helpers = append(helpers, h)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.iterate(lim, nil)
		}()
	}
	res := main.iterate(lim, lim.Progress)
	shared.stop.Store(true)
	wg.Wait()
	if lim.History != nil {
		*lim.History = main.hist
	}
	for _, h := range helpers {
		res.Nodes += h.nodes
		putSearcher(h)
	}
	res.DeadlineHit = ctx.Err() != nil && !res.Complete
	res.Elapsed = time.Since(start)
	return res
}

// finished returns the result of a position without a legal move
// (checkmate or stalemate) and true, or false. A position drawn by rule
// (repetition, fifty moves, material) is still searched: a GUI may ask for
// a move there.
func finished(pos *Position) (Result, bool) {
	o, r := pos.Status()
	if r != ReasonCheckmate && r != ReasonStalemate {
		return Result{}, false
	}
	res := Result{Outcome: o, Complete: true}
	if r == ReasonCheckmate {
		res.Score = -mateScore
		res.WDL = [3]int{0, 0, 1000}
	} else {
		res.WDL = [3]int{0, 1000, 0}
	}
	return res, true
}

// sharedState is what the threads of one search share: the stop flag, the
// deadline's channel, the start time and the node limit (counted by the
// main thread).
type sharedState struct {
	stop     atomic.Bool
	done     <-chan struct{}
	start    time.Time
	maxNodes uint64
}

// searcherPool keeps searchers (2.6 MB each, most of it the continuation
// history) between searches.
var searcherPool sync.Pool

// getSearcher returns a searcher of a copy of pos for thread id.
func getSearcher(pos *Position, tt *Table, hist *History, shared *sharedState, id int) *searcher {
	s, _ := searcherPool.Get().(*searcher)
	if s == nil {
		s = new(searcher)
	}
	s.reset(pos, tt, hist, shared, id)
	return s
}

// putSearcher returns s to the pool.
func putSearcher(s *searcher) {
	s.tt = nil
	s.shared = nil
	searcherPool.Put(s)
}
