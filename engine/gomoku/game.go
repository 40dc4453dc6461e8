package gomoku

import (
	"fmt"

	"movesvc/engine"
	"movesvc/engine/grid"
)

// Rule says which lines win.
type Rule uint8

// The rules: Freestyle, where five or more in a row wins; Standard, where
// only exactly five wins and an overline is an ordinary move; and Renju,
// the rule of tournament play, where black (x, who moves first) wins by
// exactly five and may not play a forbidden point (an overline, a double
// four or a double three, renju.go) while white wins by five or more.
const (
	Freestyle Rule = iota
	Standard
	Renju
	numRules
)

// String returns the API spelling of r: "freestyle", "standard" or "renju".
func (r Rule) String() string {
	switch r {
	case Standard:
		return "standard"
	case Renju:
		return "renju"
	}
	return "freestyle"
}

// DefaultSize is the board size when a request gives neither a board nor a
// size.
const DefaultSize = 15

// Search limits announced by Describe.
const (
	DefaultDepth = 12
	MaxDepth     = 40
)

// Game is Gomoku on a square board of MinSize to MaxSize lines. The zero
// value is ready to use.
type Game struct{}

// The capabilities Gomoku implements (engine's package doc lists them),
// checked by the compiler.
var (
	_ engine.SearchMemorer   = Game{}
	_ engine.Warmer          = Game{} // the pattern tables
	_ engine.Searcher        = (*State)(nil)
	_ engine.Celler          = (*State)(nil)
	_ engine.Boarder         = (*State)(nil)
	_ engine.Analyzer        = (*State)(nil)
	_ engine.PartialAnalyzer = (*State)(nil) // multipv scores a few candidates
	_ engine.LevelDepther    = (*State)(nil)
	_ engine.LevelNoder      = (*State)(nil)
	_ engine.Forbidder       = (*State)(nil) // renju's forbidden points
)

// Name returns "gomoku".
func (Game) Name() string { return "gomoku" }

// Describe returns the default board size, notation, limits and an example
// request.
func (Game) Describe() engine.Description {
	return engine.Description{
		Name:  "gomoku",
		Title: "Gomoku: five in a row on a 9x9 to 19x19 board, freestyle, standard or renju rule",
		Rows:  DefaultSize,
		Cols:  DefaultSize,
		Notation: "square: column letter from a on the left, row number from 1 at the bottom; " +
			"h8 is the centre of the 15x15 board",
		DefaultDepth: DefaultDepth,
		MaxDepth:     MaxDepth,
		BoardKind:    engine.BoardIntersections,
		Input:        engine.InputCell,
		Placement:    engine.InputCell,
		Sides:        engine.DefaultSides,
		Options:      []string{"rule", "size"},
		OptionSchemas: map[string]engine.OptionSchema{
			"rule": {Type: "string", Enum: []string{Freestyle.String(), Standard.String(), Renju.String()}, Default: Freestyle.String(),
				Description: "freestyle: five or more in a row wins; standard: exactly five wins; " +
					"renju: black (x) wins by exactly five and may not play a double three, a double four or an overline, white by five or more"},
			"size": {Type: "integer", Minimum: new(MinSize), Maximum: new(MaxSize), Default: DefaultSize,
				Description: "lines of the square board, for a move list (a board gives its own)"},
		},
		Example: map[string]any{"game": "gomoku", "moves": []string{"h8", "h9", "i9"}},
	}
}

// NewState builds a position from a board or a move list and the "rule" and
// "size" options. It rejects unknown rules, sizes outside MinSize..MaxSize,
// boards that are not square, impossible stone counts, a five already on the
// board, occupied or off-board moves, moves after the end of the game, and a
// full board.
func (Game) NewState(setup engine.Setup) (engine.State, error) {
	rule, err := parseRule(setup.Options["rule"])
	if err != nil {
		return nil, err
	}
	size, sizeGiven, err := parseSize(setup.Options["size"])
	if err != nil {
		return nil, err
	}
	s := &State{}
	if setup.FromMoves {
		s.b.init(size, rule)
		for i, n := range setup.Moves {
			field := fmt.Sprintf("moves[%d]", i)
			if s.b.five {
				return nil, engine.Invalid(field, n, "the game is already over after %d moves", i)
			}
			m, err := s.ParseMove(n)
			if err != nil {
				return nil, engine.Invalid(field, n, "%v", err)
			}
			s.Play(m)
		}
		if _, err := grid.SideToMove(s.b.ply-s.b.ply/2, s.b.ply/2, setup.ToMove); err != nil {
			return nil, err
		}
	} else {
		n := len(setup.Board)
		if n < MinSize || n > MaxSize {
			return nil, engine.Invalid("board", n, "must have %d to %d rows, got %d", MinSize, MaxSize, n)
		}
		if sizeGiven && size != n {
			return nil, engine.Invalid("size", size, "is %d but the board has %d rows", size, n)
		}
		gb, err := grid.ParseBoard(setup.Board, n, n)
		if err != nil {
			return nil, err
		}
		if _, err := grid.SideToMove(gb.CountX, gb.CountO, setup.ToMove); err != nil {
			return nil, err
		}
		s.b.init(n, rule)
		s.b.setStones(gb.Cells)
		if c, ok := s.b.fiveOnBoard(); ok {
			return nil, engine.Invalid("board", nil, "the game is already over (%s has five in a row under the %s rule)",
				engine.Player(c), rule)
		}
	}
	if s.b.five {
		last := len(setup.Moves) - 1
		return nil, engine.Invalid(fmt.Sprintf("moves[%d]", last), setup.Moves[last],
			"the game is already over: this move makes five in a row for %s under the %s rule", engine.Player(1-s.b.toMove()), rule)
	}
	if s.b.full() {
		return nil, engine.Invalid(setupField(setup), nil, "the game is already over (the board is full)")
	}
	return s, nil
}

func setupField(setup engine.Setup) string {
	if setup.FromMoves {
		return "moves"
	}
	return "board"
}

// parseRule reads the "rule" option: absent, "freestyle", "standard" or
// "renju".
func parseRule(v any) (Rule, error) {
	switch v {
	case nil, "freestyle":
		return Freestyle, nil
	case "standard":
		return Standard, nil
	case "renju":
		return Renju, nil
	}
	return 0, engine.Invalid("rule", v, "must be \"freestyle\", \"standard\" or \"renju\"")
}

// parseSize reads the "size" option: absent (DefaultSize) or a whole number
// from MinSize to MaxSize.
func parseSize(v any) (size int, given bool, err error) {
	var n float64
	switch x := v.(type) {
	case nil:
		return DefaultSize, false, nil
	case int:
		n = float64(x)
	case int32:
		n = float64(x)
	case int64:
		n = float64(x)
	case float64:
		n = x
	default:
		return 0, false, engine.Invalid("size", v, "must be a whole number from %d to %d", MinSize, MaxSize)
	}
	if n != float64(int(n)) || n < MinSize || n > MaxSize {
		return 0, false, engine.Invalid("size", v, "must be a whole number from %d to %d", MinSize, MaxSize)
	}
	return int(n), true, nil
}

// Warm builds the pattern tables of every rule (about 0.15 s each), which
// are otherwise built by the first position of each rule (engine.Warmer).
func (Game) Warm() {
	for r := range numRules {
		tableFor(r)
	}
}
