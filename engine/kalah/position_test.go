package kalah

import (
	"errors"
	"strings"
	"testing"

	"movesvc/engine"
)

// play parses text as a position of r, plays the pits (1-based) and
// returns the notation after.
func play(t *testing.T, r Rules, text string, pits ...int) string {
	t.Helper()
	p, err := ParsePosition(r, "position", text)
	if err != nil {
		t.Fatal(err)
	}
	for _, pit := range pits {
		m := engine.Move(pit - 1)
		if !p.IsLegal(m) {
			t.Fatalf("pit %d illegal in %s", pit, p)
		}
		p.Play(m)
	}
	return p.String()
}

// TestSowing checks single moves against boards worked out by hand.
func TestSowing(t *testing.T) {
	std, empty := Standard, Rules{Pits: 6, Seeds: 4, EmptyCapture: true}
	for _, c := range []struct {
		name  string
		r     Rules
		from  string
		pit   int
		after string
	}{
		{"sow along own side", std, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/x", 1, "0,5,5,5,5,4:0/4,4,4,4,4,4:0/o"},
		{"last seed in own store moves again", std, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/x", 3, "4,4,0,5,5,5:1/4,4,4,4,4,4:0/x"},
		{"into the opponent's pits", std, "4,4,4,4,4,4:0/4,4,4,4,4,4:0/x", 6, "4,4,4,4,4,0:1/5,5,5,4,4,4:0/o"},
		{"o sows its own way", std, "4,4,4,4,4,0:1/5,5,5,4,4,4:0/o", 4, "5,4,4,4,4,0:1/5,5,5,0,5,5:1/x"},
		{"capture", std, "1,0,4,4,4,4:6/4,4,4,4,5,4:0/x", 1, "0,0,4,4,4,4:12/4,4,4,4,0,4:0/o"},
		{"no capture opposite an empty pit (standard)", std, "1,0,4,4,4,4:6/4,4,4,4,0,9:0/x", 1, "0,1,4,4,4,4:6/4,4,4,4,0,9:0/o"},
		{"empty capture takes the last seed alone", empty, "1,0,4,4,4,4:6/4,4,4,4,0,9:0/x", 1, "0,0,4,4,4,4:7/4,4,4,4,0,9:0/o"},
		{"no capture in the opponent's pits", std, "0,0,0,0,1,2:0/0,4,4,4,4,4:25/x", 6, "0,0,0,0,1,0:1/1,4,4,4,4,4:25/o"},
		{"a lap skips the opponent's store", std, "0,0,0,0,0,14:0/1,1,1,1,1,1:28/x", 6, "1,1,1,1,1,1:2/2,2,2,2,2,2:28/x"},
		{"a lap ending in the emptied pit captures", std, "13,0,0,0,0,0:0/1,1,1,1,1,1:29/x", 1, "0,1,1,1,1,1:4/2,2,2,2,2,0:29/o"},
		{"emptying one's own side ends the game", std, "0,0,0,0,0,2:0/0,4,4,4,4,4:26/x", 6, "0,0,0,0,0,0:1/0,0,0,0,0,0:47/o"},
		{"an extra move that empties one's side ends it", std, "0,0,0,0,0,1:20/4,4,4,4,4,7:0/x", 6, "0,0,0,0,0,0:21/0,0,0,0,0,0:27/o"},
		{"a capture that empties one's own side ends it", std, "0,0,0,0,1,0:20/4,4,4,4,4,7:0/x", 5, "0,0,0,0,0,0:25/0,0,0,0,0,0:23/o"},
		{"a capture that empties the opponent's side ends it", std, "1,0,0,0,0,3:20/0,0,0,0,24,0:0/x", 1, "0,0,0,0,0,0:48/0,0,0,0,0,0:0/o"},
	} {
		if got := play(t, c.r, c.from, c.pit); got != c.after {
			t.Errorf("%s: %s pit %d gives %s, want %s", c.name, c.from, c.pit, got, c.after)
		}
	}
}

// TestPlayUndo plays random games and takes every move back.
func TestPlayUndo(t *testing.T) {
	rng := newRand(1)
	for g := range 200 {
		r := Rules{Pits: 1 + g%MaxPits, Seeds: 1 + g/MaxPits%MaxSeeds, EmptyCapture: g%2 == 0}
		p := NewPosition(r)
		var seen []string
		var moves []engine.Move
		for !p.Over() {
			seen = append(seen, p.String())
			legal := p.LegalMoves(nil)
			m := legal[rng.Intn(len(legal))]
			moves = append(moves, m)
			p.Play(m)
			if p.Store(engine.First)+p.Store(engine.Second)+p.OnBoard() != r.total() {
				t.Fatalf("%v: seeds not conserved: %s", r, p)
			}
		}
		if p.Outcome() == engine.OutcomeUnknown || len(p.LegalMoves(nil)) != 0 {
			t.Fatalf("%v: finished game %s has outcome %v", r, p, p.Outcome())
		}
		for k := len(moves) - 1; k >= 0; k-- {
			p.Undo(moves[k])
			if p.String() != seen[k] || p.Ply() != k {
				t.Fatalf("%v: undo %d gives %s, want %s", r, k, p, seen[k])
			}
		}
	}
}

// TestNotationRoundTrip parses what String writes, on random positions.
func TestNotationRoundTrip(t *testing.T) {
	rng := newRand(2)
	for g := range 100 {
		r := Rules{Pits: 1 + g%MaxPits, Seeds: 1 + g/MaxPits%MaxSeeds}
		p := NewPosition(r)
		for !p.Over() {
			q, err := ParsePosition(r, "position", p.String())
			if err != nil {
				t.Fatalf("%v: %s: %v", r, p, err)
			}
			if q.String() != p.String() || q.Hash() != p.Hash() {
				t.Fatalf("%v: %s parses as %s", r, p, q)
			}
			legal := p.LegalMoves(nil)
			p.Play(legal[rng.Intn(len(legal))])
		}
	}
}

// TestParsePositionRejects names the field and the reason of each error.
func TestParsePositionRejects(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", "want three fields"},
		{"4,4,4,4,4,4:0/4,4,4,4,4,4:0", "want three fields"},
		{"4,4,4,4,4,4:0/4,4,4,4,4,4:0/y", "the side to move must be x or o"},
		{"4,4,4,4,4,4/4,4,4,4,4,4:0/x", "x's side: want its pits, a colon and its store"},
		{"4,4,4,4,4:4/4,4,4,4,4,4:0/x", "x's side: has 5 pits; Kalah(6,4) has 6"},
		{"4,4,4,4,4,4:0/4,4,a,4,4,4:0/x", "o's side: pit 3: \"a\" is not a count"},
		{"4,4,4,4,4,4:0/4,4,-4,4,4,4:0/x", "o's side: pit 3: \"-4\" is not a count"},
		{"4,4,4,4,4,4:0/4,4,4,4,4,4:/x", "o's side: store: \"\" is not a count"},
		{"4,4,4,4,4,4:0/4,4,4,4,4,4:100/x", "100 seeds is more than Kalah(6,4) has (48)"},
		{"4,4,4,4,4,4:1/4,4,4,4,4,4:0/x", "holds 49 seeds; a position of Kalah(6,4) holds 48"},
		{"0,0,0,0,0,0:24/4,4,4,4,4,4:0/x", "one side's pits are empty but not the other's"},
	} {
		_, err := ParsePosition(Standard, "position", c.text)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Field != "position" || !strings.Contains(ie.Message, c.want) {
			t.Errorf("%q: got %v, want an InputError at position containing %q", c.text, err, c.want)
		}
	}
}

// TestFromMovesRejects names the move at fault.
func TestFromMovesRejects(t *testing.T) {
	for _, c := range []struct {
		moves       []string
		field, want string
	}{
		{[]string{"7"}, "moves[0]", "pit 7: Kalah(6,4) has pits 1 to 6"},
		{[]string{"0"}, "moves[0]", "pit 0: Kalah(6,4) has pits 1 to 6"},
		{[]string{"3", "x"}, "moves[1]", "\"x\" is not a pit number"},
		{[]string{"3", "3"}, "moves[1]", "pit 3 of x is empty"},
		{[]string{"3", "12"}, "moves[1]", "\"12\" is not a pit number"},
	} {
		_, err := FromMoves(Standard, c.moves)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Field != c.field || !strings.Contains(ie.Message, c.want) {
			t.Errorf("%v: got %v, want an InputError at %s containing %q", c.moves, err, c.field, c.want)
		}
	}
	p, err := FromMoves(Standard, []string{"3", "6", "1"})
	if err != nil || p.String() != "4,4,0,5,5,0:2/0,6,6,6,5,5:0/x" || p.Ply() != 3 {
		t.Fatalf("3 6 1: got %v %v", p, err)
	}
}

// TestRulesValidate rejects variants out of range, naming the option.
func TestRulesValidate(t *testing.T) {
	for _, c := range []struct {
		r     Rules
		field string
	}{{Rules{Pits: 0, Seeds: 4}, "pits"}, {Rules{Pits: 7, Seeds: 4}, "pits"}, {Rules{Pits: 6, Seeds: 0}, "seeds"}, {Rules{Pits: 6, Seeds: 7}, "seeds"}} {
		var ie *InputError
		if err := c.r.Validate(); !errors.As(err, &ie) || ie.Field != c.field {
			t.Errorf("%+v: got %v, want an error at %s", c.r, err, c.field)
		}
	}
	if err := Standard.Validate(); err != nil {
		t.Fatal(err)
	}
}
