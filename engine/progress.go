package engine

import (
	"context"
	"time"
)

// Progress is what a search reports after each completed iteration
// (Limits.Progress): the iteration's depth, its score and outcome as a
// Result would give them, its best move and principal variation, and the
// nodes and time spent so far. PV is only valid during the call; a callback
// that keeps it must copy it.
type Progress struct {
	Depth      int
	Score      int
	Outcome    Outcome
	PliesToEnd int
	Move       Move
	PV         []Move
	Nodes      uint64
	Elapsed    time.Duration
}

// ProgressOf returns the Progress that reports res as a whole: what a
// search that does not iterate sends once.
func ProgressOf(res Result) Progress {
	return Progress{Depth: res.Depth, Score: res.Score, Outcome: res.Outcome, PliesToEnd: res.PliesToEnd,
		Move: res.Move, PV: res.PV, Nodes: res.Nodes, Elapsed: res.Elapsed}
}

// report tells fn, when set, of the iteration to depth that just completed
// with root score v; remaining is the plies left in the game. It allocates
// nothing.
func (s *search) report(fn func(Progress), start time.Time, v int32, depth, remaining int) {
	if fn == nil {
		return
	}
	o, plies := OutcomeUnknown, 0
	if IsWinScore(v) || depth >= remaining {
		o, plies = provedOutcome(v, remaining)
	}
	fn(Progress{Depth: depth, Score: publicScore(s.st, v, o, plies), Outcome: o, PliesToEnd: plies,
		Move: s.bestLine[0], PV: s.bestLine, Nodes: s.clock.Nodes, Elapsed: time.Since(start)})
}

// searchDelegated runs a game's own search. A game search that reports no
// iteration through params.Progress has its result reported once.
func searchDelegated(ctx context.Context, s Searcher, params Limits) Result {
	fn := params.Progress
	if fn == nil {
		return s.Search(ctx, params)
	}
	reported := false
	params.Progress = func(p Progress) {
		reported = true
		fn(p)
	}
	res := s.Search(ctx, params)
	if !reported {
		fn(ProgressOf(res))
	}
	return res
}
