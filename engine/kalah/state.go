package kalah

import "movesvc/engine"

// State is a Kalah position as the engine sees it (engine.State): a
// Position, with the capabilities that show it to a client (Positioner,
// Viewer, MoveDescriber, Ender) and the search's (engine.go). Moves are
// pit indexes 0 to Pits-1 of the side to move, written "1" to Pits.
type State struct {
	pos *Position
}

// Pos returns the position the state plays on (not a copy).
func (s *State) Pos() *Position { return s.pos }

// ToMove returns the side to move: x (South) or o (North).
func (s *State) ToMove() engine.Player { return s.pos.ToMove() }

// Ply returns the moves played since the position was set up.
func (s *State) Ply() int { return s.pos.Ply() }

// Outcome returns the result for the side to move once the game is over.
func (s *State) Outcome() engine.Outcome { return s.pos.Outcome() }

// LegalMoves appends the side to move's non-empty pits in search order.
func (s *State) LegalMoves(buf []engine.Move) []engine.Move { return s.pos.LegalMoves(buf) }

// MaxMoves returns the pits a side.
func (s *State) MaxMoves() int { return s.pos.MaxMoves() }

// RemainingPlies returns an upper bound on the moves left.
func (s *State) RemainingPlies() int { return s.pos.RemainingPlies() }

// Play sows pit m of the side to move; the same side moves again when the
// last seed falls into its store.
func (s *State) Play(m engine.Move) { s.pos.Play(m) }

// Undo takes back m, the last move played.
func (s *State) Undo(m engine.Move) { s.pos.Undo(m) }

// Evaluate returns the heuristic score of the side to move, in seeds.
func (s *State) Evaluate() int32 { return s.pos.Evaluate() }

// Hash returns a key of the pits, the stores and the side to move.
func (s *State) Hash() uint64 { return s.pos.Hash() }

// ParseMove parses a pit number of the side to move, "1" to Pits.
func (s *State) ParseMove(n string) (engine.Move, error) { return s.pos.ParseMove(n) }

// FormatMove returns the pit number of m.
func (s *State) FormatMove(m engine.Move) string { return s.pos.FormatMove(m) }

// Clone returns an independent copy.
func (s *State) Clone() engine.State { return &State{pos: s.pos.Clone()} }

// Position returns the position in the notation NewState reads from a
// request's "position" (engine.Positioner), such as
// "4,4,4,4,4,4:0/4,4,4,4,4,4:0/x".
func (s *State) Position() string { return s.pos.String() }

// View returns the pits and stores of both sides (engine.PitsView): Pits[0]
// South's (x) and Pits[1] North's (o), each from its owner's left, pit 1
// first.
func (s *State) View() any {
	return engine.PitsView{
		Pits:   [2][]int{s.pos.Pits(engine.First), s.pos.Pits(engine.Second)},
		Stores: [2]int{s.pos.Store(engine.First), s.pos.Store(engine.Second)},
	}
}

// DescribeMove returns the pit m sows, 1-based from the mover's left.
func (s *State) DescribeMove(m engine.Move) engine.MoveView { return engine.MoveView{Pit: int(m) + 1} }

// EndReason returns "side empty" once the game is over (a move left a side
// without seeds and the rest went to their owner), else "".
func (s *State) EndReason() string { return endReason(s.pos) }

// endReason is State.EndReason of p.
func endReason(p *Position) string {
	if p.Over() {
		return "side empty"
	}
	return ""
}
