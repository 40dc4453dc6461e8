package enginetest

import (
	"errors"
	"strconv"
	"strings"

	"movesvc/engine"
)

// Bonus is a small game of the shape of Kalah, for tests of the core and
// the API: a heap of stones, a move takes 1, 2 or 3 (as pits 1 to 3);
// taking exactly 2 leaves the same side to move again (an extra turn);
// whoever takes the last stone wins. Its position notation is
// "<stones> <side to move>", such as "7 x"; it implements Positioner,
// MoveDescriber (the pit), Viewer (a PitsView of one pit) and Ender.
type Bonus struct{}

// BonusStart is the heap of the start position.
const BonusStart = 11

// Name returns "bonus".
func (Bonus) Name() string { return "bonus" }

// Describe returns the game's description.
func (Bonus) Describe() engine.Description {
	return engine.Description{
		Name: "bonus", Title: "Bonus Nim (a test game)", Rows: 1, Cols: 3,
		Notation:     "the stones taken, 1 to 3",
		DefaultDepth: BonusStart, MaxDepth: BonusStart,
		BoardKind: engine.BoardPits, Input: engine.InputPit, Sides: [2]string{"south", "north"},
		Position: "bonus", ExtraTurns: true,
		Example: map[string]any{"game": "bonus", "moves": []string{"2"}},
	}
}

// NewState builds the position of setup: from Position ("<stones>
// <side>"), or the start, then the moves; board rows are refused.
func (Bonus) NewState(setup engine.Setup) (engine.State, error) {
	if setup.Board != nil {
		return nil, engine.Invalid("board", nil, "bonus takes a position (\"<stones> <x|o>\") or moves, not board rows")
	}
	st := &BonusState{n: BonusStart}
	if setup.Position != "" {
		n, side, ok := strings.Cut(setup.Position, " ")
		v, err := strconv.Atoi(n)
		if !ok || err != nil || v < 1 || v > 99 || side != "x" && side != "o" {
			return nil, engine.Invalid(setup.PositionField, setup.Position, "want \"<stones 1-99> <x|o>\"")
		}
		st.n = v
		if side == "o" {
			st.mover = engine.Second
		}
	}
	for i, mv := range setup.Moves {
		if st.n == 0 {
			return nil, engine.Invalid("moves["+strconv.Itoa(i)+"]", mv, "the game is over")
		}
		m, err := st.ParseMove(mv)
		if err != nil {
			return nil, engine.Invalid("moves["+strconv.Itoa(i)+"]", mv, "%v", err)
		}
		st.Play(m)
	}
	if st.n == 0 {
		return nil, engine.Invalid("moves", nil, "the game is over")
	}
	return st, nil
}

// BonusState is a position of Bonus.
type BonusState struct {
	n, ply int
	mover  engine.Player
	hist   []engine.Player // the side to move before each move, for Undo
}

var (
	_ engine.Positioner    = (*BonusState)(nil)
	_ engine.MoveDescriber = (*BonusState)(nil)
	_ engine.Viewer        = (*BonusState)(nil)
	_ engine.Ender         = (*BonusState)(nil)
)

func (s *BonusState) ToMove() engine.Player { return s.mover }
func (s *BonusState) Ply() int              { return s.ply }

// Outcome is a loss for the side to move once the heap is empty: the
// taker of the last stone passed the turn.
func (s *BonusState) Outcome() engine.Outcome {
	if s.n == 0 {
		return engine.OutcomeLoss
	}
	return engine.OutcomeUnknown
}

func (s *BonusState) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	for m := 1; m <= min(3, s.n); m++ {
		buf = append(buf, engine.Move(m))
	}
	return buf
}
func (s *BonusState) MaxMoves() int       { return 3 }
func (s *BonusState) RemainingPlies() int { return s.n }

// Play takes m stones; taking 2 (but not the last) keeps the turn.
func (s *BonusState) Play(m engine.Move) {
	s.hist = append(s.hist, s.mover)
	s.n -= int(m)
	s.ply++
	if m != 2 || s.n == 0 {
		s.mover = s.mover.Other()
	}
}

func (s *BonusState) Undo(m engine.Move) {
	s.n += int(m)
	s.ply--
	s.mover = s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
}
func (s *BonusState) Evaluate() int32 { return 0 }
func (s *BonusState) Hash() uint64    { return uint64(s.n)*2654435761 + uint64(s.mover) }

func (s *BonusState) ParseMove(n string) (engine.Move, error) {
	m, err := strconv.Atoi(n)
	if err != nil || m < 1 || m > min(3, s.n) {
		return engine.NoMove, errors.New("take 1 to " + strconv.Itoa(min(3, s.n)) + " stones")
	}
	return engine.Move(m), nil
}
func (s *BonusState) FormatMove(m engine.Move) string { return strconv.Itoa(int(m)) }
func (s *BonusState) Clone() engine.State {
	c := *s
	c.hist = append([]engine.Player(nil), s.hist...)
	return &c
}

// Position returns "<stones> <side to move>".
func (s *BonusState) Position() string { return strconv.Itoa(s.n) + " " + s.mover.String() }

// DescribeMove gives the pit of m: its stones.
func (s *BonusState) DescribeMove(m engine.Move) engine.MoveView { return engine.MoveView{Pit: int(m)} }

// View shows the heap as one pit of the side to move.
func (s *BonusState) View() any {
	v := engine.PitsView{Pits: [2][]int{{0}, {0}}}
	v.Pits[s.mover][0] = s.n
	return v
}

// EndReason is "last stone" once the heap is empty.
func (s *BonusState) EndReason() string {
	if s.n == 0 {
		return "last stone"
	}
	return ""
}

// BonusWins reports whether the side to move wins a heap of n with
// perfect play, by plain minimax over the rules.
func BonusWins(n int) bool {
	win := make([]bool, n+1)
	for h := 1; h <= n; h++ {
		for m := 1; m <= min(3, h); m++ {
			switch m {
			case h:
				win[h] = true
			case 2:
				win[h] = win[h] || win[h-2]
			default:
				win[h] = win[h] || !win[h-m]
			}
		}
	}
	return win[n]
}
