package backgammon

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"movesvc/engine"
)

// The IDs below were read from gnubg 1.07 (gnubg -t): "show board" after
// the commands given.
func TestPositionIDKnown(t *testing.T) {
	start := StartBoard
	if got := PositionID(&start); got != "4HPwATDgc/ABMA" {
		t.Errorf("opening position ID = %s, gnubg's manual gives 4HPwATDgc/ABMA", got)
	}
	// "new game", "set turn 1", "set dice 3 1", "move 8/5 6/5", then gnubg
	// (o) played 24/22 13/9... and x was on roll: its board is the second
	// half of the key.
	b, err := ParsePositionID("position_id", "4PPgASSwZ/ABMA")
	if err != nil {
		t.Fatal(err)
	}
	wantX := mkBoard(map[int]int{5: 2, 6: 4, 8: 2, 13: 5, 24: 2}, nil)[0]
	if b[0] != wantX {
		t.Errorf("side on roll = %v, want x's 8/5 6/5 %v", b[0], wantX)
	}
	if b.OnBoard(1) != Checkers {
		t.Errorf("the other side has %d checkers", b.OnBoard(1))
	}
	// "set board /v8AAADgc/ABMA" showed o with 15 checkers on its 2 point
	// and x, on roll, in the opening position.
	b, err = ParsePositionID("position_id", "/v8AAADgc/ABMA")
	if err != nil {
		t.Fatal(err)
	}
	if b[0] != StartBoard[0] || b[1][1] != 15 {
		t.Errorf("board %v, want the opening position on roll against 15 on the 2 point", b)
	}
}

func TestPositionIDRoundTrip(t *testing.T) {
	r := NewRand(3)
	var g MoveGen
	b := StartBoard
	for i := 0; i < 2000; i++ {
		id := PositionID(&b)
		got, err := ParsePositionID("position_id", id)
		if err != nil || got != b {
			t.Fatalf("%s: parsed %v, %v; want %v", id, got, err, b)
		}
		d1, d2 := r.Dice()
		plays := g.Generate(&b, d1, d2)
		p := plays[r.Intn(len(plays))]
		if p.Result.OnBoard(0) == 0 {
			b = StartBoard
			continue
		}
		b = p.Result.Swapped()
	}
}

func TestParsePositionIDErrors(t *testing.T) {
	for _, tc := range []struct{ id, want string }{
		{"4HPwATDgc/AB", "14 characters"},
		{"4HPwATDgc/AB!A", "base64"},
		{idOfBits(16), "more than 15"},
		{idOfBits(15) + "", ""},
		{"4HPwATDgc/ABMB", "base64"}, // non-zero bits past the 80th: not canonical
		{"AQAAAAAAAAAAAA", ""},       // one checker on o's ace point: legal
	} {
		_, err := ParsePositionID("position_id", tc.id)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.id, err)
			}
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Field != "position_id" || !strings.Contains(pe.Message, tc.want) {
			t.Errorf("%s: error %v, want a ParseError at position_id saying %q", tc.id, err, tc.want)
		}
	}
}

func TestMatchIDKnown(t *testing.T) {
	tests := []struct {
		id   string
		want Position // Board unused
		cmd  string
	}{
		{"cAkAAAAAAAAA", Position{Turn: engine.First, Cube: Cube{Value: 1, Centered: true}, Match: Match{GameState: 1}},
			"new game, set board"},
		{"cAkGAAAAAAAA", Position{Turn: engine.First, Dice: [2]int8{4, 1}, Cube: Cube{Value: 1, Centered: true}, Match: Match{GameState: 1}},
			"new game (x rolled 41)"},
		{"MAHlAAAAAAAE", Position{Turn: engine.Second, Dice: [2]int8{2, 1}, Cube: Cube{Value: 1, Centered: true},
			Match: Match{Length: 7, GameState: 1, NoJacoby: true}}, "new match 7 (o rolled 21)"},
		{"MAEFAAAAAAAA", Position{Turn: engine.Second, Dice: [2]int8{2, 1}, Cube: Cube{Value: 1, Centered: true}, Match: Match{GameState: 1}},
			"set jacoby on, new session (o rolled 21)"},
		{"MIEFAAAAAAAE", Position{Turn: engine.Second, Dice: [2]int8{3, 1}, Cube: Cube{Value: 1, Centered: true}, Match: Match{GameState: 1, NoJacoby: true}},
			"set jacoby off, new game, set turn 0, set dice 3 1"},
		{"EgH3ADAAEAAE", Position{Turn: engine.Second, Dice: [2]int8{6, 5}, Cube: Cube{Value: 4, Owner: engine.First},
			Match: Match{Length: 7, Score: [2]int{2, 3}, GameState: 1, NoJacoby: true}}, "set score 3 2, set cube value 4, set cube owner 1, set turn 0, set dice 6 5"},
	}
	for _, tt := range tests {
		p, err := ParseIDs("position_id", "4HPwATDgc/ABMA", "match_id", tt.id)
		if err != nil {
			t.Fatalf("%s: %v", tt.id, err)
		}
		p.Board = Board{}
		if p != tt.want {
			t.Errorf("%s (%s): got %+v, want %+v", tt.id, tt.cmd, p, tt.want)
		}
		if got := MatchID(&tt.want); got != tt.id {
			t.Errorf("MatchID(%+v) = %s, want %s", tt.want, got, tt.id)
		}
	}
}

// idOfBits returns the position ID of a key of n one bits then zeros.
func idOfBits(n int) string {
	var key [10]byte
	for i := 0; i < n; i++ {
		key[i/8] |= 1 << (i % 8)
	}
	return base64.RawStdEncoding.EncodeToString(key[:])
}

// matchIDOf returns the match ID of the opening money position with field f
// set to v.
func matchIDOf(f [2]int, v int) string {
	p := NewPosition()
	id := MatchID(&p)
	raw, _ := base64.RawStdEncoding.DecodeString(id)
	var k matchKey
	copy(k[:], raw)
	for i := 0; i < f[1]; i++ {
		b := f[0] + i
		k[b/8] &^= 1 << (b % 8)
	}
	k.set(f, v)
	return base64.RawStdEncoding.EncodeToString(k[:])
}

func TestParseIDsErrors(t *testing.T) {
	long := NewPosition()
	long.Match.Length = 7
	long.Match.Score = [2]int{7, 0}
	for _, tc := range []struct{ mid, want string }{
		{"cAkAAAAAAAA", "12 characters"},
		{"cAk!AAAAAAAA", "base64"},
		{matchIDOf([2]int{67, 5}, 1), "bits set"},
		{matchIDOf(mkOwner, 2), "cube owner 2"},
		{matchIDOf(mkDie1, 3), "dice"},
		{matchIDOf(mkDie1, 7), "dice"},
		{matchIDOf(mkGameState, 5), "game state 5"},
		{matchIDOf(mkTurn, 0), "player to decide"},
		{MatchID(&long), "not below the match length"},
	} {
		_, err := ParseIDs("position_id", "4HPwATDgc/ABMA", "match_id", tc.mid)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Field != "match_id" || !strings.Contains(pe.Message, tc.want) {
			t.Errorf("%s: error %v, want a ParseError at match_id saying %q", tc.mid, err, tc.want)
		}
	}
}
