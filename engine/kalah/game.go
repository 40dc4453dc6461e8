package kalah

import (
	"errors"
	"strconv"
	"sync"

	"movesvc/engine"
)

// Game is Kalah as the service plays it: the variant of the request's
// options "pits", "seeds" and "capture" (Kalah(6,4), standard capture, by
// default), set up from a position in the notation of notation.go or a
// move list. The zero value is ready to use.
type Game struct{}

// The capabilities Kalah implements (engine's package doc lists them),
// checked by the compiler.
var (
	_ engine.Game          = Game{}
	_ engine.SearchMemorer = Game{}
	_ engine.Warmer        = Game{}
	_ engine.State         = (*State)(nil)
	_ engine.Searcher      = (*State)(nil)
	_ engine.Analyzer      = (*State)(nil)
	_ engine.ExactScorer   = (*State)(nil)
	_ engine.LevelDepther  = (*State)(nil)
	_ engine.LevelMarginer = (*State)(nil)
	_ engine.Positioner    = (*State)(nil)
	_ engine.Viewer        = (*State)(nil)
	_ engine.MoveDescriber = (*State)(nil)
	_ engine.Ender         = (*State)(nil)
)

// The capture rules of the option "capture".
const (
	CaptureStandard = "standard" // a last seed in an own empty pit captures when the opposite pit holds seeds
	CaptureEmpty    = "empty"    // ... and also when it is empty (EmptyCapture)
)

// SolveDepth is the depth, in plies, at and beyond which a search solves
// to the end of the game; a smaller engine.Limits.Depth asks for a
// depth-limited search of that many turns (an extra move is part of its
// turn). It is the game's default and largest depth.
const SolveDepth = maxDepth

// Name returns "kalah".
func (Game) Name() string { return "kalah" }

// Describe returns the description GET /games shows: a board of pits, the
// sides South (x, who moves first) and North, the notation "kalah", extra
// turns, and the options pits, seeds and capture.
func (Game) Describe() engine.Description {
	return engine.Description{
		Name:  "kalah",
		Title: "Kalah (mancala), 1-6 pits a side of 1-6 seeds, solved exactly",
		Rows:  2,
		Cols:  Standard.Pits,
		Notation: "the pit to sow, 1 to pits from the mover's left (pit 1 is farthest from its store); " +
			"the same side moves again when its last seed falls into its store",
		DefaultDepth: SolveDepth,
		MaxDepth:     SolveDepth,
		BoardKind:    engine.BoardPits,
		Input:        engine.InputPit,
		Sides:        [2]string{"south", "north"},
		Position:     "kalah",
		ExtraTurns:   true,
		Options:      []string{"pits", "seeds", "capture"},
		OptionSchemas: map[string]engine.OptionSchema{
			"pits": {Type: "integer", Minimum: new(1), Maximum: new(MaxPits), Default: Standard.Pits,
				Description: "pits a side"},
			"seeds": {Type: "integer", Minimum: new(1), Maximum: new(MaxSeeds), Default: Standard.Seeds,
				Description: "seeds in each pit at the start"},
			"capture": {Type: "string", Enum: []string{CaptureStandard, CaptureEmpty}, Default: CaptureStandard,
				Description: "standard: a last seed in an empty pit of the mover's captures the opposite pit's seeds " +
					"when it holds some; empty: always, the last seed alone when it holds none"},
		},
		Example: map[string]any{"game": "kalah", "moves": []string{"3", "6"}},
	}
}

// RulesOf returns the variant the options of a request name: "pits" and
// "seeds" (ints) and "capture" (CaptureStandard or CaptureEmpty), each
// defaulting to Standard's. A value out of range is an *engine.InputError
// naming the option.
func RulesOf(options map[string]any) (Rules, error) {
	r := Standard
	for _, o := range [2]struct {
		name string
		dst  *int
	}{{"pits", &r.Pits}, {"seeds", &r.Seeds}} {
		name, dst := o.name, o.dst
		if v, ok := options[name]; ok && v != nil {
			n, ok := v.(int)
			if !ok {
				return r, engine.Invalid(name, v, "must be an integer")
			}
			*dst = n
		}
	}
	switch c := options["capture"]; c {
	case nil, CaptureStandard:
	case CaptureEmpty:
		r.EmptyCapture = true
	default:
		return r, engine.Invalid("capture", c, "must be %q or %q", CaptureStandard, CaptureEmpty)
	}
	if err := r.Validate(); err != nil {
		return r, engineError(err, nil)
	}
	return r, nil
}

// NewState builds the position of setup in the variant of its options:
// from Position (PositionField names it in errors) or the start, then the
// moves. It rejects board rows, a malformed position, an illegal move, a
// move after the end, a to_move other than the side to move, and a
// finished game.
func (Game) NewState(setup engine.Setup) (engine.State, error) {
	r, err := RulesOf(setup.Options)
	if err != nil {
		return nil, err
	}
	if setup.Board != nil {
		return nil, engine.Invalid("board", nil, "kalah takes a position (its notation, such as 4,4,4,4,4,4:0/4,4,4,4,4,4:0/x) or moves, not board rows")
	}
	pos := NewPosition(r)
	if setup.Position != "" {
		field := setup.PositionField
		if field == "" {
			field = "position"
		}
		if pos, err = ParsePosition(r, field, setup.Position); err != nil {
			return nil, engineError(err, setup.Position)
		}
		if pos.Over() {
			return nil, engine.Invalid(field, setup.Position, "the game is over: every pit is empty")
		}
	}
	for i, mv := range setup.Moves {
		field := "moves[" + strconv.Itoa(i) + "]"
		if pos.Over() {
			return nil, engine.Invalid(field, mv, "the game is already over after %d moves", i)
		}
		m, err := pos.ParseMove(mv)
		if err != nil {
			return nil, engine.Invalid(field, mv, "%v", err)
		}
		pos.Play(m)
	}
	if pos.Over() {
		return nil, engine.Invalid("moves", nil, "the game is already over (%s)", endReason(pos))
	}
	if setup.ToMove != "" && sideOf(setup.ToMove) != pos.ToMove() {
		return nil, engine.Invalid("to_move", setup.ToMove, "is %s (%s), but %s (%s) moves in this position",
			setup.ToMove, sideNames[sideOf(setup.ToMove)], pos.ToMove(), sideNames[pos.ToMove()])
	}
	return &State{pos: pos}, nil
}

// sideNames are the sides' names in answers (Description.Sides).
var sideNames = [2]string{"south", "north"}

// sideOf returns the player a to_move of "x" or "o" names.
func sideOf(toMove string) engine.Player {
	if toMove == "o" || toMove == "O" {
		return engine.Second
	}
	return engine.First
}

// engineError turns the package's *InputError into the engine's, with
// value; other errors pass unchanged.
func engineError(err error, value any) error {
	var ie *InputError
	if errors.As(err, &ie) {
		return &engine.InputError{Field: ie.Field, Message: ie.Message, Value: value}
	}
	return err
}

// warmOnce starts Warm's build once.
var warmOnce sync.Once

// Warm starts building, in the background, the endgame databases of the
// six-pit variants, both capture rules, and parsing their embedded books
// (engine.Warmer): a server that calls it listens at once rather than
// seconds later (16 s of CPU for the two 16-seed databases, more on a
// loaded machine, which the server's start tests do not wait for), and a
// Kalah search that starts before its database is built waits for it
// (DatabaseBy), so that its answer does not depend on timing, but never
// past its deadline: then it searches without the database, exact but
// slower. Other pit counts build theirs at first use, in well
// under a second. It is safe to call more than once.
func (Game) Warm() {
	warmOnce.Do(func() {
		go func() {
			for _, r := range []Rules{Standard, {Pits: 6, Seeds: 4, EmptyCapture: true}} {
				Databases(r)
				Books(r)
			}
		}()
	})
}

// SearchMemory returns an upper bound on the bytes one search with lim
// holds (engine.SearchMemorer): its table (2^serviceTableBits entries or
// the engine's lim.Bits(), whichever is larger) and its stack. The endgame databases and the books are shared by every
// search and held for the life of the process, not counted here.
func (Game) SearchMemory(lim engine.Limits) int64 {
	return int64(EntryBytes)<<max(serviceTableBits, lim.Bits()) + searchStackBytes
}
