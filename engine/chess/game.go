package chess

import (
	"errors"
	"fmt"

	"movesvc/engine"
)

// The adapter of the service's game contract (engine.Game and
// engine.State): Game describes chess and builds positions from a
// request's fen, moves and variant; State (state.go) is a Position with
// its undo stack; search.go's Search answers the contract's Searcher and
// Analyzer (adapter_search.go).

// Search limits announced by Describe: a request without a depth searches
// DefaultDepth plies; use_time searches up to MaxDepth until its deadline.
const (
	DefaultDepth = 10
	MaxDepth     = maxPly - 8
)

// Game is chess, standard or Chess960 (the "variant" option). The zero
// value is ready to use.
type Game struct{}

// The capabilities chess implements, checked by the compiler.
var (
	_ engine.Game          = Game{}
	_ engine.SearchMemorer = Game{}
	_ engine.Searcher      = (*State)(nil)
	_ engine.Analyzer      = (*State)(nil)
	_ engine.ExactScorer   = (*State)(nil)
	_ engine.LevelDepther  = (*State)(nil)
	_ engine.LevelNoder    = (*State)(nil)
	_ engine.Boarder       = (*State)(nil)
	_ engine.Positioner    = (*State)(nil)
	_ engine.Viewer        = (*State)(nil)
	_ engine.MoveDescriber = (*State)(nil)
	_ engine.Ender         = (*State)(nil)
)

// variantNames are the values of the "variant" option, by Variant.
var variantNames = [...]string{Standard: "standard", Chess960: "chess960"}

// String returns the option's spelling of v: "standard" or "chess960".
func (v Variant) String() string { return variantNames[v] }

// Name returns "chess".
func (Game) Name() string { return "chess" }

// Describe returns chess's description: an 8x8 chessboard, moves from a
// square to a square, white and black, positions as FEN, the "variant"
// option.
func (Game) Describe() engine.Description {
	return engine.Description{
		Name:  "chess",
		Title: "Chess: standard or Chess960, FEN in, UCI and SAN moves",
		Rows:  8,
		Cols:  8,
		Notation: "UCI long algebraic (e2e4, e7e8q; castling e1g1 or king takes rook e1h1, " +
			"Chess960 castling king takes rook); SAN accepted (Nf3, O-O, exd8=Q+)",
		DefaultDepth: DefaultDepth,
		MaxDepth:     MaxDepth,
		BoardKind:    engine.BoardChess,
		Input:        engine.InputFromTo,
		Sides:        [2]string{"white", "black"},
		Position:     "fen",
		Options:      []string{"variant"},
		OptionSchemas: map[string]engine.OptionSchema{
			"variant": {Type: "string", Enum: variantNames[:], Default: Standard.String(),
				Description: "standard chess, or chess960 (Fischer random: castling as king takes rook, X-FEN or Shredder-FEN castling fields)"},
		},
		Example: map[string]any{"game": "chess", "moves": []string{"e2e4", "e7e5", "Nf3"}},
	}
}

// NewState builds the position of setup: its fen (Setup.Position; the
// start when empty) under the "variant" option's rules, then its moves in
// UCI or SAN. It rejects a board (chess takes a FEN), a bad variant, a
// malformed or impossible FEN (naming the FEN field), an illegal or
// ambiguous move (naming its index), a to_move the position contradicts,
// and a game already over (checkmate, stalemate, or a draw by rule).
func (Game) NewState(setup engine.Setup) (engine.State, error) {
	v, err := parseVariant(setup.Options["variant"])
	if err != nil {
		return nil, err
	}
	if setup.Board != nil {
		return nil, engine.Invalid("board", nil, "chess takes a position as fen, not as board rows")
	}
	posField := setup.PositionField
	if posField == "" {
		posField = "fen"
	}
	p, err := NewGame(setup.Position, setup.Moves, v)
	if err != nil {
		return nil, inputError(err, posField, setup)
	}
	if err := checkToMove(p, setup.ToMove); err != nil {
		return nil, err
	}
	if _, r := p.Status(); r != ReasonNone {
		field, value := posField, any(setup.Position)
		if n := len(setup.Moves); n > 0 {
			field, value = fmt.Sprintf("moves[%d]", n-1), setup.Moves[n-1]
		}
		return nil, engine.Invalid(field, value, "the game is already over (%s)", r)
	}
	return newState(p, v), nil
}

// parseVariant reads the "variant" option: absent, "standard" or
// "chess960".
func parseVariant(v any) (Variant, error) {
	switch v {
	case nil, "standard":
		return Standard, nil
	case "chess960":
		return Chess960, nil
	}
	return 0, engine.Invalid("variant", v, "must be \"standard\" or \"chess960\"")
}

// inputError turns NewGame's *Error into an *engine.InputError at the
// request field: the position's field (fen or position) or moves[i].
func inputError(err error, posField string, setup engine.Setup) error {
	var e *Error
	if !errors.As(err, &e) {
		return engine.Invalid(posField, setup.Position, "%v", err)
	}
	if e.Field == fenField {
		return engine.Invalid(posField, setup.Position, "%s", e.Message)
	}
	var i int
	if _, scanErr := fmt.Sscanf(e.Field, "moves[%d]", &i); scanErr == nil && i >= 0 && i < len(setup.Moves) {
		return engine.Invalid(e.Field, setup.Moves[i], "%s", e.Message)
	}
	return engine.Invalid(e.Field, nil, "%s", e.Message)
}

// checkToMove checks a request's to_move ("", "x"/"X" for white, "o"/"O"
// for black) against the position's side to move.
func checkToMove(p *Position, toMove string) error {
	var want Color
	switch toMove {
	case "":
		return nil
	case "x", "X":
		want = White
	case "o", "O":
		want = Black
	default:
		return engine.Invalid("to_move", toMove, "must be x (white) or o (black)")
	}
	if p.SideToMove() != want {
		return engine.Invalid("to_move", toMove, "is %s, but %s is to move in the position", colorName(want), colorName(p.SideToMove()))
	}
	return nil
}

// SearchMemory returns an upper bound on the bytes one search with params
// holds: its transposition table (params.Bits as the engine sizes tables)
// and a searcher per thread (engine.SearchMemorer).
func (Game) SearchMemory(params engine.Limits) int64 {
	return int64(searchBytes(tableBytes(params), searchThreads(params)))
}
