package backgammon

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"movesvc/engine"
)

func TestJSONOpening(t *testing.T) {
	p := NewPosition()
	j := p.JSON()
	want := [NumPoints]int{0: -2, 5: 5, 7: 3, 11: -5, 12: 5, 16: -3, 18: -5, 23: 2}
	if j.Points != want || j.Turn != "x" || j.Cube != 1 || j.CubeOwner != "" || len(j.Dice) != 0 {
		t.Errorf("opening position as JSON: %+v", j)
	}
	if j.Off != (PlayerCounts{}) || j.Bar != (PlayerCounts{}) {
		t.Errorf("opening bar %+v, off %+v", j.Bar, j.Off)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r := NewRand(5)
	var g MoveGen
	p := NewPosition()
	p.Match = Match{Length: 9, Score: [2]int{4, 7}, Crawford: true, GameState: 1}
	p.Cube = Cube{Value: 8, Owner: engine.Second}
	for i := 0; i < 1000; i++ {
		d1, d2 := r.Dice()
		p.Dice = [2]int8{int8(d1), int8(d2)}
		j := p.JSON()
		data, err := json.Marshal(j)
		if err != nil {
			t.Fatal(err)
		}
		var back JSONPosition
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		q, err := back.Position("position")
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if q != p {
			t.Fatalf("%s: round trip gave %+v, want %+v", data, q, p)
		}
		plays := p.Plays(&g)
		next := p.PlayTo(&plays[r.Intn(len(plays))])
		if next.Over() {
			next = NewPosition()
			next.Match, next.Cube = p.Match, p.Cube
		}
		p = next
	}
}

func TestJSONErrors(t *testing.T) {
	ok := func() JSONPosition { p := NewPosition(); return p.JSON() }
	tests := []struct {
		edit  func(*JSONPosition)
		field string
	}{
		{func(j *JSONPosition) { j.Turn = "y" }, "position.turn"},
		{func(j *JSONPosition) { j.Points[3] = 16 }, "position.points[3]"},
		{func(j *JSONPosition) { j.Points[3] = 1 }, "position.off.x"},
		{func(j *JSONPosition) { j.Points[3] = -1 }, "position.off.o"},
		{func(j *JSONPosition) { j.Bar.O = -1 }, "position.bar.o"},
		{func(j *JSONPosition) { j.Dice = []int{7, 1} }, "position.dice"},
		{func(j *JSONPosition) { j.Dice = []int{3} }, "position.dice"},
		{func(j *JSONPosition) { j.Cube = 3 }, "position.cube"},
		{func(j *JSONPosition) { j.CubeOwner = "z" }, "position.cube_owner"},
		{func(j *JSONPosition) { j.MatchLength = -1 }, "position.match_length"},
		{func(j *JSONPosition) { j.MatchLength = 5; j.Score.O = 5 }, "position.score.o"},
	}
	for i, tt := range tests {
		j := ok()
		tt.edit(&j)
		_, err := j.Position("position")
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Field != tt.field || pe.Message == "" {
			t.Errorf("case %d: error %v, want a ParseError at %s", i, err, tt.field)
		}
	}
	j := ok()
	j.Points[0], j.Points[1] = 0, -2 // o's 24 point to its 23: still 15 each
	if _, err := j.Position("position"); err != nil {
		t.Errorf("a legal edit: %v", err)
	}
	if !strings.Contains(ok().Turn, "x") {
		t.Error("x is on roll at the start")
	}
}
