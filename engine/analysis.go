package engine

import (
	"context"
	"slices"
)

// MoveScore is one move of an analysis: the value of playing Move, from
// the side to move's point of view, as a Result gives it (Score, Outcome,
// PliesToEnd when proved exactly), the depth searched counting the move
// itself, whether that search completed, its line starting with Move, and
// its nodes.
type MoveScore struct {
	Move       Move
	Score      int
	Outcome    Outcome
	PliesToEnd int
	Depth      int
	Complete   bool
	PV         []Move
	Nodes      uint64
	// Bounded is set on an entry that is not Complete when its game
	// proved bounds on the exact score all the same (an exact solver cut
	// short): Lower <= the exact score <= Upper, in the units of a proved
	// Score. Outcome is then OutcomeWin when Lower > 0, OutcomeLoss when
	// Upper < 0, else OutcomeUnknown.
	Bounded      bool
	Lower, Upper int
	// Estimate holds what the game's own search says beyond Score.
	Estimate
}

// Analyze scores the moves of st, which must not be over, best first
// (SortMoveScores): one entry per legal move, cut to the n best when n > 0,
// each scored by a search of the position after it under params (Progress
// ignored) to params.Depth-1 plies. A game implementing Analyzer
// may score only its most promising moves. The moves are searched in
// rounds of increasing depth (AnalyzeMoves); when the deadline passes first,
// entries short of the requested depth have Complete false, and every legal
// move still gets an entry. st is restored before Analyze returns.
func Analyze(ctx context.Context, st State, params Limits, n int) []MoveScore {
	params.Progress = nil
	if a, ok := st.(Analyzer); ok {
		return a.Analyze(ctx, params, n)
	}
	return AnalyzeMoves(ctx, st, params, st.LegalMoves(make([]Move, 0, st.MaxMoves())), n, Search)
}

// AnalyzeMoves scores each of moves, legal in st, by a search of the
// position after it (search, such as Search or SearchTree, with params one
// ply shallower; a move that ends the game is scored exactly without
// search), sorts them best first and returns the n best, or all when n <= 0.
//
// The moves are scored in rounds of increasing depth, 1 (the static
// evaluation after the move) up to params.Depth (to the end of the game
// when zero), every move in every round, so that the scores compared are
// always of the same depth; a move proved won, lost or drawn is not
// searched again. When ctx ends during a round, that round is dropped and
// the last complete one is returned, its unproved entries marked not
// Complete. The first two rounds always complete, so that every move that
// wins at once or lets the opponent win at once is proved so. With no deadline hit the
// result depends only on st, params and moves. params.Progress must be
// nil.
func AnalyzeMoves(ctx context.Context, st State, params Limits, moves []Move, n int, search SearchFunc) []MoveScore {
	maxDepth := params.Depth
	if remaining := st.RemainingPlies(); maxDepth <= 0 || maxDepth > remaining {
		maxDepth = remaining
	}
	best := make([]MoveScore, len(moves))
	round := make([]MoveScore, len(moves))
	nodes := make([]uint64, len(moves))
	for depth := 1; depth <= maxDepth; depth++ {
		rp := params
		rp.Depth = depth
		stopped, open := false, false
		for i, m := range moves {
			if depth > 1 && proved(best[i]) {
				round[i] = best[i]
				continue
			}
			round[i] = scoreMove(ctx, st, rp, m, search)
			nodes[i] += round[i].Nodes
			if depth > 2 && ctx.Err() != nil {
				stopped = true
				break
			}
			open = open || !proved(round[i])
		}
		if stopped {
			break
		}
		best, round = round, best
		if !open {
			break
		}
	}
	for i := range best {
		best[i].Nodes = nodes[i]
		best[i].Complete = proved(best[i]) || best[i].Depth >= maxDepth
	}
	SortMoveScores(best)
	if n > 0 && len(best) > n {
		best = best[:n]
	}
	return best
}

// proved reports whether e's outcome is known exactly.
func proved(e MoveScore) bool { return e.Outcome != OutcomeUnknown && e.PliesToEnd > 0 }

// scoreMove scores playing m in st by search of the position after it.
// When m leaves the same side to move (an extra turn), the child's score
// is the mover's own, not its negation.
func scoreMove(ctx context.Context, st State, params Limits, m Move, search SearchFunc) MoveScore {
	e := MoveScore{Move: m, Depth: 1, Complete: true, PV: []Move{m}, Nodes: 1}
	mover := st.ToMove()
	st.Play(m)
	sign, flip := -1, Outcome.Flip
	if st.ToMove() == mover {
		sign, flip = 1, func(o Outcome) Outcome { return o }
	}
	switch o := st.Outcome(); {
	case o == OutcomeWin || o == OutcomeLoss || o == OutcomeDraw:
		e.Outcome, e.PliesToEnd = flip(o), 1
	case params.Depth == 1:
		e.Score = sign * int(st.Evaluate())
	default:
		cp := params
		if cp.Depth > 0 {
			cp.Depth--
		}
		child := search(ctx, st, cp)
		e.Score = sign * child.Score
		e.Outcome = flip(child.Outcome)
		if child.Outcome != OutcomeUnknown && child.PliesToEnd > 0 {
			e.PliesToEnd = child.PliesToEnd + 1
		}
		e.Depth, e.Complete, e.Nodes = child.Depth+1, child.Complete, child.Nodes+1
		e.PV = append(e.PV, child.PV...)
	}
	st.Undo(m)
	if e.PliesToEnd > 0 {
		e.Score = ProvedScore(st, e.Outcome, e.PliesToEnd)
	}
	return e
}

// Flip returns the outcome for the other side: a win becomes a loss, a
// loss a win; draw and unknown stay.
func (o Outcome) Flip() Outcome {
	switch o {
	case OutcomeWin:
		return OutcomeLoss
	case OutcomeLoss:
		return OutcomeWin
	}
	return o
}

// outcomeRank orders outcomes for sorting: a proved win above anything
// unproved or drawn, a proved loss below.
func outcomeRank(o Outcome) int {
	switch o {
	case OutcomeWin:
		return 2
	case OutcomeLoss:
		return 0
	}
	return 1
}

// SortMoveScores sorts moves best first: proved wins, then draws and
// unproved moves, then proved losses, each group by decreasing score (a
// proved score already prefers the quickest win and the slowest loss). The
// sort is stable, so equal moves keep their order.
func SortMoveScores(moves []MoveScore) {
	slices.SortStableFunc(moves, func(a, b MoveScore) int {
		if ra, rb := outcomeRank(a.Outcome), outcomeRank(b.Outcome); ra != rb {
			return rb - ra
		}
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return 0
	})
}
