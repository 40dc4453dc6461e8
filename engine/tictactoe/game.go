package tictactoe

import (
	"fmt"

	"movesvc/engine"
	"movesvc/engine/grid"
)

// size is the board's side length; cells the number of squares.
const (
	size  = 3
	cells = size * size
)

// Game is tic-tac-toe. The zero value is ready to use.
type Game struct{}

// The capabilities tic-tac-toe implements (engine's package doc lists
// them), checked by the compiler.
var (
	_ engine.SearchMemorer = Game{}
	_ engine.Searcher      = (*State)(nil) // the solution table
	_ engine.Celler        = (*State)(nil)
	_ engine.Boarder       = (*State)(nil)
	_ engine.ExactScorer   = (*State)(nil)
	_ engine.LevelDepther  = (*State)(nil)
	_ engine.LevelMarginer = (*State)(nil)
)

// Name returns "tictactoe".
func (Game) Name() string { return "tictactoe" }

// Describe returns the board size, notation, limits and an example request.
func (Game) Describe() engine.Description {
	return engine.Description{
		Name:         "tictactoe",
		Title:        "Tic-tac-toe",
		Rows:         size,
		Cols:         size,
		Notation:     "square: column letter a-c from the left, row 1-3 from the bottom; b2 is the centre",
		DefaultDepth: cells,
		MaxDepth:     cells,
		BoardKind:    engine.BoardGrid,
		Input:        engine.InputCell,
		Placement:    engine.InputCell,
		Sides:        engine.DefaultSides,
		Example:      map[string]any{"game": "tictactoe", "board": []string{"x.o", "...", "..."}},
	}
}

// NewState builds a position from a board or a move list. It rejects boards
// of the wrong shape, impossible stone counts, a to_move that disagrees with
// them, and positions that are already won or full.
func (Game) NewState(setup engine.Setup) (engine.State, error) {
	s := &State{}
	if setup.FromMoves {
		for i, n := range setup.Moves {
			field := fmt.Sprintf("moves[%d]", i)
			if s.Outcome() != engine.OutcomeUnknown {
				return nil, engine.Invalid(field, n, "the game is already over after %d moves", i)
			}
			m, err := s.ParseMove(n)
			if err != nil {
				return nil, engine.Invalid(field, n, "%v", err)
			}
			s.Play(m)
		}
		if _, err := grid.SideToMove(s.ply-s.ply/2, s.ply/2, setup.ToMove); err != nil {
			return nil, err
		}
	} else {
		b, err := grid.ParseBoard(setup.Board, size, size)
		if err != nil {
			return nil, err
		}
		if _, err := grid.SideToMove(b.CountX, b.CountO, setup.ToMove); err != nil {
			return nil, err
		}
		for i, c := range b.Cells {
			if c != grid.Empty {
				s.stones[c-1] |= 1 << i
			}
		}
		s.ply = b.CountX + b.CountO
		xWins, oWins := hasLine(s.stones[0]), hasLine(s.stones[1])
		switch {
		case xWins && oWins:
			return nil, engine.Invalid("board", setup.Board, "both players have three in a row, which no game can reach")
		case xWins && s.ToMove() == engine.First, oWins && s.ToMove() == engine.Second:
			return nil, engine.Invalid("board", setup.Board, "the side to move already has three in a row, which no game can reach")
		}
	}
	if s.Outcome() != engine.OutcomeUnknown {
		return nil, engine.Invalid(setupField(setup), nil, "the game is already over (%s)", s.describeEnd())
	}
	return s, nil
}

func setupField(setup engine.Setup) string {
	if setup.FromMoves {
		return "moves"
	}
	return "board"
}
