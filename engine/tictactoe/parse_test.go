package tictactoe_test

import (
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/tictactoe"
)

func TestNewStateRejects(t *testing.T) {
	tests := []struct {
		name  string
		setup engine.Setup
		field string
		msg   string
	}{
		{"two rows", engine.Setup{Board: []string{"...", "..."}}, "board", "3 rows"},
		{"short row", engine.Setup{Board: []string{"...", "..", "..."}}, "board[1]", "3 cells"},
		{"bad cell", engine.Setup{Board: []string{"...", ".z.", "..."}}, "board[1]", "invalid cell"},
		{"unicode cell", engine.Setup{Board: []string{"...", ".ｘ.", "..."}}, "board[1]", "invalid cell"},
		{"too many x", engine.Setup{Board: []string{"xx.", "...", "..."}}, "board", "impossible stone counts"},
		{"o first", engine.Setup{Board: []string{"o..", "...", "..."}}, "board", "impossible stone counts"},
		{"to_move wrong", engine.Setup{Board: []string{"x..", "...", "..."}, ToMove: "x"}, "to_move", "stone counts say"},
		{"won", engine.Setup{Board: []string{"xxx", "oo.", "..."}}, "board", "already over"},
		{"full", engine.Setup{Board: []string{"xox", "xoo", "oxx"}}, "board", "already over"},
		{"both won", engine.Setup{Board: []string{"xxx", "ooo", "x.."}}, "board", "both players"},
		{"mover won", engine.Setup{Board: []string{"xxx", "oo.", "o.."}}, "board", "already has three"},
		{"bad notation", engine.Setup{FromMoves: true, Moves: []string{"b2", "z9"}}, "moves[1]", "column"},
		{"row zero", engine.Setup{FromMoves: true, Moves: []string{"a0"}}, "moves[0]", "row"},
		{"empty notation", engine.Setup{FromMoves: true, Moves: []string{""}}, "moves[0]", "invalid square"},
		{"taken", engine.Setup{FromMoves: true, Moves: []string{"b2", "B2"}}, "moves[1]", "already taken"},
		{"after the end", engine.Setup{FromMoves: true, Moves: []string{"a1", "a2", "b1", "b2", "c1", "c2"}}, "moves[5]", "already over"},
		{"moves finish the game", engine.Setup{FromMoves: true, Moves: []string{"a1", "a2", "b1", "b2", "c1"}}, "moves", "already over"},
		{"moves to_move wrong", engine.Setup{FromMoves: true, Moves: []string{"a1"}, ToMove: "x"}, "to_move", "stone counts say"},
	}
	for _, tc := range tests {
		_, err := tictactoe.Game{}.NewState(tc.setup)
		ie, ok := engine.AsInputError(err)
		if !ok {
			t.Errorf("%s: got %v, want an InputError", tc.name, err)
			continue
		}
		if ie.Field != tc.field || !strings.Contains(ie.Message, tc.msg) {
			t.Errorf("%s: got %s: %s, want field %s with %q", tc.name, ie.Field, ie.Message, tc.field, tc.msg)
		}
	}
}

func TestNewStateAccepts(t *testing.T) {
	st, err := tictactoe.Game{}.NewState(engine.Setup{Board: []string{"X.o", "...", "..."}, ToMove: "X"})
	if err != nil {
		t.Fatal(err)
	}
	if got := st.(*tictactoe.State).Board(); strings.Join(got, "/") != "x.o/.../..." || st.ToMove() != engine.First {
		t.Errorf("board %q, to move %v", got, st.ToMove())
	}
	st, err = tictactoe.Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{"b2", "a3"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(st.(*tictactoe.State).Board(), "/"); got != "o../.x./..." {
		t.Errorf("moves b2 a3 give %s", got)
	}
}

// FuzzNewState feeds arbitrary boards and move lists to the parser: it must
// either reject them with an InputError or return a consistent position.
func FuzzNewState(f *testing.F) {
	for _, seed := range []string{"x.o/.../...", "xxx/oo./...", "...", "xo/ox/", "ｘ../.../...", "b2 a1 c3", "a0 z9", ""} {
		f.Add(seed, seed)
	}
	f.Fuzz(func(t *testing.T, board, moves string) {
		for _, setup := range []engine.Setup{
			{Board: strings.Split(board, "/")},
			{FromMoves: true, Moves: strings.Fields(moves)},
		} {
			st, err := tictactoe.Game{}.NewState(setup)
			if err != nil {
				if _, ok := engine.AsInputError(err); !ok {
					t.Fatalf("non-input error %v", err)
				}
				continue
			}
			if st.Outcome() != engine.OutcomeUnknown || len(st.LegalMoves(nil)) == 0 {
				t.Fatalf("accepted a finished position %q", st.(*tictactoe.State).Board())
			}
			again, err := tictactoe.Game{}.NewState(engine.Setup{Board: st.(*tictactoe.State).Board()})
			if err != nil || again.Hash() != st.Hash() {
				t.Fatalf("board %q does not round-trip: %v", st.(*tictactoe.State).Board(), err)
			}
		}
	})
}
