package gomoku

import (
	"errors"

	"movesvc/engine"
	"movesvc/engine/grid"
)

// State is a Gomoku position. A move is the cell index row*size+col, row 0
// at the top.
type State struct {
	b board
}

// Size returns the number of lines of the board.
func (s *State) Size() int { return s.b.size }

// Rule returns the winning rule.
func (s *State) Rule() Rule { return s.b.rule }

// ToMove returns the side to move: x after an even number of moves.
func (s *State) ToMove() engine.Player { return engine.Player(s.b.toMove()) }

// Ply returns the number of stones on the board.
func (s *State) Ply() int { return s.b.ply }

// Outcome returns OutcomeLoss if the last move made five, OutcomeDraw if the
// board is full, else OutcomeUnknown.
func (s *State) Outcome() engine.Outcome {
	switch {
	case s.b.five:
		return engine.OutcomeLoss
	case s.b.full():
		return engine.OutcomeDraw
	}
	return engine.OutcomeUnknown
}

// LegalMoves appends every empty cell, but under renju black's forbidden
// points: first those within two cells of a stone (row by row), then the
// rest. It returns none once the game is over.
func (s *State) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if s.Outcome() != engine.OutcomeUnknown {
		return buf
	}
	b := &s.b
	checkForbidden := b.rule == Renju && b.toMove() == 0
	for pass := range 2 {
		for row := range b.size {
			for col := range b.size {
				i := b.index(row, col)
				if b.cells[i] == empty && (b.near[i] > 0) == (pass == 0) && !(checkForbidden && b.forbidden(i)) {
					buf = append(buf, engine.Move(row*b.size+col))
				}
			}
		}
	}
	return buf
}

// Forbidden returns black's forbidden points (renju.go), in board order, when
// black is to move under renju and the game goes on; nil otherwise
// (engine.Forbidder).
func (s *State) Forbidden() []engine.Move {
	b := &s.b
	if b.rule != Renju || b.toMove() != 0 || s.Outcome() != engine.OutcomeUnknown {
		return nil
	}
	out := []engine.Move{}
	for row := range b.size {
		for col := range b.size {
			if i := b.index(row, col); b.cells[i] == empty && b.forbidden(i) {
				out = append(out, engine.Move(row*b.size+col))
			}
		}
	}
	return out
}

// MaxMoves returns size*size.
func (s *State) MaxMoves() int { return s.b.size * s.b.size }

// RemainingPlies returns the number of empty cells.
func (s *State) RemainingPlies() int { return s.b.size*s.b.size - s.b.stones }

// Play puts a stone of the side to move on the empty cell m.
func (s *State) Play(m engine.Move) { s.b.play(s.pad(m)) }

// Undo takes back m, the last move played.
func (s *State) Undo(m engine.Move) { s.b.undo(s.pad(m)) }

// pad returns the padded index of the cell of move m.
func (s *State) pad(m engine.Move) int { return s.b.index(int(m)/s.b.size, int(m)%s.b.size) }

// unpad returns the move of the padded cell index i.
func (s *State) unpad(i int) engine.Move {
	row, col := s.b.rowCol(i)
	return engine.Move(row*s.b.size + col)
}

// Evaluate returns the static score for the side to move, with the
// engine's own evaluation.
func (s *State) Evaluate() int32 { return evaluate(&s.b, &defaultWeights) }

// Hash returns the Zobrist key of the stones and the side to move.
func (s *State) Hash() uint64 { return s.b.hash }

var errOver = errors.New("the game is already over")

// ParseMove parses a square such as "h8" and checks that it is empty and
// that the game goes on.
func (s *State) ParseMove(notation string) (engine.Move, error) {
	row, col, err := grid.ParseSquare(notation, s.b.size, s.b.size)
	if err != nil {
		return engine.NoMove, err
	}
	if s.Outcome() != engine.OutcomeUnknown {
		return engine.NoMove, errOver
	}
	i := s.b.index(row, col)
	if s.b.cells[i] != empty {
		return engine.NoMove, errors.New("square " + notation + " is already taken")
	}
	if s.b.rule == Renju && s.b.toMove() == 0 {
		if k := s.b.forbiddenKind(i); k != notForbidden {
			return engine.NoMove, errors.New("square " + notation + " is forbidden to black under the renju rule: it makes " + k.String())
		}
	}
	return engine.Move(row*s.b.size + col), nil
}

// FormatMove returns the square notation of m.
func (s *State) FormatMove(m engine.Move) string {
	row, col := s.Cell(m)
	return grid.FormatSquare(row, col, s.b.size)
}

// Cell returns the row (from the top) and column of move m.
func (s *State) Cell(m engine.Move) (row, col int) { return int(m) / s.b.size, int(m) % s.b.size }

// Board returns the rows, top first.
func (s *State) Board() []string {
	n := s.b.size
	out := make([]grid.Cell, n*n)
	for row := range n {
		for col := range n {
			out[row*n+col] = grid.Cell(s.b.cells[s.b.index(row, col)])
		}
	}
	return grid.FormatRows(out, n, n)
}

// Clone returns an independent copy of the position.
func (s *State) Clone() engine.State {
	c := *s
	c.b.detach() // a search's log stays with the searcher's board
	return &c
}
