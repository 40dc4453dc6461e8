package tictactoe

import (
	"math/bits"

	"movesvc/engine"
	"movesvc/engine/grid"
)

// lines are the eight winning lines as cell masks.
var lines = [8]uint16{
	0x007, 0x038, 0x1c0, // rows
	0x049, 0x092, 0x124, // columns
	0x111, 0x054, // diagonals
}

// searchOrder lists the cells centre first, then corners, then edges: the
// order in which moves are most likely to be good.
var searchOrder = [cells]engine.Move{4, 0, 2, 6, 8, 1, 3, 5, 7}

const full = 1<<cells - 1

// State is a tic-tac-toe position: one 9-bit mask of stones per player.
type State struct {
	stones [2]uint16
	ply    int
}

// lineMasks[m] is true when the 9-bit mask m holds a complete line.
var lineMasks = func() (t [1 << cells]bool) {
	for m := range t {
		for _, l := range lines {
			if uint16(m)&l == l {
				t[m] = true
			}
		}
	}
	return t
}()

func hasLine(mask uint16) bool { return lineMasks[mask] }

// ToMove returns the side to move: x after an even number of moves.
func (s *State) ToMove() engine.Player { return engine.Player(s.ply & 1) }

// Ply returns the number of stones on the board.
func (s *State) Ply() int { return s.ply }

// Outcome returns OutcomeLoss if the player who just moved made a line,
// OutcomeDraw if the board is full, else OutcomeUnknown.
func (s *State) Outcome() engine.Outcome {
	if hasLine(s.stones[s.ToMove().Other()]) {
		return engine.OutcomeLoss
	}
	if s.stones[0]|s.stones[1] == full {
		return engine.OutcomeDraw
	}
	return engine.OutcomeUnknown
}

func (s *State) describeEnd() string {
	if s.Outcome() == engine.OutcomeLoss {
		return s.ToMove().Other().String() + " has three in a row"
	}
	return "the board is full"
}

// LegalMoves appends the empty cells, centre first, then corners, then edges.
func (s *State) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if s.Outcome() != engine.OutcomeUnknown {
		return buf
	}
	occupied := s.stones[0] | s.stones[1]
	for _, m := range searchOrder {
		if occupied&(1<<m) == 0 {
			buf = append(buf, m)
		}
	}
	return buf
}

// MaxMoves returns 9.
func (s *State) MaxMoves() int { return cells }

// RemainingPlies returns the number of empty cells.
func (s *State) RemainingPlies() int { return cells - s.ply }

// Play puts a stone of the side to move on cell m.
func (s *State) Play(m engine.Move) {
	s.stones[s.ply&1] |= 1 << m
	s.ply++
}

// Undo removes the stone of the last move m.
func (s *State) Undo(m engine.Move) {
	s.ply--
	s.stones[s.ply&1] &^= 1 << m
}

// Evaluate counts, over the lines still open to one player only, the
// stones in them: the side to move's minus the opponent's.
func (s *State) Evaluate() int32 {
	me, them := s.stones[s.ply&1], s.stones[1-s.ply&1]
	var score int32
	for _, l := range lines {
		switch {
		case me&l != 0 && them&l == 0:
			score += int32(bits.OnesCount16(me & l))
		case them&l != 0 && me&l == 0:
			score -= int32(bits.OnesCount16(them & l))
		}
	}
	return score
}

// Hash returns a key that is unique per position: both masks and the side
// to move.
func (s *State) Hash() uint64 {
	return (uint64(s.stones[0]) | uint64(s.stones[1])<<9 | uint64(s.ply&1)<<18) * 0x9e3779b97f4a7c15
}

// ParseMove parses a square such as "b2" and checks that it is empty.
func (s *State) ParseMove(notation string) (engine.Move, error) {
	row, col, err := grid.ParseSquare(notation, size, size)
	if err != nil {
		return engine.NoMove, err
	}
	m := engine.Move(row*size + col)
	if (s.stones[0]|s.stones[1])&(1<<m) != 0 {
		return engine.NoMove, errOccupied(notation)
	}
	return m, nil
}

type errOccupied string

func (e errOccupied) Error() string { return "square " + string(e) + " is already taken" }

// FormatMove returns the square notation of m.
func (s *State) FormatMove(m engine.Move) string {
	row, col := s.Cell(m)
	return grid.FormatSquare(row, col, size)
}

// Cell returns the row (from the top) and column of cell m.
func (s *State) Cell(m engine.Move) (row, col int) { return int(m) / size, int(m) % size }

// Board returns the three rows, top first.
func (s *State) Board() []string {
	cellsOut := make([]grid.Cell, cells)
	for i := range cellsOut {
		for p := range 2 {
			if s.stones[p]&(1<<i) != 0 {
				cellsOut[i] = grid.Stone(engine.Player(p))
			}
		}
	}
	return grid.FormatRows(cellsOut, size, size)
}

// Clone returns a copy of the position.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// ExactScore follows the Connect Four solvers' convention: a win that ends
// with m stones on the board scores (11-m)/2 (3 for the fastest possible win,
// 1 for a win with the last stone), a loss the negative, a draw 0.
func (s *State) ExactScore(o engine.Outcome, pliesToEnd int) int {
	v := (cells + 2 - (s.ply + pliesToEnd)) / 2
	switch o {
	case engine.OutcomeWin:
		return v
	case engine.OutcomeLoss:
		return -v
	}
	return 0
}
