package backgammon

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzParseIDs: any position ID and match ID give a position or a
// *ParseError at one of the two fields, never a panic; a position formats
// to IDs that parse back to it.
func FuzzParseIDs(f *testing.F) {
	f.Add("4HPwATDgc/ABMA", "cAkAAAAAAAAA")
	f.Add("4PPgASSwZ/ABMA", "EgH3ADAAEAAE")
	f.Add("/v8AAADgc/ABMA", "")
	f.Add("AQAAAAAAAAAAAA", "MIEFAAAAAAAE")
	f.Add("//////////////", "////////////")
	f.Fuzz(func(t *testing.T, pid, mid string) {
		p, err := ParseIDs("position_id", pid, "match_id", mid)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || (pe.Field != "position_id" && pe.Field != "match_id") || pe.Message == "" {
				t.Fatalf("error %v is not a ParseError at an ID field", err)
			}
			return
		}
		q, err := ParseIDs("position_id", PositionID(&p.Board), "match_id", MatchID(&p))
		if err != nil || q != p {
			t.Fatalf("%s:%s -> %+v; formatted and parsed again: %+v, %v", pid, mid, p, q, err)
		}
		if PositionID(&p.Board) != pid {
			t.Fatalf("position ID %s formats back as %s", pid, PositionID(&p.Board))
		}
	})
}

// FuzzJSONPosition: any JSON object gives a position or a *ParseError
// under "position", and a position's JSON gives it back.
func FuzzJSONPosition(f *testing.F) {
	open := NewPosition()
	seed, _ := json.Marshal(open.JSON())
	f.Add(string(seed))
	f.Add(`{"points":[1,-1],"bar":{"x":14,"o":14},"off":{"x":0,"o":0},"turn":"o","dice":[6,6],"cube":2,"cube_owner":"o"}`)
	f.Add(`{"points":[],"turn":"x","off":{"x":15,"o":15},"match_length":3,"score":{"x":2,"o":2}}`)
	f.Fuzz(func(t *testing.T, data string) {
		var j JSONPosition
		if json.Unmarshal([]byte(data), &j) != nil {
			return
		}
		p, err := j.Position("position")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || len(pe.Field) < len("position.") || pe.Field[:9] != "position." {
				t.Fatalf("error %v is not a ParseError under position", err)
			}
			return
		}
		if err := p.Board.Validate(); err != nil {
			t.Fatalf("accepted an invalid board: %v", err)
		}
		jj := p.JSON()
		q, err := jj.Position("position")
		if err != nil || q != p {
			t.Fatalf("round trip: %+v, %v; want %+v", q, err, p)
		}
	})
}

// FuzzParsePlay: any text against the plays of a position's roll gives a
// play or a *ParseError at the field, and a play's own notation parses to
// that play.
func FuzzParsePlay(f *testing.F) {
	f.Add("4HPwATDgc/ABMA", uint8(6), uint8(1), "13/7 8/7")
	f.Add("4HPwATDgc/ABMA", uint8(6), uint8(6), "24/18(2) 13/7(2)")
	f.Add("jM/gASGYT+GAUA", uint8(3), uint8(5), "bar/20 8/5*")
	f.Add("3uMBQQK/BQBBXA", uint8(6), uint8(6), "pass")
	f.Add("GQf5AkQbvYEIQg", uint8(5), uint8(5), "bar/20 16/11*/6 13/8")
	f.Fuzz(func(t *testing.T, pid string, d1, d2 uint8, s string) {
		b, err := ParsePositionID("position_id", pid)
		if err != nil || d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6 {
			return
		}
		var g MoveGen
		plays := g.Generate(&b, int(d1), int(d2))
		i, err := ParsePlay("play", s, plays)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Field != "play" {
				t.Fatalf("error %v is not a ParseError at play", err)
			}
		} else if i < 0 || i >= len(plays) {
			t.Fatalf("index %d of %d plays", i, len(plays))
		}
		for k := range plays {
			if j, err := ParsePlay("play", FormatPlay(&plays[k]), plays); err != nil || j != k {
				t.Fatalf("%s: play %d written %q parses to %d, %v", pid, k, FormatPlay(&plays[k]), j, err)
			}
		}
	})
}
