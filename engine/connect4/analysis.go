package connect4

import (
	"context"

	"movesvc/engine"
)

// Analyze returns the exact score of every legal column, best first, as
// the reference solver's analyse mode does: each child position is solved
// from the opening book or by the solver, one solver and its table shared
// by the children, each child given an equal share of the time left to
// ctx's deadline. A column whose solve the deadline stops has Complete
// false and the proved bound's score and outcome when its sign is known
// (as Search reports an unfinished solve), else score 0 and outcome
// unknown. A params.Depth below the plies left scores the columns by the
// depth-limited heuristic search instead (engine.AnalyzeMoves). n > 0 keeps
// the n best.
func (s *State) Analyze(ctx context.Context, params engine.Params, n int) []engine.MoveScore {
	var cols []engine.Move
	for _, c := range columnOrder {
		if s.pos.CanPlay(c) {
			cols = append(cols, engine.Move(c))
		}
	}
	if params.Depth > 0 && params.Depth < Cells-s.pos.moves {
		return engine.AnalyzeMoves(ctx, heuristicState{s}, params, cols, n)
	}
	solver := acquireSolver(tableBits(params.TableBits), DefaultBook(), params.Memory)
	defer releaseSolver(solver, params.Memory)
	out := make([]engine.MoveScore, 0, len(cols))
	for i, c := range cols {
		cctx, cancel := engine.ShareDeadline(ctx, len(cols)-i)
		out = append(out, solver.analyzeColumn(cctx, s.pos, int(c)))
		cancel()
	}
	engine.SortMoveScores(out)
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out
}

// analyzeColumn returns the score of playing column c in p for p's side to
// move, proved until ctx ends.
func (s *Solver) analyzeColumn(ctx context.Context, p Position, c int) engine.MoveScore {
	start := s.nodes
	e := engine.MoveScore{Move: engine.Move(c), PV: []engine.Move{engine.Move(c)}, Depth: Cells - p.moves}
	var lo, hi int
	child := p
	switch {
	case p.IsWinningMove(c):
		lo = (Cells + 1 - p.moves) / 2
		hi = lo
	case p.moves+1 == Cells:
		lo, hi = 0, 0
	default:
		child.Play(c)
		s.done, s.stopped = ctx.Done(), false
		clo, chi, _ := s.bookBounds(child)
		if clo != chi {
			clo, chi, _ = s.bounds(child)
		}
		lo, hi = -chi, -clo
	}
	e.Nodes = s.nodes - start + 1
	if lo == hi {
		e.Score, e.Outcome, e.PliesToEnd, e.Complete = lo, outcomeOf(lo), pliesToEnd(lo, p.moves), true
		return e
	}
	e.Depth = 1
	switch {
	case lo > 0:
		e.Score, e.Outcome = lo, engine.OutcomeWin
	case hi < 0:
		e.Score, e.Outcome = hi, engine.OutcomeLoss
	}
	return e
}

// LevelDepth returns the plies a weaker level searches, a depth-limited
// heuristic search: the level plus one, 2 at level 1, 10 at level 9; the
// exact solve is left to MaxLevel.
func (s *State) LevelDepth(level int) int { return level + 1 }
