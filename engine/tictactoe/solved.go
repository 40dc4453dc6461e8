package tictactoe

import (
	"context"
	"time"

	"movesvc/engine"
)

// solution is the game-theoretic value of a position for the side to move:
// its outcome, the plies to the end under best play (fastest win, slowest
// loss; a draw lasts until the board is full) and a best move, -1 when the
// game is over.
type solution struct {
	outcome engine.Outcome
	plies   int8
	move    int8
}

// value orders solutions for the side to move: a win beats a draw beats a
// loss, a faster win a slower one, a slower loss a faster one.
func (s solution) value() int {
	switch s.outcome {
	case engine.OutcomeWin:
		return 100 - int(s.plies)
	case engine.OutcomeLoss:
		return -100 + int(s.plies)
	}
	return 0
}

// solutions holds the solution of every position, indexed by index: the
// whole game tree (5,478 positions) solved once when the package loads, in
// well under a millisecond.
var solutions = func() *[19683]solution {
	var t [19683]solution
	var known [19683]bool
	var solve func(s *State) solution
	solve = func(s *State) solution {
		i := s.index()
		if known[i] {
			return t[i]
		}
		best := solution{outcome: s.Outcome(), move: -1}
		if best.outcome == engine.OutcomeUnknown {
			bestValue := -1000
			for _, m := range s.LegalMoves(make([]engine.Move, 0, cells)) {
				s.Play(m)
				child := solve(s)
				s.Undo(m)
				mine := solution{outcome: opposite(child.outcome), plies: child.plies + 1, move: int8(m)}
				if v := mine.value(); v > bestValue {
					best, bestValue = mine, v
				}
			}
		}
		t[i], known[i] = best, true
		return best
	}
	solve(&State{})
	return &t
}()

// opposite returns the outcome for the other player.
func opposite(o engine.Outcome) engine.Outcome {
	switch o {
	case engine.OutcomeWin:
		return engine.OutcomeLoss
	case engine.OutcomeLoss:
		return engine.OutcomeWin
	}
	return o
}

// index is the position's number in base 3: cell i holds 0 (empty), 1 (x)
// or 2 (o) at the digit of 3^i.
func (s *State) index() int {
	i := 0
	for c := cells - 1; c >= 0; c-- {
		i *= 3
		switch {
		case s.stones[0]&(1<<c) != 0:
			i++
		case s.stones[1]&(1<<c) != 0:
			i += 2
		}
	}
	return i
}

// Search answers from the solution table: the exact result, a best move
// (centre, corners, edges first among equals) and the line of best play, with
// no search (Nodes is 0). A depth below the plies left asks for a
// depth-limited search, which the generic engine search runs.
func (s *State) Search(ctx context.Context, params engine.Limits) engine.Result {
	if params.Depth > 0 && params.Depth < s.RemainingPlies() {
		return engine.SearchTree(ctx, s, params)
	}
	start := time.Now()
	sol := solutions[s.index()]
	res := engine.Result{Move: engine.Move(sol.move), Outcome: sol.outcome, PliesToEnd: int(sol.plies),
		Depth: int(sol.plies), Complete: true}
	res.Score = s.ExactScore(res.Outcome, res.PliesToEnd)
	line := *s
	for next := sol; next.move >= 0; next = solutions[line.index()] {
		res.PV = append(res.PV, engine.Move(next.move))
		line.Play(engine.Move(next.move))
	}
	res.Elapsed = time.Since(start)
	return res
}

// SearchMemory returns the bytes one search with params holds: none for an
// answer from the solution table (no depth, or one that reaches the end),
// the engine's table for a depth-limited search. Game implements
// engine.SearchMemorer so that the server's memory budget counts it.
func (Game) SearchMemory(params engine.Limits) int64 {
	if params.Depth <= 0 {
		return 0
	}
	return engine.TableBytes(params.TableBits)
}
