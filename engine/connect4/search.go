package connect4

import (
	"context"
	"time"

	"movesvc/engine"
)

// solverKey is the key idle solvers with tables of 1<<bits entries are kept
// under for reuse (engine.Borrow).
type solverKey int

// acquireSolver returns an empty solver with a table of 1<<bits entries
// that consults book: one an earlier search left (engine.Borrow from r),
// else a new one.
func acquireSolver(bits int, book *Book, r *engine.Reservation) *Solver {
	s, reused := engine.Borrow(r, solverKey(bits), func() *Solver { return NewSolver(bits, book) })
	if reused {
		s.book = book
		s.Reset()
	}
	return s
}

// releaseSolver hands s back for later searches (engine.Return).
func releaseSolver(s *Solver, r *engine.Reservation) {
	s.clock.Watch(nil, 0)
	engine.Return(r, solverKey(s.table.Bits()), s, 8<<s.table.Bits())
}

// tableBits converts the engine's table size, counted in 16-byte entries,
// into a solver table of the same memory (8-byte entries), at least
// DefaultTableBits.
func tableBits(engineBits int) int {
	return max(DefaultTableBits, min(engineBits+1, MaxTableBits))
}

// Search solves the position exactly: from the opening book when the
// position is in it (bookAnswer: no search, no node), else by the solver
// until ctx ends. With a proved score the result is exact (Complete), the
// move achieves it, and the principal variation follows optimal moves as
// far as the time and a node budget allow. When ctx has a deadline, a short heuristic search
// (guessDen of the time, at most guessMost) runs before the solve, so that if the deadline
// stops the solve the result carries the proved bounds' outcome when
// their sign is known, and the best move known: one proved to win, or to
// draw when nothing better is proved, else the heuristic search's move
// (with its depth and line) when it does not lose at once, else the move
// ordering's first non-losing move; Complete is false.
//
// A params.Depth below the plies left asks for a depth-limited heuristic
// search instead of a solve.
func (s *State) Search(ctx context.Context, params engine.Limits) engine.Result {
	if params.Depth > 0 && params.Depth < Cells-s.pos.moves {
		return engine.SearchTree(ctx, s, params)
	}
	start := time.Now()
	book := DefaultBook()
	if res, ok := bookAnswer(s.pos, book); ok {
		res.Elapsed = time.Since(start)
		return res
	}
	solver := acquireSolver(tableBits(params.TableBits), book, params.Memory)
	defer releaseSolver(solver, params.Memory)
	solver.clock.Watch(ctx.Done(), 0)
	solver.SetThreads(params.Threads)

	res := engine.Result{Move: engine.NoMove}
	p := s.pos
	lo, hi, move := solver.bookBounds(p)
	guess := engine.Result{Move: engine.NoMove}
	if lo != hi {
		if _, ok := ctx.Deadline(); ok {
			// A quick heuristic search first, for a move better than the
			// move ordering's should the deadline stop the solve.
			hctx, cancel := engine.TimeShare(ctx, 1, guessDen, guessMost)
			guess = engine.SearchTree(hctx, s, engine.Limits{TableBits: params.TableBits, Memory: params.Memory})
			cancel()
		}
		lo, hi, move = solver.bounds(p)
	}
	if lo == hi && move == noMoveCol {
		move = solver.bestMove(p, lo)
	}
	if lo == hi && move != noMoveCol {
		res.Complete = true
		res.Score = lo
		res.Outcome = outcomeOf(lo)
		res.PliesToEnd = pliesToEnd(lo, p.moves)
		res.Depth = Cells - p.moves
		res.Move = engine.Move(move)
		for _, m := range solver.principalVariation(p, move, lo, solver.clock.Nodes+pvNodeBudget(solver.clock.Nodes)) {
			res.PV = append(res.PV, engine.Move(m))
		}
	} else {
		res.DeadlineHit = true
		res.Depth = 0
		switch {
		case lo > 0:
			res.Score, res.Outcome = lo, engine.OutcomeWin
		case hi < 0:
			res.Score, res.Outcome = hi, engine.OutcomeLoss
		case lo == 0 && hi == 0:
			res.Outcome = engine.OutcomeDraw
		}
		res.Move = engine.Move(solver.fallbackMove(p, lo, int(guess.Move)))
		res.PV = []engine.Move{res.Move}
		if res.Move == guess.Move && len(guess.PV) > 0 {
			res.PV, res.Depth = guess.PV, guess.Depth
		}
	}
	res.Nodes = solver.clock.Nodes
	res.Elapsed = time.Since(start)
	return res
}

// bookAnswer returns the exact result of p from book without a search: a
// win at once, or the book's entry with its move and a principal variation
// that follows the book (bookLine). It reports false when p is in neither.
func bookAnswer(p Position, book *Book) (engine.Result, bool) {
	var score, move int
	if p.CanWinNext() {
		score, move = (Cells+1-p.moves)/2, winningColumn(&p)
	} else if e, ok := book.Lookup(p); ok {
		score, move = e.Score, e.Move
	} else {
		return engine.Result{}, false
	}
	res := engine.Result{Move: engine.Move(move), Score: score, Outcome: outcomeOf(score),
		PliesToEnd: pliesToEnd(score, p.moves), Depth: Cells - p.moves, Complete: true}
	for _, m := range bookLine(p, move, book) {
		res.PV = append(res.PV, engine.Move(m))
	}
	return res, true
}

// bookLine returns the line from p that starts with first, a move
// achieving p's score, and goes on with optimal moves as far as they are
// known without a search: wins at once and the book's moves. It stops at
// the end of the game or at the first position the book lacks.
func bookLine(p Position, first int, book *Book) []int {
	line := []int{first}
	for move := first; ; line = append(line, move) {
		if p.IsWinningMove(move) {
			return line
		}
		p.Play(move)
		switch e, ok := book.Lookup(p); {
		case p.moves == Cells:
			return line
		case p.CanWinNext():
			move = winningColumn(&p)
		case ok:
			move = e.Move
		default:
			return line
		}
	}
}

// The heuristic search that runs before a solve takes 1/guessDen of the
// time to the deadline, at most guessMost (engine.TimeShare).
const (
	guessDen  = 16
	guessMost = 30 * time.Millisecond
)

// pvNodeBudget bounds the nodes spent extending the principal variation
// after a solve that took solveNodes.
func pvNodeBudget(solveNodes uint64) uint64 { return solveNodes + 1<<16 }

// outcomeOf returns the outcome a proved score stands for.
func outcomeOf(score int) engine.Outcome {
	switch {
	case score > 0:
		return engine.OutcomeWin
	case score < 0:
		return engine.OutcomeLoss
	}
	return engine.OutcomeDraw
}
