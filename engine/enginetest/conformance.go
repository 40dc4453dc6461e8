// Package enginetest holds the checks every game must pass, for use from
// each game's tests: random playouts that verify the State contract at every
// position (legal moves, play/undo, hashing, notation and board round trips).
package enginetest

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"movesvc/engine"
)

// Conformance plays games random playouts of g from its start position (an
// empty move list) and checks the State contract at every position reached.
// It is deterministic for a given seed.
func Conformance(t *testing.T, g engine.Game, games int, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x5bd1e995))
	desc := g.Describe()
	checkDescription(t, desc)
	for game := range games {
		st, err := g.NewState(engine.Setup{FromMoves: true, Moves: []string{}})
		if err != nil {
			t.Fatalf("%s: start position: %v", g.Name(), err)
		}
		if st.Ply() != 0 || st.ToMove() != engine.First {
			t.Fatalf("%s: start position has ply %d and %v to move, want 0 and x", g.Name(), st.Ply(), st.ToMove())
		}
		var played []string
		budget := st.RemainingPlies()
		buf := make([]engine.Move, 0, st.MaxMoves())
		for {
			checkState(t, g, desc, st, played)
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
			m := moves[rng.IntN(len(moves))]
			before := st.RemainingPlies()
			played = append(played, st.FormatMove(m))
			st.Play(m)
			if after := st.RemainingPlies(); after > before-1 {
				t.Fatalf("%s: RemainingPlies went from %d to %d after a move", g.Name(), before, after)
			}
		}
	}
}

func checkState(t *testing.T, g engine.Game, desc engine.Description, st engine.State, played []string) {
	t.Helper()
	moves := st.LegalMoves(make([]engine.Move, 0, st.MaxMoves()))
	over := st.Outcome() != engine.OutcomeUnknown
	if over != (len(moves) == 0) {
		t.Errorf("Outcome %v with %d legal moves", st.Outcome(), len(moves))
	}
	if len(moves) > st.MaxMoves() {
		t.Errorf("%d legal moves, more than MaxMoves %d", len(moves), st.MaxMoves())
	}
	if over && st.Outcome() == engine.OutcomeWin {
		// No game in this service can be won by the side to move before it moves;
		// a terminal position is a loss or a draw for the side to move.
		t.Errorf("terminal position is a win for the side to move")
	}
	if st.Ply() != len(played) {
		t.Errorf("Ply %d after %d moves", st.Ply(), len(played))
	}
	if want := engine.Player(len(played) & 1); st.ToMove() != want {
		t.Errorf("ToMove %v after %d moves", st.ToMove(), len(played))
	}
	if !over {
		if e := st.Evaluate(); e > engine.MaxEval || e < -engine.MaxEval {
			t.Errorf("Evaluate %d outside ±MaxEval", e)
		}
	}

	hash, board := st.Hash(), st.Board()
	if len(board) != desc.Rows {
		t.Errorf("Board has %d rows, Describe says %d", len(board), desc.Rows)
	}
	checkPlacement(t, desc, st, moves)
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
		row, col := st.Cell(m)
		if row < 0 || row >= desc.Rows || col < 0 || col >= desc.Cols {
			t.Errorf("move %q at row %d col %d, off the %dx%d board", n, row, col, desc.Rows, desc.Cols)
		}
		st.Play(m)
		if cell := st.Board()[row][col]; cell != st.ToMove().Other().String()[0] {
			t.Errorf("after %q the board shows %q at row %d col %d", n, cell, row, col)
		}
		if st.Hash() == hash {
			t.Errorf("hash unchanged by move %q", n)
		}
		st.Undo(m)
		if st.Hash() != hash || !slices.Equal(st.Board(), board) {
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
	if fromMoves.Hash() != hash || !slices.Equal(fromMoves.Board(), board) {
		t.Errorf("NewState(moves) differs from the played position")
	}
	fromBoard, err := g.NewState(engine.Setup{Board: board, ToMove: st.ToMove().String()})
	if err != nil {
		t.Errorf("NewState(board %q): %v", board, err)
		return
	}
	if fromBoard.Hash() != hash || !slices.Equal(fromBoard.Board(), board) || fromBoard.ToMove() != st.ToMove() {
		t.Errorf("NewState(board %q) does not round-trip", board)
	}
	if _, err := g.NewState(engine.Setup{Board: board, ToMove: st.ToMove().Other().String()}); err == nil {
		t.Errorf("NewState(board %q) accepted the wrong side to move", board)
	}

	// A clone is independent of the original.
	c := st.Clone()
	c.Play(moves[0])
	if st.Hash() != hash || !slices.Equal(st.Board(), board) {
		t.Errorf("playing on a clone changed the original")
	}

	// A depth-1 search returns a legal move and leaves the position as it was.
	res := engine.Search(context.Background(), st, engine.Params{Depth: 1})
	if !seen[res.Move] {
		t.Errorf("depth-1 search returned %d, not a legal move", res.Move)
	}
	if st.Hash() != hash || !slices.Equal(st.Board(), board) {
		t.Errorf("search changed the position")
	}
}

// checkDescription checks what a client relies on to offer a game without
// knowing it: a known placement, and a schema for every option and no
// other, each with a default among its values.
func checkDescription(t *testing.T, desc engine.Description) {
	t.Helper()
	if desc.Placement != engine.PlaceCell && desc.Placement != engine.PlaceColumn {
		t.Errorf("%s: placement %q, want %q or %q", desc.Name, desc.Placement, engine.PlaceCell, engine.PlaceColumn)
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

// checkPlacement checks that a client can pick each legal move as the
// game's placement says: by a cell of its own, or by a column of its own.
func checkPlacement(t *testing.T, desc engine.Description, st engine.State, moves []engine.Move) {
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
