package api_test

import (
	"slices"
	"testing"

	"movesvc/api"
	"movesvc/engine/enginetest"
)

// TestAnswersDescribeAGameBeyondTheGrid plays Bonus (enginetest), a game
// shaped as Kalah is (a position notation, pits, extra turns, named
// sides), through the API: its moves come with their pit and no cell,
// answers name its sides and say who moves next and the position after
// the move, and POST /position gives its notation, its view and why it
// ended. Every answer is checked against openapi.yaml.
func TestAnswersDescribeAGameBeyondTheGrid(t *testing.T) {
	ts := newTestServer(t, api.Config{}, enginetest.Bonus{})

	var mv struct {
		Move struct {
			Notation string `json:"notation"`
			Pit      int    `json:"pit"`
			Row      *int   `json:"row"`
		} `json:"move"`
		ToMove        string `json:"to_move"`
		Outcome       string `json:"outcome"`
		NextToMove    string `json:"next_to_move"`
		PositionAfter string `json:"position_after"`
	}
	r := ts.post(t, `{"game":"bonus","position":"6 o"}`)
	r.decode(t, &mv)
	// From 6 the side to move wins by taking 2 (to 4, moving again) or
	// by leaving the opponent a lost heap; minimax says which.
	wantOutcome := "loss"
	if enginetest.BonusWins(6) {
		wantOutcome = "win"
	}
	if r.status != 200 || mv.ToMove != "north" || mv.Outcome != wantOutcome || mv.Move.Row != nil ||
		mv.Move.Pit < 1 || mv.Move.Notation == "" {
		t.Fatalf("move from 6 o: %d %s", r.status, r.body)
	}
	next := "south"
	if mv.Move.Notation == "2" {
		next = "north"
	}
	if mv.NextToMove != next || mv.PositionAfter == "" {
		t.Errorf("after taking %s: next %q, position %q; want %q", mv.Move.Notation, mv.NextToMove, mv.PositionAfter, next)
	}

	var pos struct {
		Position string `json:"position"`
		ToMove   string `json:"to_move"`
		Over     bool   `json:"over"`
		Winner   string `json:"winner"`
		Reason   string `json:"reason"`
		View     struct {
			Pits   [2][]int `json:"pits"`
			Stores [2]int   `json:"stores"`
		} `json:"view"`
		LegalMoves []struct {
			Notation string `json:"notation"`
			Pit      int    `json:"pit"`
		} `json:"legal_moves"`
	}
	r = ts.do(t, "POST", "/position", "application/json", []byte(`{"game":"bonus","position":"5 x","moves":["2"]}`))
	r.decode(t, &pos)
	if pos.Position != "3 x" || pos.ToMove != "south" || pos.Over || len(pos.LegalMoves) != 3 || pos.View.Pits[0][0] != 3 {
		t.Errorf("5 x then 2 (an extra turn): %s", r.body)
	}
	pits := []int{}
	for _, m := range pos.LegalMoves {
		pits = append(pits, m.Pit)
	}
	if !slices.Equal(pits, []int{1, 2, 3}) {
		t.Errorf("legal moves' pits %v, want 1 2 3", pits)
	}
	r = ts.do(t, "POST", "/position", "application/json", []byte(`{"game":"bonus","position":"3 o","moves":["3"]}`))
	r.decode(t, &pos)
	if !pos.Over || pos.Winner != "north" || pos.Reason != "last stone" || len(pos.LegalMoves) != 0 {
		t.Errorf("north takes the last stone: %s", r.body)
	}
	r = ts.do(t, "POST", "/position", "application/json", []byte(`{"game":"bonus","position":"x 3"}`))
	var p problem
	r.decode(t, &p)
	if r.status != 422 || p.Errors[0].Location != "body.position" {
		t.Errorf("a malformed position: %d %s, want 422 at body.position", r.status, r.body)
	}
}
