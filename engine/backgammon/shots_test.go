package backgammon

import "testing"

// shotsReference is the first, roll-by-roll implementation of shots, kept
// to check the table-driven one gives the networks the same input.
func shotsReference(b *Board, v int) int {
	a := 1 - v
	var blots [Checkers]int8
	nb := 0
	for i := 0; i < NumPoints; i++ {
		if b[v][i] == 1 {
			blots[nb] = int8(23 - i)
			nb++
		}
	}
	var from [Checkers][8]int8
	var nf [Checkers]int
	for k := 0; k < nb; k++ {
		t := int(blots[k])
		for j := t + 1; j <= BarIndex && nf[k] < len(from[k]); j++ {
			if b[a][j] > 0 {
				from[k][nf[k]] = int8(j)
				nf[k]++
			}
		}
	}
	total := 0
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			hit := false
			for k := 0; k < nb && !hit; k++ {
				for m := 0; m < nf[k] && !hit; m++ {
					hit = reachesReference(b, v, int(from[k][m]), int(blots[k]), d1, d2)
				}
			}
			if hit && d1 == d2 {
				total++
			} else if hit {
				total += 2
			}
		}
	}
	return total
}

func reachesReference(b *Board, v, j, t, d1, d2 int) bool {
	dist := j - t
	if d1 == d2 {
		for k := 1; k <= 4; k++ {
			p := j - k*d1
			if p == t {
				return true
			}
			if p < t || b[v][23-p] >= 2 {
				return false
			}
		}
		return false
	}
	if dist == d1 || dist == d2 {
		return true
	}
	if dist == d1+d2 {
		return b[v][23-(j-d1)] < 2 || b[v][23-(j-d2)] < 2
	}
	return false
}

func TestShotsMatchesReference(t *testing.T) {
	t.Parallel()
	r := NewRand(21)
	var g MoveGen
	b := StartBoard
	for i := 0; i < 5000; i++ {
		for s := 0; s < 2; s++ {
			if got, want := shots(&b, s), shotsReference(&b, s); got != want {
				t.Fatalf("%s side %d: %d shots, reference %d", PositionID(&b), s, got, want)
			}
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

// TestEscapes checks escapes on positions counted by hand.
func TestEscapes(t *testing.T) {
	// Nothing in front: every roll.
	free := mkBoard(map[int]int{24: 1}, map[int]int{24: 1})
	if got := escapes(&free, 0); got != 36 {
		t.Errorf("no blocking point: %d escapes, want 36", got)
	}
	// One point held six pips in front of a checker on the 24 point:
	// non-doubles of 7 pips or more (9 of 15, either order) and 4-4, 5-5.
	one := mkBoard(map[int]int{24: 1}, map[int]int{7: 2})
	if got := escapes(&one, 0); got != 20 {
		t.Errorf("one point six pips ahead: %d escapes, want 20", got)
	}
	// On the bar against a closed home board: none.
	closed := mkBoard(map[int]int{25: 1}, map[int]int{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
	if got := escapes(&closed, 0); got != 0 {
		t.Errorf("closed board: %d escapes, want 0", got)
	}
	// Grown networks evaluate as the networks they grew from.
	n := NewNet(NumInputsV1, 8, 5, 0.3)
	g := n.Grow(NumInputs)
	var a, b Inputs
	p := StartBoard
	a.EncodeFor(&p, n.Inputs)
	b.EncodeFor(&p, g.Inputs)
	if x, y := n.Forward(&a, n.NewActivations()), g.Forward(&b, g.NewActivations()); x != y {
		t.Errorf("grown network: %v, original %v", y, x)
	}
}
