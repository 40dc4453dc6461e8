package api_test

import (
	"strings"
	"testing"

	"movesvc/api"
)

// TestBackgammonThroughTheAPI plays backgammon through POST /move and POST
// /position: a roll's play with its equity, probabilities, steps and the
// position after it; a chance node, whose legal moves are the rolls and
// whose search needs dice (422 at body.dice).
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
			Points []int `json:"points"`
			Dice   []int `json:"dice"`
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
	if r.status != 200 || pos.Position != mv.PositionAfter || pos.ToMove != "o" || !pos.Chance ||
		len(pos.LegalMoves) != 21 || pos.View.Points[4] != 2 || pos.LastMove.Notation != "8/5 6/5" {
		t.Errorf("after 31 8/5 6/5: %d %s", r.status, r.body)
	}

	r = ts.post(t, `{"game":"backgammon","position":"`+pos.Position+`"}`)
	if r.status != 422 || !strings.Contains(string(r.body), `"body.dice"`) {
		t.Errorf("a chance node without dice: %d %s", r.status, r.body)
	}
	r = ts.post(t, `{"game":"backgammon","position":"`+pos.Position+`","dice":[6,4],"depth":1}`)
	r.decode(t, &mv)
	if r.status != 200 || mv.ToMove != "o" || mv.Move.Notation == "" {
		t.Errorf("o's 64: %d %s", r.status, r.body)
	}
}
