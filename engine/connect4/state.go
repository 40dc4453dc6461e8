package connect4

import (
	"fmt"
	"math/bits"
	"strconv"

	"movesvc/engine"
)

// State is a Connect Four position as the engine sees it: a Position plus
// the engine.State methods. Moves are columns 0..6, written "1".."7".
type State struct {
	pos Position
}

// Position returns the bitboard position.
func (s *State) Position() Position { return s.pos }

// ToMove returns the side to move.
func (s *State) ToMove() engine.Player { return engine.Player(s.pos.moves & 1) }

// Ply returns the number of stones on the board.
func (s *State) Ply() int { return s.pos.moves }

// Outcome returns OutcomeLoss when the last stone made four, OutcomeDraw
// when the board is full, and OutcomeUnknown otherwise.
func (s *State) Outcome() engine.Outcome {
	if hasFour(s.pos.current ^ s.pos.mask) {
		return engine.OutcomeLoss
	}
	if s.pos.moves == Cells {
		return engine.OutcomeDraw
	}
	return engine.OutcomeUnknown
}

// LegalMoves appends the columns with room, centre first, to buf[:0].
func (s *State) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if s.Outcome() != engine.OutcomeUnknown {
		return buf
	}
	for _, c := range columnOrder {
		if s.pos.CanPlay(c) {
			buf = append(buf, engine.Move(c))
		}
	}
	return buf
}

// MaxMoves returns Width.
func (s *State) MaxMoves() int { return Width }

// RemainingPlies returns the number of empty cells.
func (s *State) RemainingPlies() int { return Cells - s.pos.moves }

// Play drops a stone into column m.
func (s *State) Play(m engine.Move) { s.pos.Play(int(m)) }

// Undo takes back the last stone, which is in column m.
func (s *State) Undo(m engine.Move) { s.pos.Undo(int(m)) }

// Evaluate scores the position for the side to move by the difference in
// winning cells, those that are playable now counting double.
func (s *State) Evaluate() int32 {
	mine, theirs := s.pos.winningCells(), s.pos.opponentWinningCells()
	possible := s.pos.possible()
	return int32(bits.OnesCount64(mine) + bits.OnesCount64(mine&possible) -
		bits.OnesCount64(theirs) - bits.OnesCount64(theirs&possible))
}

// Hash returns a mix of the position's unique key.
func (s *State) Hash() uint64 {
	k := s.pos.Key()
	k ^= k >> 31
	k *= 0x9E3779B97F4A7C15
	return k ^ k>>29
}

// ParseMove parses a column number "1".."7" and checks the column has room.
func (s *State) ParseMove(notation string) (engine.Move, error) {
	if len(notation) != 1 || notation[0] < '1' || notation[0] > '0'+Width {
		return engine.NoMove, fmt.Errorf("must be a column number from 1 to %d", Width)
	}
	c := int(notation[0] - '1')
	if !s.pos.CanPlay(c) {
		return engine.NoMove, fmt.Errorf("column %d is full", c+1)
	}
	return engine.Move(c), nil
}

// FormatMove returns the column number of m, "1".."7".
func (s *State) FormatMove(m engine.Move) string { return strconv.Itoa(int(m) + 1) }

// Cell returns where a stone dropped into column m lands: its row from the
// top and its column.
func (s *State) Cell(m engine.Move) (row, col int) {
	return Height - 1 - s.pos.columnHeight(int(m)), int(m)
}

// Board returns the position as 6 rows of 7 cells, top row first.
func (s *State) Board() []string {
	first := s.pos.current
	if s.pos.moves&1 == 1 {
		first = s.pos.current ^ s.pos.mask
	}
	rows := make([]string, Height)
	for r := range Height {
		row := make([]byte, Width)
		for c := range Width {
			bit := uint64(1) << (c*stride + Height - 1 - r)
			switch {
			case first&bit != 0:
				row[c] = 'x'
			case s.pos.mask&bit != 0:
				row[c] = 'o'
			default:
				row[c] = '.'
			}
		}
		rows[r] = string(row)
	}
	return rows
}

// Clone returns a copy of the position.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// ExactScore returns the test sets' score: a win that ends with m stones on
// the board scores (44-m)/2, a loss the negative, a draw 0.
func (s *State) ExactScore(o engine.Outcome, pliesToEnd int) int {
	m := s.pos.moves + pliesToEnd
	switch o {
	case engine.OutcomeWin:
		return (Cells + 2 - m) / 2
	case engine.OutcomeLoss:
		return -(Cells + 2 - m) / 2
	}
	return 0
}

// pliesToEnd returns the number of plies to the end of the game that a
// proved score implies for a position with stones stones.
func pliesToEnd(score, stones int) int {
	switch {
	case score > 0:
		// The side to move plays stones+1, stones+3, ...; its winning stone
		// m satisfies (44-m)/2 = score,
		// so m is 44-2*score or one less.
		m := Cells + 2 - 2*score
		if (m-stones)%2 == 0 {
			m--
		}
		return m - stones
	case score < 0:
		m := Cells + 2 + 2*score
		if (m-stones)%2 != 0 {
			m--
		}
		return m - stones
	}
	return Cells - stones
}
