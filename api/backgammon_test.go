package api_test

import (
	"strings"
	"testing"

	"movesvc/api"
)

// TestBackgammonThroughTheAPI plays backgammon through POST /move and POST
// /position: a roll's play with its equity, probabilities, steps and the
// position after it; a chance node, whose legal moves are the rolls, where
// the side on roll may double: its cube decision without dice, and the
// other side's answer to a double; once the other side owns the cube, a
// chance node without dice is refused (422 at body.dice).
func TestBackgammonThroughTheAPI(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	var mv struct {
		Move struct {
			Notation string `json:"notation"`
			Steps    []struct {
				From, To int
				Hit      bool
			} `json:"steps"`
		} `json:"move"`
		ToMove        string      `json:"to_move"`
		Equity        *float64    `json:"equity"`
		Probabilities *[5]float64 `json:"probabilities"`
		PositionAfter string      `json:"position_after"`
		Analysis      []struct {
			Move struct {
				Notation string `json:"notation"`
			} `json:"move"`
		} `json:"analysis"`
	}
	r := ts.post(t, `{"game":"backgammon","moves":[],"dice":[3,1],"depth":2,"analysis":true}`)
	r.decode(t, &mv)
	if r.status != 200 || mv.Move.Notation != "8/5 6/5" || len(mv.Move.Steps) != 2 || mv.ToMove != "x" ||
		mv.Equity == nil || mv.Probabilities == nil || mv.PositionAfter == "" || len(mv.Analysis) != 16 {
		t.Fatalf("opening 31: %d %s", r.status, r.body)
	}

	var pos struct {
		Position string `json:"position"`
		ToMove   string `json:"to_move"`
		Chance   bool   `json:"chance"`
		View     struct {
			Points    []int `json:"points"`
			Dice      []int `json:"dice"`
			MayDouble bool  `json:"may_double"`
			Doubled   bool  `json:"doubled"`
		} `json:"view"`
		LastMove struct {
			Notation string `json:"notation"`
		} `json:"last_move"`
		LegalMoves []struct {
			Notation string `json:"notation"`
		} `json:"legal_moves"`
	}
	r = ts.do(t, "POST", "/position", "application/json", []byte(`{"game":"backgammon","moves":["31","8/5 6/5"]}`))
	r.decode(t, &pos)
	if r.status != 200 || pos.Position != mv.PositionAfter || pos.ToMove != "o" || !pos.Chance || !pos.View.MayDouble ||
		len(pos.LegalMoves) != 21 || pos.View.Points[4] != 2 || pos.LastMove.Notation != "8/5 6/5" {
		t.Errorf("after 31 8/5 6/5: %d %s", r.status, r.body)
	}

	var cube struct {
		Move struct {
			Notation string `json:"notation"`
		} `json:"move"`
		ToMove string `json:"to_move"`
		Score  int    `json:"score"`
		Cube   *struct {
			Action                           string
			Double, Take                     bool
			NoDouble, DoubleTake, DoublePass float64
		} `json:"cube"`
	}
	r = ts.post(t, `{"game":"backgammon","position":"`+pos.Position+`","depth":2}`)
	r.decode(t, &cube)
	if r.status != 200 || cube.Move.Notation != "roll" || cube.ToMove != "o" || cube.Cube == nil ||
		cube.Cube.Double || cube.Cube.Action != "no double, take" {
		t.Errorf("o's cube decision after an opening 31: %d %s, want no double", r.status, r.body)
	}
	r = ts.post(t, `{"game":"backgammon","moves":["31","8/5 6/5","double"],"depth":2}`)
	r.decode(t, &cube)
	if r.status != 200 || cube.Move.Notation != "take" || cube.ToMove != "x" || cube.Score <= 0 {
		t.Errorf("x's answer to o's double after an opening 31: %d %s, want a take, worth more than 0 to x", r.status, r.body)
	}
	offered := pos
	offered.Chance = false
	r = ts.do(t, "POST", "/position", "application/json", []byte(`{"game":"backgammon","moves":["31","8/5 6/5","double"]}`))
	r.decode(t, &offered)
	if r.status != 200 || offered.Chance || !offered.View.Doubled || offered.ToMove != "x" || len(offered.LegalMoves) != 2 {
		t.Errorf("a double offered: %d %s, want x's decision, take or drop", r.status, r.body)
	}
	r = ts.post(t, `{"game":"backgammon","moves":["31","8/5 6/5","double","take"]}`)
	if r.status != 422 || !strings.Contains(string(r.body), `"body.dice"`) {
		t.Errorf("a chance node without dice where x owns the cube: %d %s, want 422 at body.dice", r.status, r.body)
	}
	r = ts.post(t, `{"game":"backgammon","moves":["31","8/5 6/5","double","drop"]}`)
	if r.status != 422 || !strings.Contains(string(r.body), "double was dropped") {
		t.Errorf("a game ended by a drop: %d %s, want 422, over", r.status, r.body)
	}
	r = ts.post(t, `{"game":"backgammon","position":"`+pos.Position+`","dice":[6,4],"depth":1}`)
	r.decode(t, &mv)
	if r.status != 200 || mv.ToMove != "o" || mv.Move.Notation == "" {
		t.Errorf("o's 64: %d %s", r.status, r.body)
	}
}
