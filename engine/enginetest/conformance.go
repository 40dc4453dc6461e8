// Package enginetest holds the checks every game must pass, for use from
// each game's tests: random playouts that verify the State contract at every
// position (legal moves, play/undo, hashing, notation, board and position
// round trips; under the race detector every fourth position whole and the
// others' common contract), in the way of OpenSpiel's basic tests: one suite
// for every game, whatever its board, with the capabilities a game declares
// checked where it has them (Celler and Boarder for the placement games,
// Positioner, MoveDescriber, Chancer); and a game with its own position
// notation refuses board rows.
package enginetest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"movesvc/engine"
	"movesvc/internal/race"
)

// Conformance plays games random playouts of g from its start position (an
// empty move list) and checks the State contract at every position reached:
// the common contract at each, and every legal move's round trips, the
// position's notation and its replay from the move list at every
// deepEvery-th and at the last. It is deterministic for a given seed.
func Conformance(t *testing.T, g engine.Game, games int, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x5bd1e995))
	desc := g.Describe()
	checkDescription(t, desc)
	checkNoBoardRows(t, g, desc)
	for game := range games {
		st, err := g.NewState(engine.Setup{FromMoves: true, Moves: []string{}})
		if err != nil {
			t.Fatalf("%s: start position: %v", g.Name(), err)
		}
		if st.Ply() != 0 || st.ToMove() != engine.First && desc.Chance == "" {
			t.Fatalf("%s: start position has ply %d and %v to move, want 0 and x", g.Name(), st.Ply(), st.ToMove())
		}
		var played []string
		budget := st.RemainingPlies()
		buf := make([]engine.Move, 0, st.MaxMoves())
		for {
			if len(played)%deepEvery == 0 || st.Outcome() != engine.OutcomeUnknown {
				checkState(t, g, desc, st, played)
			} else {
				checkCommon(t, desc, st, played)
			}
			if t.Failed() {
				t.Fatalf("%s: game %d failed after moves %q", g.Name(), game, played)
			}
			moves := st.LegalMoves(buf)
			if st.Outcome() != engine.OutcomeUnknown {
				break
			}
			if len(played) >= budget {
				t.Fatalf("%s: game longer than RemainingPlies %d at the start: %q", g.Name(), budget, played)
			}
			m := pick(rng, st, moves)
			before := st.RemainingPlies()
			played = append(played, st.FormatMove(m))
			st.Play(m)
			if after := st.RemainingPlies(); after > before-1 {
				t.Fatalf("%s: RemainingPlies went from %d to %d after a move", g.Name(), before, after)
			}
		}
	}
}

// deepEvery is how often Conformance checks a position whole: at every
// one, but under the race detector, which makes these checks some thirty
// times slower (each walks every legal move and replays the game so far),
// at every fourth; the plain and long runs check every position.
var deepEvery = race.Pick(1, 4)

// pick returns a random legal move: at a chance node, an outcome drawn by
// its probability.
func pick(rng *rand.Rand, st engine.State, moves []engine.Move) engine.Move {
	if c, ok := st.(engine.Chancer); ok && c.IsChance() {
		x := rng.Float64()
		for _, m := range moves {
			if x -= c.Probability(m); x < 0 {
				return m
			}
		}
		return moves[len(moves)-1]
	}
	return moves[rng.IntN(len(moves))]
}

// snapshot is what a position shows of itself: its hash, its board rows
// (Boarder) and its position notation (Positioner).
type snapshot struct {
	hash     uint64
	board    string
	position string
}

func snap(st engine.State) snapshot {
	s := snapshot{hash: st.Hash()}
	if b, ok := st.(engine.Boarder); ok {
		s.board = fmt.Sprint(b.Board())
	}
	if p, ok := st.(engine.Positioner); ok {
		s.position = p.Position()
	}
	return s
}

func checkState(t *testing.T, g engine.Game, desc engine.Description, st engine.State, played []string) {
	t.Helper()
	if _, ok := st.(engine.Celler); ok {
		checkGrid(t, g, desc, st, played)
		return
	}
	checkAny(t, g, desc, st, played)
}

// checkAny checks a position of a game that does not place stones on a
// grid: the common contract, the position notation's round trip, and the
// details of every move.
func checkAny(t *testing.T, g engine.Game, desc engine.Description, st engine.State, played []string) {
	t.Helper()
	moves := checkCommon(t, desc, st, played)
	before := snap(st)
	chance := false
	if c, ok := st.(engine.Chancer); ok && c.IsChance() {
		chance = true
		var sum float64
		for _, m := range moves {
			sum += c.Probability(m)
		}
		if sum < 0.999 || sum > 1.001 {
			t.Errorf("chance outcomes' probabilities sum to %v", sum)
		}
	}
	for _, m := range moves {
		n := st.FormatMove(m)
		if back, err := st.ParseMove(n); err != nil || back != m {
			t.Errorf("notation %q of move %d parses to %d, %v", n, m, back, err)
		}
		if d, ok := st.(engine.MoveDescriber); ok && !chance {
			checkMoveView(t, desc, d.DescribeMove(m), n)
		}
		st.Play(m)
		if st.Hash() == before.hash {
			t.Errorf("hash unchanged by move %q", n)
		}
		st.Undo(m)
		if snap(st) != before {
			t.Errorf("play/undo of %q did not restore the position", n)
		}
	}
	over := st.Outcome() != engine.OutcomeUnknown
	fromMoves, err := g.NewState(engine.Setup{FromMoves: true, Moves: played})
	switch {
	case over && err == nil:
		t.Errorf("NewState accepted the finished game %q", played)
	case !over && err != nil:
		t.Errorf("NewState(moves %q): %v", played, err)
	case !over && snap(fromMoves) != before:
		t.Errorf("NewState(moves) differs from the played position")
	}
	if p, ok := st.(engine.Positioner); ok && !over {
		pos := p.Position()
		back, err := g.NewState(engine.Setup{Position: pos, PositionField: "position"})
		if err != nil {
			t.Errorf("NewState(position %q): %v", pos, err)
		} else if back.(engine.Positioner).Position() != pos || back.ToMove() != st.ToMove() {
			t.Errorf("NewState(position %q) does not round-trip: %q", pos, back.(engine.Positioner).Position())
		}
	}
	if over {
		if r, ok := st.(engine.Ender); ok && r.EndReason() == "" {
			t.Errorf("the game is over without a reason")
		}
		return
	}
	c := st.Clone()
	c.Play(moves[0])
	if snap(st) != before {
		t.Errorf("playing on a clone changed the original")
	}
	if chance {
		return // the game's own search plays after the roll
	}
	res := engine.Search(context.Background(), st, engine.Limits{Depth: 1})
	if !slices.Contains(moves, res.Move) {
		t.Errorf("depth-1 search returned %d, not a legal move", res.Move)
	}
	if snap(st) != before {
		t.Errorf("search changed the position")
	}
}

// checkMoveView checks that a client can enter the move n as the game's
// input says.
func checkMoveView(t *testing.T, desc engine.Description, v engine.MoveView, n string) {
	t.Helper()
	switch desc.Input {
	case engine.InputFromTo:
		if v.From == "" || v.To == "" || v.SAN == "" {
			t.Errorf("move %q: from %q to %q san %q; a from-to game gives all three", n, v.From, v.To, v.SAN)
		}
	case engine.InputPit:
		if v.Pit < 1 {
			t.Errorf("move %q sows pit %d", n, v.Pit)
		}
	case engine.InputCheckers:
		for _, s := range v.Steps {
			if s.From < 0 || s.From > 25 || s.To < 0 || s.To > 25 {
				t.Errorf("move %q has a step from %d to %d", n, s.From, s.To)
			}
		}
	}
}

// checkCommon checks what every position owes: legal moves and outcome
// agree, ply and side to move follow the moves, the evaluation is in
// range. It returns the legal moves.
func checkCommon(t *testing.T, desc engine.Description, st engine.State, played []string) []engine.Move {
	t.Helper()
	moves := st.LegalMoves(make([]engine.Move, 0, st.MaxMoves()))
	over := st.Outcome() != engine.OutcomeUnknown
	if over != (len(moves) == 0) {
		t.Errorf("Outcome %v with %d legal moves", st.Outcome(), len(moves))
	}
	if len(moves) > st.MaxMoves() {
		t.Errorf("%d legal moves, more than MaxMoves %d", len(moves), st.MaxMoves())
	}
	if st.Ply() != len(played) {
		t.Errorf("Ply %d after %d moves", st.Ply(), len(played))
	}
	if want := engine.Player(len(played) & 1); st.ToMove() != want && !desc.ExtraTurns && desc.Chance == "" {
		t.Errorf("ToMove %v after %d moves", st.ToMove(), len(played))
	}
	if !over {
		if e := st.Evaluate(); e > engine.MaxEval || e < -engine.MaxEval {
			t.Errorf("Evaluate %d outside ±MaxEval", e)
		}
	}
	return moves
}

// gridState is the State of a game that places stones on a grid.
type gridState interface {
	engine.State
	engine.Celler
	engine.Boarder
}

// checkGrid checks a position of a game that places stones on a grid
// (Celler and Boarder): the common contract, and the board rows' round
// trips.
func checkGrid(t *testing.T, g engine.Game, desc engine.Description, st engine.State, played []string) {
	t.Helper()
	moves := checkCommon(t, desc, st, played)
	over := st.Outcome() != engine.OutcomeUnknown
	if over && st.Outcome() == engine.OutcomeWin {
		// No placement game can be won by the side to move before it
		// moves; a terminal position is a loss or a draw for it.
		t.Errorf("terminal position is a win for the side to move")
	}
	grid := st.(gridState)
	board := grid.Board()
	hash := st.Hash()
	if len(board) != desc.Rows {
		t.Errorf("Board has %d rows, Describe says %d", len(board), desc.Rows)
	}
	checkPlacement(t, desc, grid, moves)
	seen := map[engine.Move]bool{}
	for _, m := range moves {
		if seen[m] {
			t.Errorf("move %d listed twice", m)
		}
		seen[m] = true
		n := st.FormatMove(m)
		back, err := st.ParseMove(n)
		if err != nil || back != m {
			t.Errorf("notation %q of move %d parses to %d, %v", n, m, back, err)
		}
		row, col := grid.Cell(m)
		if row < 0 || row >= desc.Rows || col < 0 || col >= desc.Cols {
			t.Errorf("move %q at row %d col %d, off the %dx%d board", n, row, col, desc.Rows, desc.Cols)
		}
		st.Play(m)
		if cell := grid.Board()[row][col]; cell != st.ToMove().Other().String()[0] {
			t.Errorf("after %q the board shows %q at row %d col %d", n, cell, row, col)
		}
		if st.Hash() == hash {
			t.Errorf("hash unchanged by move %q", n)
		}
		st.Undo(m)
		if st.Hash() != hash || !slices.Equal(grid.Board(), board) {
			t.Errorf("play/undo of %q did not restore the position", n)
		}
	}

	// The same position rebuilt from the move list and from the board.
	fromMoves, err := g.NewState(engine.Setup{FromMoves: true, Moves: played})
	if over {
		if err == nil {
			t.Errorf("NewState accepted the finished game %q", played)
		}
		return
	}
	if err != nil {
		t.Errorf("NewState(moves %q): %v", played, err)
		return
	}
	if fromMoves.Hash() != hash || !slices.Equal(fromMoves.(engine.Boarder).Board(), board) {
		t.Errorf("NewState(moves) differs from the played position")
	}
	fromBoard, err := g.NewState(engine.Setup{Board: board, ToMove: st.ToMove().String()})
	if err != nil {
		t.Errorf("NewState(board %q): %v", board, err)
		return
	}
	if fromBoard.Hash() != hash || !slices.Equal(fromBoard.(engine.Boarder).Board(), board) || fromBoard.ToMove() != st.ToMove() {
		t.Errorf("NewState(board %q) does not round-trip", board)
	}
	if _, err := g.NewState(engine.Setup{Board: board, ToMove: st.ToMove().Other().String()}); err == nil {
		t.Errorf("NewState(board %q) accepted the wrong side to move", board)
	}

	// A clone is independent of the original.
	c := st.Clone()
	c.Play(moves[0])
	if st.Hash() != hash || !slices.Equal(grid.Board(), board) {
		t.Errorf("playing on a clone changed the original")
	}

	// A depth-1 search returns a legal move and leaves the position as it was.
	res := engine.Search(context.Background(), st, engine.Limits{Depth: 1})
	if !seen[res.Move] {
		t.Errorf("depth-1 search returned %d, not a legal move", res.Move)
	}
	if st.Hash() != hash || !slices.Equal(grid.Board(), board) {
		t.Errorf("search changed the position")
	}
}

// checkDescription checks what a client relies on to offer a game without
// knowing it: a known board kind and input (and a placement for the games
// that place stones), both sides named, and a schema for every option and
// no other, each with a default among its values.
func checkDescription(t *testing.T, desc engine.Description) {
	t.Helper()
	kinds := []string{engine.BoardGrid, engine.BoardColumns, engine.BoardIntersections, engine.BoardChess, engine.BoardPits, engine.BoardBackgammon}
	if !slices.Contains(kinds, desc.BoardKind) {
		t.Errorf("%s: board kind %q, want one of %q", desc.Name, desc.BoardKind, kinds)
	}
	inputs := []string{engine.InputCell, engine.InputColumn, engine.InputFromTo, engine.InputPit, engine.InputCheckers}
	if !slices.Contains(inputs, desc.Input) {
		t.Errorf("%s: input %q, want one of %q", desc.Name, desc.Input, inputs)
	}
	if placing := desc.Input == engine.InputCell || desc.Input == engine.InputColumn; placing != (desc.Placement == desc.Input) {
		t.Errorf("%s: placement %q for input %q", desc.Name, desc.Placement, desc.Input)
	}
	if desc.Sides[0] == "" || desc.Sides[1] == "" || desc.Sides[0] == desc.Sides[1] {
		t.Errorf("%s: sides %q", desc.Name, desc.Sides)
	}
	if len(desc.OptionSchemas) != len(desc.Options) {
		t.Errorf("%s: %d option schemas for the options %q", desc.Name, len(desc.OptionSchemas), desc.Options)
	}
	for _, name := range desc.Options {
		s, ok := desc.OptionSchemas[name]
		switch {
		case !ok:
			t.Errorf("%s: option %q has no schema", desc.Name, name)
		case s.Description == "":
			t.Errorf("%s: option %q has no description", desc.Name, name)
		case s.Type == "string":
			if d, ok := s.Default.(string); !ok || !slices.Contains(s.Enum, d) {
				t.Errorf("%s: option %q: default %v is not one of %q", desc.Name, name, s.Default, s.Enum)
			}
		case s.Type == "integer":
			if d, ok := s.Default.(int); !ok || s.Minimum == nil || s.Maximum == nil || d < *s.Minimum || d > *s.Maximum {
				t.Errorf("%s: option %q: default %v outside its minimum and maximum", desc.Name, name, s.Default)
			}
		default:
			t.Errorf("%s: option %q has type %q, want string or integer", desc.Name, name, s.Type)
		}
	}
}

// checkNoBoardRows checks that a game whose positions come in its own
// notation (Description.Position) refuses board rows, naming the field,
// rather than ignoring them and answering from the start.
func checkNoBoardRows(t *testing.T, g engine.Game, desc engine.Description) {
	t.Helper()
	if desc.Position == "" {
		return
	}
	_, err := g.NewState(engine.Setup{Board: []string{"x"}})
	if ie, ok := engine.AsInputError(err); !ok || ie.Field != "board" {
		t.Errorf("%s: board rows gave %v, want an input error at board", desc.Name, err)
	}
}

// checkPlacement checks that a client can pick each legal move as the
// game's placement says: by a cell of its own, or by a column of its own.
func checkPlacement(t *testing.T, desc engine.Description, st gridState, moves []engine.Move) {
	t.Helper()
	type cell struct{ row, col int }
	picked := map[cell]engine.Move{}
	for _, m := range moves {
		row, col := st.Cell(m)
		key := cell{row, col}
		if desc.Placement == engine.PlaceColumn {
			key = cell{-1, col}
		}
		if other, dup := picked[key]; dup {
			t.Errorf("%s places by %s, but moves %q and %q share row %d col %d", desc.Name, desc.Placement,
				st.FormatMove(other), st.FormatMove(m), row, col)
		}
		picked[key] = m
	}
}

// PlacementState is the State of a game that places stones on a grid,
// with the capabilities a test's wrapper of such a state must keep: a
// wrapper that embeds it (a game whose search waits on a gate, say) shows
// its cells and board as the state it wraps does.
type PlacementState = gridState
