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
