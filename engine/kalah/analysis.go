package kalah

import (
	"context"

	"movesvc/engine"
)

// PitValue is what analysis knows of one move: the final store difference
// for the side to move if it plays Move and both sides play perfectly on,
// exact when Exact, else within the proved bounds Lower..Upper (Score is
// then the search's estimate).
type PitValue struct {
	Move         engine.Move
	Score        int
	Lower, Upper int
	Exact        bool
	Depth        int    // turns of the last completed iteration after the move (0: none ran)
	Nodes        uint64 // boards the move's search took
}

// Analyze returns the value of every legal move of pos (not over), in pit
// order, each solved by the search (one table shared by all, so later
// moves reuse what earlier ones proved): exactly, or to lim.Depth turns
// with up to lim.MaxNodes nodes for each move. When ctx ends, the moves not
// yet solved keep the bounds proved so far (at worst every seed still on
// the board either way).
func Analyze(ctx context.Context, pos *Position, lim Limits) []PitValue {
	s := newSolver(pos.rules, lim)
	s.done = ctx.Done()
	n := pos.OnBoard()
	diff := pos.storeDiff()
	var kids [MaxPits]child
	count := s.expand(&pos.b, n, noMove, &kids)
	out := make([]PitValue, 0, count)
	for k := range count {
		out = append(out, s.analyzeChild(&kids[k], n, lim))
	}
	for k := range out {
		out[k].Score += diff
		out[k].Lower += diff
		out[k].Upper += diff
	}
	sortByPit(out)
	return out
}

// analyzeChild solves the board a move leads to and returns the move's
// value for the mover, without the stores.
func (s *solver) analyzeChild(c *child, n int, lim Limits) PitValue {
	pv := PitValue{Move: engine.Move(c.pit), Score: c.net, Lower: c.net, Upper: c.net, Exact: true}
	if c.over {
		return pv
	}
	res := Result{Lower: -c.n, Upper: c.n}
	before := s.nodes
	if !s.deadlinePassed() {
		s.armed, s.stopped = false, false // each move's first iteration completes
		if lim.MaxNodes > 0 {
			s.limit = s.nodes + lim.MaxNodes
		}
		res = s.iterate(&c.b, c.n, Limits{Depth: lim.Depth})
	}
	if c.extra {
		pv.Score, pv.Lower, pv.Upper = c.net+res.Score, c.net+res.Lower, c.net+res.Upper
	} else {
		pv.Score, pv.Lower, pv.Upper = c.net-res.Score, c.net-res.Upper, c.net-res.Lower
	}
	pv.Exact, pv.Depth, pv.Nodes = res.Complete, res.Depth, s.nodes-before
	return pv
}

// sortByPit sorts values by pit, an insertion sort of at most MaxPits.
func sortByPit(values []PitValue) {
	for i := 1; i < len(values); i++ {
		for k := i; k > 0 && values[k].Move < values[k-1].Move; k-- {
			values[k], values[k-1] = values[k-1], values[k]
		}
	}
}
