package connect4

import (
	"context"

	"movesvc/engine"
)

// Analyze returns the exact score of every legal column, best first, as
// the reference solver's analyse mode does: each child position is solved
// from the opening book or by the solver, one solver and its table shared
// by the children. A params.Depth below the plies left scores the columns
// by the depth-limited heuristic search instead (engine.AnalyzeMoves).
// n > 0 keeps the n best.
//
// Under a deadline the columns share the time as they go (analyzeColumns):
// each solve gets the time left over the number of columns not yet proved,
// and the columns left unproved are taken up again, from the bounds they
// proved, with the time then left; so the columns that are quick to prove
// leave their time to the hard ones. A column still unproved at the
// deadline has Complete false, Depth 0, no PliesToEnd, and its proved
// bounds (Bounded, Lower, Upper); its outcome is a win with the lower
// bound as its score when that is positive, a loss with the upper bound
// when that is negative, else unknown with score 0.
func (s *State) Analyze(ctx context.Context, params engine.Limits, n int) []engine.MoveScore {
	var cols []engine.Move
	for _, c := range columnOrder {
		if s.pos.CanPlay(c) {
			cols = append(cols, engine.Move(c))
		}
	}
	if params.Depth > 0 && params.Depth < Cells-s.pos.moves {
		return engine.AnalyzeMoves(ctx, s, params, cols, n, engine.SearchTree)
	}
	solver := acquireSolver(tableBits(params.TableBits), DefaultBook(), params.Memory)
	defer releaseSolver(solver, params.Memory)
	solver.SetThreads(params.Threads)
	out := solver.analyzeColumns(ctx, s.pos, cols, analyzeOptions{})
	engine.SortMoveScores(out)
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out
}

// columnSolve is one column of an analysis: the position after it, the
// bounds proved on the score of playing it (for the side to move before
// it) and the nodes spent.
type columnSolve struct {
	col    int
	child  Position
	lo, hi int
	nodes  uint64
}

// analyzeOptions are analyzeColumns' seams for tests, which make a
// deadline's effect reproducible: nodeLimit > 0 stops each solve after
// that many nodes; nodeBudget > 0 is a total the columns share as they
// share a deadline's time (each solve gets the nodes left over the columns
// unproved); solved, when set, hears of each solve: its column, the number
// of columns unproved when it started (what the time or nodes left were
// divided by), and whether it proved the column.
type analyzeOptions struct {
	nodeLimit  uint64
	nodeBudget uint64
	solved     func(col, open int, proved bool)
}

// analyzeColumns scores playing each of cols in p, whose moves they must
// be, from the book or by solving the position after it until ctx ends.
// The columns are solved in turn, each given the time left to ctx's
// deadline over the number of columns not yet proved; while some are left
// unproved and time is left, they are taken up again from their proved
// bounds, in the same order, with the table kept. Without a deadline (or
// opts.nodeBudget) each column is solved once, to the end or until ctx is
// cancelled. The entries are in the order of cols.
func (s *Solver) analyzeColumns(ctx context.Context, p Position, cols []engine.Move, opts analyzeOptions) []engine.MoveScore {
	cs := make([]columnSolve, len(cols))
	open := 0
	for i, m := range cols {
		c := int(m)
		cs[i] = columnSolve{col: c}
		switch {
		case p.IsWinningMove(c):
			cs[i].lo = (Cells + 1 - p.moves) / 2
			cs[i].hi = cs[i].lo
		case p.moves+1 == Cells:
			// The last cell, not a win: a draw.
		default:
			cs[i].child = p
			cs[i].child.Play(c)
			clo, chi, _ := s.bookBounds(cs[i].child)
			cs[i].lo, cs[i].hi = -chi, -clo
		}
		if cs[i].lo < cs[i].hi {
			open++
		}
	}
	_, shared := ctx.Deadline()
	shared = shared || opts.nodeBudget > 0
	var spent uint64
	budgetLeft := func() bool { return opts.nodeBudget == 0 || spent < opts.nodeBudget }
	for open > 0 && ctx.Err() == nil && budgetLeft() {
		for i := range cs {
			cb := &cs[i]
			if cb.lo == cb.hi || ctx.Err() != nil || !budgetLeft() {
				continue
			}
			cctx, cancel := engine.TimeShare(ctx, 1, open, 0)
			s.clock.Watch(cctx.Done(), 0)
			switch {
			case opts.nodeLimit > 0:
				s.clock.Watch(cctx.Done(), s.clock.Nodes+opts.nodeLimit)
			case opts.nodeBudget > 0:
				s.clock.Watch(cctx.Done(), s.clock.Nodes+max(1, (opts.nodeBudget-spent)/uint64(open)))
			}
			start := s.clock.Nodes
			clo, chi := s.narrow(cb.child, -cb.hi, -cb.lo)
			cancel()
			cb.lo, cb.hi = -chi, -clo
			cb.nodes += s.clock.Nodes - start
			spent += s.clock.Nodes - start
			if opts.solved != nil {
				opts.solved(cb.col, open, cb.lo == cb.hi)
			}
			if cb.lo == cb.hi {
				open--
			}
		}
		if !shared {
			break
		}
	}
	s.clock.Watch(nil, 0)

	out := make([]engine.MoveScore, len(cs))
	for i, cb := range cs {
		out[i] = columnEntry(p, cb)
	}
	return out
}

// columnEntry is the analysis entry of cb, a column of p: its exact score
// when proved, else its proved bounds (engine.MoveScore.Bounded).
func columnEntry(p Position, cb columnSolve) engine.MoveScore {
	e := engine.MoveScore{Move: engine.Move(cb.col), PV: []engine.Move{engine.Move(cb.col)}, Nodes: cb.nodes + 1}
	if cb.lo == cb.hi {
		e.Score, e.Outcome, e.PliesToEnd = cb.lo, outcomeOf(cb.lo), pliesToEnd(cb.lo, p.moves)
		e.Depth, e.Complete = Cells-p.moves, true
		return e
	}
	e.Bounded, e.Lower, e.Upper = true, cb.lo, cb.hi
	switch {
	case cb.lo > 0:
		e.Score, e.Outcome = cb.lo, engine.OutcomeWin
	case cb.hi < 0:
		e.Score, e.Outcome = cb.hi, engine.OutcomeLoss
	}
	return e
}
