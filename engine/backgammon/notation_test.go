package backgammon

import (
	"errors"
	"strings"
	"testing"
)

func TestParsePlayVariants(t *testing.T) {
	start := StartBoard
	var g MoveGen
	plays := g.Generate(&start, 6, 1)
	want, err := ParsePlay("play", "13/7 8/7", plays)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"13/7 8/7", "8/7 13/7", "13/7,8/7", "13-7 8-7", " 13/7  8/7 ", "13/7, 8/7"} {
		if got, err := ParsePlay("play", s, plays); err != nil || got != want {
			t.Errorf("%q: %d, %v; want play %d", s, got, err, want)
		}
	}
	if got, err := ParsePlay("play", "13/6", plays); err != nil || FormatPlay(&plays[got]) != "13/6" {
		t.Errorf("13/6: %v", err)
	}
	if got, err := ParsePlay("play", "13/7/6", plays); err != nil || FormatPlay(&plays[got]) != "13/6" {
		t.Errorf("13/7/6: %v", err)
	}
	if got, err := ParsePlay("play", "13/7 7/6", plays); err != nil || FormatPlay(&plays[got]) != "13/6" {
		t.Errorf("13/7 7/6: %v", err)
	}

	plays = g.Generate(&start, 6, 6)
	for _, s := range []string{"24/18(2) 13/7(2)", "24/18 24/18 13/7 13/7", "13/7(2) 24/18(2)", "24/18*(2) 13/7(2)"} {
		if got, err := ParsePlay("play", s, plays); err != nil || FormatPlay(&plays[got]) != "24/18(2) 13/7(2)" {
			t.Errorf("%q: %v", s, err)
		}
	}

	bar := mkBoard(map[int]int{25: 1, 13: 14}, map[int]int{6: 1, 1: 14})
	plays = g.Generate(&bar, 6, 3)
	for _, s := range []string{"bar/22 13/7", "b/22 13/7", "25/22 13/7", "BAR/22 13/7"} {
		if got, err := ParsePlay("play", s, plays); err != nil || FormatPlay(&plays[got]) != "bar/22 13/7" {
			t.Errorf("%q: %v", s, err)
		}
	}
	if got, err := ParsePlay("play", "bar/19* 13/10", plays); err != nil || FormatPlay(&plays[got]) != "bar/19* 13/10" {
		t.Errorf("bar/19* 13/10: %v", err)
	}

	home := mkBoard(map[int]int{6: 2, 5: 1}, map[int]int{1: 15})
	plays = g.Generate(&home, 6, 5)
	for _, s := range []string{"6/off 5/off", "6/0 5/0", "6/o 5/o", "5/off 6/off"} {
		if got, err := ParsePlay("play", s, plays); err != nil || FormatPlay(&plays[got]) != "6/off 5/off" {
			t.Errorf("%q: %v", s, err)
		}
	}

	closed := mkBoard(map[int]int{25: 1, 6: 14}, map[int]int{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
	plays = g.Generate(&closed, 6, 5)
	for _, s := range []string{"pass", "", "-", "Cannot move"} {
		if got, err := ParsePlay("play", s, plays); err != nil || got != 0 {
			t.Errorf("%q on a closed board: %v", s, err)
		}
	}
}

// TestParsePlayHits: two plays that move the same checker through
// different points, one hitting on the way, are told apart by the star.
func TestParsePlayHits(t *testing.T) {
	b := mkBoard(map[int]int{24: 1, 6: 14}, map[int]int{7: 1, 1: 14}) // o's 7 is x's 18
	var g MoveGen
	plays := g.Generate(&b, 6, 5)
	hit, err := ParsePlay("play", "24/18*/13", plays)
	if err != nil {
		t.Fatal(err)
	}
	quiet, err := ParsePlay("play", "24/13", plays)
	if err != nil {
		t.Fatal(err)
	}
	if hit == quiet || plays[hit].Hits == 0 || plays[quiet].Hits != 0 {
		t.Errorf("24/18*/13 -> %s, 24/13 -> %s", FormatPlay(&plays[hit]), FormatPlay(&plays[quiet]))
	}
}

func TestParsePlayErrors(t *testing.T) {
	start := StartBoard
	var g MoveGen
	plays := g.Generate(&start, 6, 1)
	for _, tc := range []struct{ s, want string }{
		{"13/5", "not a legal play"},
		{"7/13", "backwards"},
		{"13", "not a path"},
		{"13/x", "not a point"},
		{"13/26", "not a point"},
		{"13/7(9) 8/7", "count"},
		{"13/7(2", "count"},
		{"*13/7 8/7", "not a point"},
		{"pass", "not a legal play"},
	} {
		_, err := ParsePlay("moves[2]", tc.s, plays)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Field != "moves[2]" || !strings.Contains(pe.Message, tc.want) {
			t.Errorf("%q: error %v, want a ParseError at moves[2] saying %q", tc.s, err, tc.want)
		}
	}
}
