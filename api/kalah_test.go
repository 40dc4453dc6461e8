package api_test

import (
	"net/http"
	"slices"
	"testing"

	"movesvc/api"
)

// kalahMove is the part of a Kalah answer these tests read.
type kalahMove struct {
	Move struct {
		Notation string `json:"notation"`
		Pit      int    `json:"pit"`
	} `json:"move"`
	ToMove        string `json:"to_move"`
	Score         int    `json:"score"`
	Outcome       string `json:"outcome"`
	Complete      bool   `json:"complete"`
	NextToMove    string `json:"next_to_move"`
	PositionAfter string `json:"position_after"`
	PV            []string
	Analysis      []struct {
		Move struct {
			Pit int `json:"pit"`
		} `json:"move"`
		Score    int  `json:"score"`
		Complete bool `json:"complete"`
	} `json:"analysis"`
}

// TestKalah plays Kalah through the API: the published value of the start
// of Kalah(6,4), an extra turn (the same side moves again, and the answers
// and POST /position say so), the variant's options, every pit's exact
// value, and 422s that name the field at fault. Every answer is checked
// against openapi.yaml.
func TestKalah(t *testing.T) {
	ts := newTestServer(t, api.Config{})

	var start kalahMove
	ts.post(t, `{"game":"kalah","moves":[],"timeout_ms":10000}`).decode(t, &start)
	// Kalah(6,4), standard: a first-player win by 8 (Rawlings, 2015; the
	// engine's values tests solve it without the book).
	if start.ToMove != "south" || start.Score != 8 || start.Outcome != "win" || !start.Complete || start.Move.Pit < 1 {
		t.Errorf("start of Kalah(6,4): %+v, want south's exact win by 8", start)
	}

	// Pit 3's four seeds end in South's store: South moves again.
	pos := postPosition(t, ts, `{"game":"kalah","moves":["3"]}`)
	if pos.ToMove != "south" || pos.Ply != 1 || len(pos.LegalMoves) != 5 {
		t.Errorf("after pit 3 from the start: %+v, want south to move again with 5 pits", pos)
	}
	r := ts.do(t, http.MethodPost, "/position", "application/json", []byte(`{"game":"kalah","moves":["3"]}`))
	var view struct {
		Position string `json:"position"`
		View     struct {
			Pits   [2][]int `json:"pits"`
			Stores [2]int   `json:"stores"`
		} `json:"view"`
	}
	r.decode(t, &view)
	if view.Position != "4,4,0,5,5,5:1/4,4,4,4,4,4:0/x" || !slices.Equal(view.View.Pits[0], []int{4, 4, 0, 5, 5, 5}) || view.View.Stores != [2]int{1, 0} {
		t.Errorf("view after pit 3: %s", r.body)
	}

	// In Kalah(4,3) South's pit 2 (three seeds) ends in its store; the
	// answer for that move says South moves next.
	var mv kalahMove
	ts.post(t, `{"game":"kalah","pits":4,"seeds":3,"position":"3,3,3,3:0/3,3,3,3:0/x"}`).decode(t, &mv)
	next := "north"
	if mv.Move.Notation == "2" {
		next = "south"
	}
	if !mv.Complete || mv.NextToMove != next || mv.PositionAfter == "" {
		t.Errorf("Kalah(4,3) start: %+v, want a solved move and %s next", mv, next)
	}

	var an kalahMove
	ts.post(t, `{"game":"kalah","pits":4,"seeds":3,"capture":"empty","moves":["2"],"analysis":true}`).decode(t, &an)
	if len(an.Analysis) != 3 || an.Analysis[0].Score != an.Score || !an.Complete {
		t.Fatalf("analysis of Kalah(4,3) after pit 2: %+v, want the exact value of each of its 3 pits", an)
	}
	for i, e := range an.Analysis {
		if !e.Complete || i > 0 && e.Score > an.Analysis[i-1].Score {
			t.Errorf("analysis entry %d: %+v, want exact values best first", i, e)
		}
	}

	for _, tc := range []struct{ name, body, location string }{
		{"seven pits", `{"game":"kalah","moves":[],"pits":7}`, "body.pits"},
		{"unknown capture", `{"game":"kalah","moves":[],"capture":"always"}`, "body.capture"},
		{"size is not an option", `{"game":"kalah","moves":[],"size":9}`, "body.size"},
		{"bad position", `{"game":"kalah","position":"4,4,4,4,4,4:0/4,4,4,4,4,4:0"}`, "body.position"},
		{"seeds of another variant", `{"game":"kalah","position":"3,3,3,3:0/3,3,3,3:0/x"}`, "body.position"},
		{"an empty pit", `{"game":"kalah","moves":["3","3"]}`, "body.moves[1]"},
		{"the wrong side", `{"game":"kalah","moves":["3"],"to_move":"o"}`, "body.to_move"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ts.post(t, tc.body)
			var p problem
			r.decode(t, &p)
			if r.status != http.StatusUnprocessableEntity || len(p.Errors) == 0 || p.Errors[0].Location != tc.location {
				t.Fatalf("%d %s, want a 422 at %s", r.status, r.body, tc.location)
			}
		})
	}
}
