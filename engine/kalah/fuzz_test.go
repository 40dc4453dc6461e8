package kalah

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParsePosition feeds arbitrary notations and move lists to the
// parsers of Kalah(6,4) and Kalah(3,3): each must give an *InputError or a
// position whose notation parses back to the same position, whose seeds add
// up to the variant's, and that is over exactly when it has no move.
func FuzzParsePosition(f *testing.F) {
	for _, seed := range []string{
		"4,4,4,4,4,4:0/4,4,4,4,4,4:0/x", "0,0,0,0,0,0:24/0,0,0,0,0,0:24/o",
		"3,3,3:0/3,3,3:0/o", "1,0,4,4,4,4:6/4,4,4,4,5,4:0/x", "3 6 1 2", "4/4/x", "",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range []Rules{Standard, {Pits: 3, Seeds: 3, EmptyCapture: true}} {
			p, err := ParsePosition(r, "position", text)
			check(t, r, p, err)
			p, err = FromMoves(r, strings.Fields(text))
			check(t, r, p, err)
		}
	})
}

// check asserts the invariants of a parse result.
func check(t *testing.T, r Rules, p *Position, err error) {
	t.Helper()
	if err != nil {
		var ie *InputError
		if !errors.As(err, &ie) || ie.Field == "" || ie.Message == "" {
			t.Fatalf("%v: not an InputError: %v", r, err)
		}
		return
	}
	again, err := ParsePosition(r, "position", p.String())
	if err != nil || again.String() != p.String() || again.Hash() != p.Hash() {
		t.Fatalf("%v: %s does not round-trip: %v", r, p, err)
	}
	if p.OnBoard()+p.Store(0)+p.Store(1) != r.total() {
		t.Fatalf("%v: %s does not hold the variant's seeds", r, p)
	}
	if p.Over() != (len(p.LegalMoves(nil)) == 0) {
		t.Fatalf("%v: %s over %v with moves %v", r, p, p.Over(), p.LegalMoves(nil))
	}
}
