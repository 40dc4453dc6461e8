package kalah

import (
	"context"
	"time"

	"movesvc/engine"
)

// This file is the engine's side of the search: Search, Analyze, the exact
// score and the levels of a State, on the package's solver.

// tableKey is the key idle tables of 1<<bits entries are kept under for
// reuse (engine.Borrow).
type tableKey int

// tableBits returns the size of a search's table, in bits: the engine's
// (lim.Bits()) for a depth-limited search, and at least serviceTableBits
// for a solve.
func tableBits(lim engine.Limits) int {
	if turns(lim.Depth) > 0 {
		return lim.Bits()
	}
	return max(serviceTableBits, lim.Bits())
}

// borrowTable returns an empty table for one search, borrowed from
// lim.Memory (engine.Borrow): an earlier search's, cleared so that the
// answer depends only on the position and the limits, or a new one.
func borrowTable(lim engine.Limits) *Table {
	bits := tableBits(lim)
	t, reused := engine.Borrow(lim.Memory, tableKey(bits), func() *Table { return NewTable(bits) })
	if reused {
		t.Clear()
	}
	return t
}

// returnTable hands t back for later searches (engine.Return).
func returnTable(t *Table, lim engine.Limits) {
	engine.Return(lim.Memory, tableKey(tableBits(lim)), t, t.Bytes())
}

// turns returns the depth, in turns, of the package's Limits for the
// engine's depth d: 0 (solve to the end) when d is unset or SolveDepth or
// more, else d.
func turns(d int) int {
	if d <= 0 || d >= SolveDepth {
		return 0
	}
	return d
}

// Search solves the position (engine.Searcher): the exact final store
// difference with perfect play, from the side to move's view, as Score,
// Complete when proved; under a deadline or lim.MaxNodes that stops the
// solve first, the best move found and its estimate, with the outcome when
// the proved bounds already decide it. A lim.Depth below SolveDepth asks
// for a search of that many turns; Complete then says it reached them.
// lim.Progress hears of each iteration.
func (s *State) Search(ctx context.Context, lim engine.Limits) engine.Result {
	start := time.Now()
	t := borrowTable(lim)
	defer returnTable(t, lim)
	kl := Limits{Depth: turns(lim.Depth), MaxNodes: lim.MaxNodes, Table: t, Database: databaseFor(ctx, s.pos.Rules())}
	if lim.Progress != nil {
		kl.Progress = func(i Info) {
			p := engine.Progress{Depth: i.Depth, Score: i.Score, Move: i.Move, PV: i.PV, Nodes: i.Nodes, Elapsed: time.Since(start)}
			if i.Exact {
				p.Outcome = outcomeOf(i.Score)
			}
			lim.Progress(p)
		}
	}
	r := Search(ctx, s.pos, kl)
	res := engine.Result{Move: r.Move, Score: r.Score, Outcome: boundsOutcome(r.Complete, r.Score, r.Lower, r.Upper),
		PliesToEnd: r.PliesToEnd, Depth: r.Depth, Nodes: r.Nodes, PV: r.PV,
		Complete:    r.Complete || kl.Depth > 0 && r.Depth >= kl.Depth,
		DeadlineHit: r.DeadlineHit && ctx.Err() != nil}
	res.Elapsed = time.Since(start)
	return res
}

// boundsOutcome returns the outcome an exact score or proved bounds
// decide: a win when the least proved is above 0, a loss when the most is
// below, a draw at an exact 0, else OutcomeUnknown.
func boundsOutcome(exact bool, score, lower, upper int) engine.Outcome {
	switch {
	case exact:
		return outcomeOf(score)
	case lower > 0:
		return engine.OutcomeWin
	case upper < 0:
		return engine.OutcomeLoss
	}
	return engine.OutcomeUnknown
}

// Analyze scores every legal move (engine.Analyzer), best first, cut to the
// n best when n > 0: each move's exact value (the final store difference
// with perfect play after it) when solved, else its estimate with the
// bounds proved (Bounded). A lim.Depth below SolveDepth searches each move
// to lim.Depth-1 turns after it (at least one); lim.MaxNodes bounds each
// move's search.
func (s *State) Analyze(ctx context.Context, lim engine.Limits, n int) []engine.MoveScore {
	t := borrowTable(lim)
	defer returnTable(t, lim)
	kl := Limits{Depth: turns(lim.Depth), MaxNodes: lim.MaxNodes, Table: t, Database: databaseFor(ctx, s.pos.Rules())}
	if kl.Depth > 0 {
		kl.Depth = max(kl.Depth-1, 1)
	}
	values := Analyze(ctx, s.pos, kl)
	out := make([]engine.MoveScore, len(values))
	for i, v := range values {
		out[i] = engine.MoveScore{Move: v.Move, Score: v.Score, Outcome: boundsOutcome(v.Exact, v.Score, v.Lower, v.Upper),
			Depth: v.Depth + 1, Nodes: v.Nodes, PV: []engine.Move{v.Move},
			Complete: v.Exact || kl.Depth > 0 && v.Depth >= kl.Depth}
		if !v.Exact {
			out[i].Bounded, out[i].Lower, out[i].Upper = true, v.Lower, v.Upper
		}
	}
	engine.SortMoveScores(out)
	if n > 0 && n < len(out) {
		out = out[:n]
	}
	return out
}

// ExactScore returns the score of a proved result (engine.ExactScorer), the
// final store difference, which the outcome alone does not give: for a
// result one ply from the end, that of the first legal move in search order
// that ends the game with outcome o (the move a weaker level takes when it
// wins at once); otherwise the least difference o allows, 1, -1 or 0.
func (s *State) ExactScore(o engine.Outcome, pliesToEnd int) int {
	if pliesToEnd == 1 {
		mover := s.pos.ToMove()
		for _, m := range s.pos.LegalMoves(make([]engine.Move, 0, MaxPits)) {
			s.pos.Play(m)
			over, d := s.pos.Over(), s.pos.Store(mover)-s.pos.Store(mover.Other())
			s.pos.Undo(m)
			if over && outcomeOf(d) == o {
				return d
			}
		}
	}
	switch o {
	case engine.OutcomeWin:
		return 1
	case engine.OutcomeLoss:
		return -1
	}
	return 0
}

// LevelDepth returns the plies a weaker level (1 to 9) scores its moves
// to (engine.LevelDepther): the move and levelDepths[level] turns after it.
func (s *State) LevelDepth(level int) int { return LevelLimits(level).Depth + 1 }

// LevelMargin returns how many seeds below the best a weaker level's move
// may score (engine.LevelMarginer): levelMargins[level].
func (s *State) LevelMargin(level int) int { return LevelMargin(level) }

// databaseFor returns the endgame database a search under ctx consults:
// r's (DatabaseBy), waited for at most half the time to ctx's deadline
// (dbWaitShare), or, when that ends before it is built, an empty one, so
// that the search keeps the other half and neither answers past its
// deadline nor builds its own. (r was validated when the position was
// made, so the empty one builds.) Without a deadline it waits.
func databaseFor(ctx context.Context, r Rules) *Database {
	wait, cancel := engine.TimeShare(ctx, 1, dbWaitShare, 0)
	defer cancel()
	if d := DatabaseBy(wait, r); d != nil {
		return d
	}
	d, _ := BuildDatabase(r, 0)
	return d
}
