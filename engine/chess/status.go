package chess

import (
	"fmt"

	"movesvc/engine"
)

// Reason says why a game ended.
type Reason uint8

// The reasons a game ends; ReasonNone while it goes on.
const (
	ReasonNone Reason = iota
	ReasonCheckmate
	ReasonStalemate
	ReasonFiftyMove
	ReasonRepetition
	ReasonInsufficientMaterial
)

// String returns the reason's API spelling: "checkmate", "stalemate",
// "fifty-move", "repetition", "insufficient-material", or "" for none.
func (r Reason) String() string {
	return [...]string{"", "checkmate", "stalemate", "fifty-move", "repetition", "insufficient-material"}[r]
}

// Status returns the game's result from the side to move's view and the
// reason, or engine.OutcomeUnknown and ReasonNone while it goes on. In
// order: checkmate (a loss) and stalemate (a draw); then draws by
// insufficient material (no pawn, rook or queen, and at most one minor
// piece, or only bishops all on squares of one colour), the fifty-move
// rule (100 plies without a capture or pawn move) and threefold repetition
// (the position, with its side to move, castling rights and en-passant
// capture, seen three times since the start of the history).
func (p *Position) Status() (engine.Outcome, Reason) {
	var l MoveList
	ci := p.checkInfo()
	p.generate(&l, genAll, &ci)
	switch {
	case l.N == 0 && ci.checkers != 0:
		return engine.OutcomeLoss, ReasonCheckmate
	case l.N == 0:
		return engine.OutcomeDraw, ReasonStalemate
	case p.InsufficientMaterial():
		return engine.OutcomeDraw, ReasonInsufficientMaterial
	case p.rule50 >= 100:
		return engine.OutcomeDraw, ReasonFiftyMove
	case p.repetitions() >= 2:
		return engine.OutcomeDraw, ReasonRepetition
	}
	return engine.OutcomeUnknown, ReasonNone
}

// InsufficientMaterial reports whether neither side can ever mate: no
// pawn, rook or queen, and either at most one knight or bishop in all, or
// bishops alone, all on squares of one colour.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !minors.more() {
		return true
	}
	b := p.byType[Bishop]
	return p.byType[Knight] == 0 && (b&DarkSquares == 0 || b&^DarkSquares == 0)
}

// repetitions returns how many times the position occurred before, with the
// same side to move, since the last capture or pawn move.
func (p *Position) repetitions() int {
	n := 0
	h := p.history
	for i := len(h) - 2; i >= 0 && i >= len(h)-p.rule50; i -= 2 {
		if h[i] == p.hash {
			n++
		}
	}
	return n
}

// NewGame returns the position fen ("" or "startpos": the standard start)
// under the rules of v after moves, each in UCI or SAN notation, with the
// history that repetitions are counted from. A bad FEN gives an *Error at
// "fen", a bad move one at "moves[i]", as does a move after the game ended.
func NewGame(fen string, moves []string, v Variant) (*Position, error) {
	if fen == "" || fen == "startpos" {
		fen = StartFEN
	}
	p, err := ParseFEN(fen, v)
	if err != nil {
		return nil, err
	}
	p.Reserve(len(moves))
	var u Undo
	for i, s := range moves {
		field := fmt.Sprintf("moves[%d]", i)
		if o, r := p.Status(); o != engine.OutcomeUnknown {
			return nil, errorf(field, "%s: the game is already over (%s)", s, r)
		}
		m, err := p.ParseMove(s)
		if err != nil {
			e := err.(*Error)
			e.Field = field
			return nil, e
		}
		p.Make(m, &u)
	}
	return p, nil
}
