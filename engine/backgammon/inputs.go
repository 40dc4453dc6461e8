package backgammon

// The network's inputs, in the style of TD-Gammon (Tesauro, "Temporal
// Difference Learning and TD-Gammon", CACM 1995): for each side, the side on
// roll first, each counted from its own side:
//
//   - per point 1-24, four units: n>=1, n>=2, n>=3, and (n-3)/2 when n>3;
//   - the bar (n/2) and the checkers borne off (n/15);
//   - three features of our own: the pip count (/200), the share of the 36
//     rolls with which the other side hits one of this side's blots, and the
//     longest run of made points (/6).
const (
	pointUnits   = 4
	sideInputs   = NumPoints*pointUnits + 5
	NumInputs    = 2 * sideInputs
	maxNonZero   = 2 * (Checkers*pointUnits + 5)
	inBar        = NumPoints * pointUnits
	inOff        = inBar + 1
	inPips       = inBar + 2
	inShots      = inBar + 3
	inPrime      = inBar + 4
	pipScale     = 1.0 / 200
	shotScale    = 1.0 / 36
	primeScale   = 1.0 / 6
	barScale     = 0.5
	offScale     = 1.0 / Checkers
	overOneScale = 0.5
)

// Inputs is a sparse input vector: the indices and values of its non-zero
// units.
type Inputs struct {
	Idx [maxNonZero]uint16
	Val [maxNonZero]float32
	N   int
}

func (in *Inputs) add(i int, v float32) {
	in.Idx[in.N] = uint16(i)
	in.Val[in.N] = v
	in.N++
}

// Encode fills in with the inputs of b, b[0] on roll.
func (in *Inputs) Encode(b *Board) {
	in.N = 0
	for s := 0; s < 2; s++ {
		base := s * sideInputs
		row := &b[s]
		for i := 0; i < NumPoints; i++ {
			n := row[i]
			if n == 0 {
				continue
			}
			u := base + i*pointUnits
			in.add(u, 1)
			if n >= 2 {
				in.add(u+1, 1)
			}
			if n >= 3 {
				in.add(u+2, 1)
			}
			if n > 3 {
				in.add(u+3, float32(n-3)*overOneScale)
			}
		}
		if row[BarIndex] > 0 {
			in.add(base+inBar, float32(row[BarIndex])*barScale)
		}
		if off := b.Off(s); off > 0 {
			in.add(base+inOff, float32(off)*offScale)
		}
		if p := b.Pips(s); p > 0 {
			in.add(base+inPips, float32(p)*pipScale)
		}
		if h := shots(b, s); h > 0 {
			in.add(base+inShots, float32(h)*shotScale)
		}
		if r := longestPrime(&b[s]); r > 0 {
			in.add(base+inPrime, float32(r)*primeScale)
		}
	}
}

// longestPrime returns the length of the longest run of consecutive points
// holding two or more of row's checkers.
func longestPrime(row *[slots]int8) int {
	best, run := 0, 0
	for i := 0; i < NumPoints; i++ {
		if row[i] >= 2 {
			run++
			if run > best {
				best = run
			}
		} else {
			run = 0
		}
	}
	return best
}

// shots returns how many of the 36 rolls let the side other than v hit at
// least one blot of side v, counting direct and combined shots whose
// intermediate points are open. It ignores that the attacker's checkers on
// the bar must enter first: it is an input feature, not a rule.
func shots(b *Board, v int) int {
	a := 1 - v
	var blots [Checkers]int8 // attacker's index of each blot of v
	nb := 0
	for i := 0; i < NumPoints; i++ {
		if b[v][i] == 1 {
			blots[nb] = int8(23 - i)
			nb++
		}
	}
	if nb == 0 {
		return 0
	}
	// dist[d] != 0: some attacker checker is d pips above a blot; its
	// from-point is remembered for the intermediate-point checks.
	var from [Checkers][8]int8
	var nf [Checkers]int
	any := false
	for k := 0; k < nb; k++ {
		t := int(blots[k])
		for j := t + 1; j <= BarIndex && nf[k] < len(from[k]); j++ {
			if b[a][j] > 0 {
				from[k][nf[k]] = int8(j)
				nf[k]++
				any = true
			}
		}
	}
	if !any {
		return 0
	}
	total := 0
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			if rollHits(b, v, d1, d2, &blots, nb, &from, &nf) {
				if d1 == d2 {
					total++
				} else {
					total += 2
				}
			}
		}
	}
	return total
}

// rollHits reports whether roll d1-d2 hits a blot of v from one of the
// attacker checkers listed for it.
func rollHits(b *Board, v, d1, d2 int, blots *[Checkers]int8, nb int, from *[Checkers][8]int8, nf *[Checkers]int) bool {
	for k := 0; k < nb; k++ {
		t := int(blots[k])
		for m := 0; m < nf[k]; m++ {
			if reaches(b, v, int(from[k][m]), t, d1, d2) {
				return true
			}
		}
	}
	return false
}

// reaches reports whether an attacker checker on attacker index j reaches
// index t with roll d1-d2, every intermediate landing point open (not made
// by v, whose index there is 23-x).
func reaches(b *Board, v, j, t, d1, d2 int) bool {
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
