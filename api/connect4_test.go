package api_test

import (
	"net/http"
	"testing"

	"movesvc/api"
)

// TestConnectFour plays Connect Four through the API: an exact score in the
// test sets' convention, the landing row of the move, and 422s that name
// the field.
func TestConnectFour(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	var got moveResponse
	// Test_L2_R1: "2252576253462244111563365343671351441" scores -1.
	ts.post(t, `{"game":"connect4","moves":["2","2","5","2","5","7","6","2","5","3","4","6","2","2","4","4","1","1","1","5","6","3","3","6","5","3","4","3","6","7","1","3","5","1","4","4","1"]}`).decode(t, &got)
	if got.Score != -1 || got.Outcome != "loss" || !got.Complete || got.PliesToEnd == nil {
		t.Fatalf("got %+v, want an exact loss scoring -1", got)
	}
	var empty moveResponse
	ts.post(t, `{"game":"connect4","moves":[]}`).decode(t, &empty)
	if empty.Score != 1 || empty.Move.Notation != "4" || empty.Move.Row != 5 || empty.Outcome != "win" ||
		empty.PliesToEnd == nil || *empty.PliesToEnd != 41 || !empty.Complete {
		t.Fatalf("empty board: %+v, want 4 scoring +1 (book)", empty)
	}
	var one moveResponse
	ts.post(t, `{"game":"connect4","board":[".......",".......",".......",".......",".......","...x..."]}`).decode(t, &one)
	if one.ToMove != "o" || one.Move.Row != 5 && one.Move.Row != 4 {
		t.Fatalf("got %+v: o to move, landing on row 4 or 5", one)
	}
	for _, tc := range []struct {
		name, body, location string
	}{
		{"floating stone", `{"game":"connect4","board":[".......",".......","...x...",".......",".......","......."]}`, "body.board[2]"},
		{"full column", `{"game":"connect4","moves":["1","1","1","1","1","1","1"]}`, "body.moves[6]"},
		{"column out of range", `{"game":"connect4","moves":["8"]}`, "body.moves[0]"},
		{"four on the board", `{"game":"connect4","board":[".......",".......",".......",".......",".......","xxxxooo"]}`, "body.board"},
		{"rule is not an option", `{"game":"connect4","moves":[],"rule":"standard"}`, "body.rule"},
		{"depth too deep", `{"game":"connect4","moves":[],"depth":43}`, "body.depth"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ts.post(t, tc.body)
			if r.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422: %s", r.status, r.body)
			}
			var p problem
			r.decode(t, &p)
			if len(p.Errors) == 0 || p.Errors[0].Location != tc.location {
				t.Fatalf("problem %+v, want location %s", p, tc.location)
			}
		})
	}
}
