package backgammon

import (
	"fmt"
	"strconv"

	"movesvc/engine"
)

// Game is backgammon for movesvc's registry: money play, cubeless
// searches, positions in GNU Backgammon's "positionID:matchID" notation,
// moves that are rolls at chance nodes ("31") and plays after them
// ("8/5 6/5"). The zero value is ready to use.
type Game struct{}

var (
	_ engine.Game          = Game{}
	_ engine.SearchMemorer = Game{}
	_ engine.Warmer        = Game{}
)

// Name returns "backgammon".
func (Game) Name() string { return "backgammon" }

// Describe returns the game's description: players x (first) and o,
// GNU Backgammon's X and O; depth 1 is a 0-ply search, 2 1-ply, 3 2-ply.
func (Game) Describe() engine.Description {
	return engine.Description{
		Name: "backgammon", Title: "Backgammon (money play, cubeless search)",
		Rows: 2, Cols: 12,
		Notation: "a roll at a chance node (\"31\"); a play after it, GNU Backgammon style " +
			"(\"8/5 6/5\", \"bar/22*\", \"6/off\", \"13/7(2)\", \"pass\"); the cube: \"double\" before a roll, " +
			"\"take\" or \"drop\" after it (an answer of \"roll\": no double)",
		DefaultDepth: defaultDepth, MaxDepth: maxDepth,
		BoardKind: engine.BoardBackgammon, Input: engine.InputCheckers,
		Sides: engine.DefaultSides, Position: "gnubg", Chance: "dice",
		Example: map[string]any{"game": "backgammon", "moves": []string{}, "dice": []int{3, 1}},
	}
}

// SearchMemory returns the bytes one search with params holds: its
// evaluation cache (the engine table's size for params.TableBits) and the
// move generators of the search and its helpers (SearchMemory of the
// package's Limits). The shared networks and bearoff database are not
// counted: they are loaded once (Warm).
func (Game) SearchMemory(params engine.Limits) int64 {
	own := SearchMemory(Limits{Threads: params.Threads, Table: &Table{}})
	return engine.TableBytes(params.Bits()) + int64(own)
}

// Warm loads the embedded networks and the bearoff database.
func (Game) Warm() {
	ev := NewEvaluator(DefaultNets())
	b := Board{{0: 1}, {0: 1}}
	ev.Probs(&StartBoard)
	ev.Probs(&b)
}

// NewState builds the position of setup: Setup.Position (a position ID, or
// "positionID:matchID") or the start position (x to roll its opening roll,
// never a double), then Setup.Moves (rolls and plays in turn), then
// Setup.Dice, the roll to play (at a chance node only). Setup.ToMove, when
// given, must name the side on roll. A board is refused: the position is
// given by its IDs or moves.
func (Game) NewState(setup engine.Setup) (engine.State, error) {
	if setup.Board != nil {
		return nil, engine.Invalid("board", nil, "backgammon takes a position (gnubg position ID) or moves, not a board")
	}
	st := &State{pos: NewPosition(), opening: true}
	if setup.Position != "" {
		field := setup.PositionField
		pos, err := ParsePosition(field, setup.Position)
		if err == nil {
			err = pos.Validate(field)
		}
		if err != nil {
			return nil, engine.Invalid(field, setup.Position, "%s", parseMessage(err))
		}
		if pos.Over() {
			return nil, engine.Invalid(field, setup.Position, "%s", overMessage(&pos))
		}
		if why := offerProblem(&pos); why != "" {
			return nil, engine.Invalid(field, setup.Position, "a double is offered, but %s", why)
		}
		st = &State{pos: pos}
	}
	if err := st.playMoves(setup.Moves); err != nil {
		return nil, err
	}
	if setup.Dice != nil {
		if err := st.roll(setup.Dice); err != nil {
			return nil, err
		}
	}
	if setup.ToMove != "" && setup.ToMove != st.pos.Turn.String() {
		return nil, engine.Invalid("to_move", setup.ToMove, "the side on roll is %s", st.pos.Turn)
	}
	return st, nil
}

// playMoves plays moves from st, each a roll or a play as the position
// asks; the game must go on after the last.
func (st *State) playMoves(moves []string) error {
	for i, mv := range moves {
		field := "moves[" + strconv.Itoa(i) + "]"
		if st.pos.Over() {
			return engine.Invalid(field, mv, "the game is already over after %d moves", i)
		}
		m, err := st.ParseMove(mv)
		if err != nil {
			return engine.Invalid(field, mv, "%v", err)
		}
		st.Play(m)
	}
	if st.pos.Over() {
		return engine.Invalid("moves", nil, "%s", overMessage(&st.pos))
	}
	return nil
}

// roll sets the dice of a chance node to dice, two values 1-6 (the
// request's "dice"); it is not a move, so Ply does not count it.
func (st *State) roll(dice []int) error {
	if len(dice) != 2 {
		return engine.Invalid("dice", dice, "want two dice, such as [3, 1]; got %d", len(dice))
	}
	if st.offered() {
		return engine.Invalid("dice", dice, "a double is offered: %s takes or drops it before the roll", st.ToMove())
	}
	if !st.IsChance() {
		return engine.Invalid("dice", dice, "the side on roll has rolled already: %d%d", st.pos.Dice[0], st.pos.Dice[1])
	}
	m, err := st.ParseMove(fmt.Sprintf("%d%d", dice[0], dice[1]))
	if err != nil {
		return engine.Invalid("dice", dice, "%v", err)
	}
	hi, lo := rollDice(m)
	st.pos.Dice = [2]int8{int8(hi), int8(lo)}
	st.opening = false
	return nil
}

// parseMessage returns err's reason without the field a *ParseError names
// (the request field is named by the caller).
func parseMessage(err error) string {
	if pe, ok := err.(*ParseError); ok {
		return pe.Message
	}
	return err.Error()
}

// offerProblem returns why a position with a double offered is not one
// the service decides ("" when it is, or when no double is offered): cube
// decisions are for money play, before the doubler's roll, by a doubler
// that may double.
func offerProblem(p *Position) string {
	switch {
	case !p.Match.Doubled:
		return ""
	case p.Rolled():
		return "the doubler has rolled already"
	}
	return p.doubleBar()
}

// overMessage says how p's game ended, for a request that goes on past it.
func overMessage(p *Position) string {
	if p.Dropped() {
		return "the game is over: a double was dropped"
	}
	return "the game is over: a side has borne off every checker"
}
