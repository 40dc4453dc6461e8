package api_test

import (
	"net/http"
	"strings"
	"testing"

	"movesvc/api"
)

// TestGomoku plays Gomoku through the API: the rule and size options, a win
// in one proved, and 422s that name the field.
func TestGomoku(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	var win moveResponse
	// x has four on row 8 (h8..k8) with both ends open: five at once.
	ts.post(t, `{"game":"gomoku","moves":["h8","h9","i8","i9","j8","j9","k8","a1"],"timeout_ms":2000}`).decode(t, &win)
	if win.Outcome != "win" || win.PliesToEnd == nil || *win.PliesToEnd != 1 ||
		(win.Move.Notation != "g8" && win.Move.Notation != "l8") {
		t.Fatalf("got %+v, want the five at g8 or l8", win)
	}
	var small moveResponse
	ts.post(t, `{"game":"gomoku","moves":["e5"],"size":9,"rule":"standard","depth":2}`).decode(t, &small)
	if small.ToMove != "o" || small.Move.Row < 0 || small.Move.Row > 8 || small.Move.Col < 0 || small.Move.Col > 8 {
		t.Fatalf("9x9 answer %+v is off the board", small)
	}
	empty := strings.Repeat(`"...............",`, 14) + `"..............."`
	var centre moveResponse
	ts.post(t, `{"game":"gomoku","board":[`+empty+`]}`).decode(t, &centre)
	if centre.Move.Notation != "h8" {
		t.Fatalf("empty board: %+v, want the centre h8", centre)
	}
	for _, tc := range []struct {
		name, body, location string
	}{
		{"size out of range", `{"game":"gomoku","moves":[],"size":25}`, "body.size"},
		{"unknown rule", `{"game":"gomoku","moves":[],"rule":"caro"}`, "body.rule"},
		{"occupied", `{"game":"gomoku","moves":["h8","h8"]}`, "body.moves[1]"},
		{"off the board", `{"game":"gomoku","moves":["p8"]}`, "body.moves[0]"},
		{"off a 9x9 board", `{"game":"gomoku","moves":["j9"],"size":9}`, "body.moves[0]"},
		{"five on the board", `{"game":"gomoku","board":["xxxxx..........","oooo..........."` + strings.Repeat(`,"..............."`, 13) + `]}`, "body.board"},
		{"not square", `{"game":"gomoku","board":["...............",` + empty + `]}`, "body.board[0]"},
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
