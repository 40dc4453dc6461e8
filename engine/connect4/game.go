package connect4

import (
	"fmt"

	"movesvc/engine"
	"movesvc/engine/grid"
)

// Game is Connect Four on a 7x6 board. The zero value is ready to use.
type Game struct{}

// The capabilities Connect Four implements (engine's package doc lists
// them), checked by the compiler.
var (
	_ engine.SearchMemorer = Game{}
	_ engine.Warmer        = Game{} // the opening book
	_ engine.Searcher      = (*State)(nil)
	_ engine.Celler        = (*State)(nil)
	_ engine.Boarder       = (*State)(nil)
	_ engine.ExactScorer   = (*State)(nil)
	_ engine.Analyzer      = (*State)(nil)
	_ engine.LevelDepther  = (*State)(nil)
	_ engine.LevelMarginer = (*State)(nil)
)

// Name returns "connect4".
func (Game) Name() string { return "connect4" }

// Describe returns the board size, notation, limits and an example request.
// The default depth solves to the end of the game.
func (Game) Describe() engine.Description {
	return engine.Description{
		Name:  "connect4",
		Title: "Connect Four (7x6), solved exactly",
		Rows:  Height,
		Cols:  Width,
		Notation: "column number 1-7 from the left, as in the public solver test sets; " +
			"a move list \"4453\" is [\"4\",\"4\",\"5\",\"3\"]",
		DefaultDepth: Cells,
		MaxDepth:     Cells,
		BoardKind:    engine.BoardColumns,
		Input:        engine.InputColumn,
		Placement:    engine.InputColumn,
		Sides:        engine.DefaultSides,
		Example:      map[string]any{"game": "connect4", "moves": []string{"4", "4", "5", "3"}},
	}
}

// NewState builds a position from a board or a move list. It rejects boards
// of the wrong shape, stones floating above an empty cell, impossible stone
// counts, a to_move that disagrees with them, a four already on the board, a
// full board, moves into a full column and moves after the game ended.
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
		if _, err := grid.SideToMove(s.pos.moves-s.pos.moves/2, s.pos.moves/2, setup.ToMove); err != nil {
			return nil, err
		}
		if s.Outcome() != engine.OutcomeUnknown {
			return nil, engine.Invalid("moves", nil, "the game is already over (%s)", s.overReason())
		}
		return s, nil
	}

	b, err := grid.ParseBoard(setup.Board, Height, Width)
	if err != nil {
		return nil, err
	}
	if _, err := grid.SideToMove(b.CountX, b.CountO, setup.ToMove); err != nil {
		return nil, err
	}
	var stones [2]uint64
	for c := range Width {
		empty := -1
		for r := Height - 1; r >= 0; r-- { // bottom row first
			cell := b.Cells[r*Width+c]
			if cell == grid.Empty {
				if empty < 0 {
					empty = r
				}
				continue
			}
			if empty >= 0 {
				return nil, engine.Invalid(fmt.Sprintf("board[%d]", r), setup.Board[r],
					"the stone in column %d floats above an empty cell", c+1)
			}
			stones[cell-1] |= uint64(1) << (c*stride + Height - 1 - r)
		}
	}
	for player, st := range stones {
		if hasFour(st) {
			return nil, engine.Invalid("board", nil, "the game is already over (%s has four in a row)", engine.Player(player))
		}
	}
	s.pos.mask = stones[0] | stones[1]
	s.pos.moves = b.CountX + b.CountO
	s.pos.current = stones[s.pos.moves&1]
	if s.pos.moves == Cells {
		return nil, engine.Invalid("board", nil, "the game is already over (the board is full)")
	}
	return s, nil
}

// overReason says why a finished game is over.
func (s *State) overReason() string {
	if s.Outcome() == engine.OutcomeLoss {
		return fmt.Sprintf("%s has four in a row", s.ToMove().Other())
	}
	return "the board is full"
}

// Warm parses the embedded opening book, which is otherwise parsed by the
// first search (engine.Warmer).
func (Game) Warm() { DefaultBook() }
