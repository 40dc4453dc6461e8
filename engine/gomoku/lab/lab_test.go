package lab

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// played returns the 15x15 position under rule after moves, squares in
// play order separated by spaces.
func played(t testing.TB, rule, moves string) *gomoku.State {
	t.Helper()
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: strings.Fields(moves),
		Options: map[string]any{"rule": rule}})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*gomoku.State)
}

// marshal returns v written as JSON.
func marshal(t testing.TB, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// search runs a search of st with opt to depth with a limit of 2 million
// nodes, so that results do not depend on the machine's speed.
func search(st *gomoku.State, depth int, opt Options) engine.Result {
	params := engine.Limits{Depth: depth, MaxNodes: 2_000_000}
	return st.SearchWith(context.Background(), params, gomoku.Options{Variant: opt.Variant()})
}

// walk plays games of random moves on the 15x15 board, under the
// freestyle and the standard rule in turn, each up to 60 moves or its
// end, calling check after every move and after every undo back to the
// empty board. Most moves are near the stones, as the search's are.
func walk(t *testing.T, rng *rand.Rand, games int, check func(st *gomoku.State)) {
	t.Helper()
	for game := range games {
		st := played(t, []string{"freestyle", "standard"}[game%2], "")
		var moves []engine.Move
		for len(moves) < 60 && st.Outcome() == engine.OutcomeUnknown {
			legal := st.LegalMoves(nil)
			near := 0
			st.EmptyCells(func(c gomoku.EmptyCell) {
				if c.Candidate {
					near++
				}
			})
			m := legal[rng.IntN(len(legal))] // LegalMoves lists the cells near a stone first
			if near > 0 && rng.IntN(8) > 0 {
				m = legal[rng.IntN(near)]
			}
			st.Play(m)
			moves = append(moves, m)
			check(st)
		}
		for len(moves) > 0 {
			st.Undo(moves[len(moves)-1])
			moves = moves[:len(moves)-1]
			check(st)
		}
	}
}
