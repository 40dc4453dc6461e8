package chess

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// flipFEN returns fen with the colours exchanged: the board mirrored top to
// bottom, the pieces' cases and the side to move swapped, castling rights
// and the en passant square mirrored.
func flipFEN(t *testing.T, fen string) string {
	t.Helper()
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		c := swap(f[2])
		var up, low strings.Builder
		for _, r := range c {
			if r >= 'A' && r <= 'Z' {
				up.WriteRune(r)
			} else {
				low.WriteRune(r)
			}
		}
		f[2] = up.String() + low.String()
	}
	if f[3] != "-" {
		f[3] = string(f[3][0]) + string('1'+'8'-rune(f[3][1]))
	}
	return strings.Join(f, " ")
}

// TestEvaluationIsColourBlind plays random games and checks at every
// position out of check that the evaluation, from the side to move, does
// not change when the colours are exchanged: every term is counted alike
// for both sides.
func TestEvaluationIsColourBlind(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	start := func(int) (string, Variant) { return StartFEN, Standard }
	randomWalk(t, rng, 40, 120, start, func(p *Position, _ []Move) {
		if p.InCheck() {
			return
		}
		q, err := ParseFEN(flipFEN(t, p.FEN()), Standard)
		if err != nil {
			t.Fatalf("%s: flipped: %v", p.FEN(), err)
		}
		if a, b := p.Evaluate(), q.Evaluate(); a != b {
			t.Fatalf("%s evaluates %d, its colours exchanged (%s) %d", p.FEN(), a, q.FEN(), b)
		}
		checked++
	})
	if checked < 2000 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestEvaluationTerms checks the count (White's less Black's) of fit 4's
// new terms (evalextra.go, the minors' in pieceTerms, the passed pawns'
// safe way) on positions made to show each.
func TestEvaluationTerms(t *testing.T) {
	cases := []struct {
		name string
		fen  string
		term int
		want int32
	}{
		// d4-d5 would attack the knight on e6; d5 is safe.
		{"threat by push", "4k3/8/4n3/8/3P4/8/8/4K3 w - - 0 1", wThreatPush, 1},
		// the same push lands on a square the black pawn on c6 attacks.
		{"threat by push, unsafe", "4k3/8/2p1n3/8/3P4/8/8/4K3 w - - 0 1", wThreatPush, 0},
		// the double step e2-e4 would attack the knight on d5 (e4 safe; e3, which the knight attacks, is passed over).
		{"threat by double push", "4k3/8/8/3n4/8/8/4P3/K7 w - - 0 1", wThreatPush, 1},
		// the white king attacks the undefended knight on d2; Black's king attacks nothing.
		{"threat by king", "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", wThreatKing, 1},
		// the white king on g1 has no pawn on e-h; Black's on b8 has a4 on a-d.
		{"pawnless flank", "1k6/8/8/8/P7/8/8/6K1 w - - 0 1", wPawnlessFlank, 1},
		// a knight with seven own pawns, none for Black: 7-5 = 2 per knight.
		{"knight pawns", "4k3/8/8/8/8/8/PPPPPPP1/1N2K3 w - - 0 1", wKnightPawns, 2},
		// a black rook and no black pawn: -5 for Black, so +5 for White.
		{"rook pawns", "r3k3/8/8/8/8/8/8/4K3 w - - 0 1", wRookPawns, 5},
		// a knight on d3 behind the pawn on d4.
		{"minor behind pawn", "4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1", wMinorBehind, 1},
		// the knight on a1 is 4 squares from its king on e1; Black has none.
		{"king protector", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1", wKingProtect, 4},
		// the passed pawn on b6 (relative rank 5): b7 and b8 unattacked.
		{"passed safe", "7k/8/1P6/8/8/8/8/K7 w - - 0 1", wPassedSafe + 5, 1},
		// the same with a black rook on h7 attacking b7.
		{"passed unsafe", "8/7r/1P6/8/8/8/8/K6k w - - 0 1", wPassedSafe + 5, 0},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen, Standard)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var tr Trace
		EvaluateTrace(p, weights[:], &tr)
		if got := tr.Coef[c.term]; got != c.want {
			t.Errorf("%s (%s): %s counts %d, want %d", c.name, c.fen, WeightName(c.term), got, c.want)
		}
	}
}
