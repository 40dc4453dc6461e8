package backgammon

import "math/bits"

// The network's inputs, in the style of TD-Gammon (Tesauro, "Temporal
// Difference Learning and TD-Gammon", CACM 1995): for each side, the side on
// roll first, each counted from its own side:
//
//   - per point 1-24, four units: n>=1, n>=2, n>=3, and (n-3)/2 when n>3;
//   - the bar (n/2) and the checkers borne off (n/15);
//   - three features of our own: the pip count (/200), the share of the 36
//     rolls with which the other side hits one of this side's blots, and the
//     longest run of made points (/6).
//
// Networks of NumInputs (version 2) have two more inputs after those
// NumInputsV1: for each side, the share of the rolls with which its
// rearmost checker escapes the points the other side holds in front of it
// (escapes). A network reads the inputs below its Inputs only, and a
// version 1 network grown to version 2 (Net.Grow) evaluates as before.
const (
	pointUnits   = 4
	sideInputs   = NumPoints*pointUnits + 5
	NumInputsV1  = 2 * sideInputs
	NumInputs    = NumInputsV1 + 2
	inEscape     = NumInputsV1 // + side
	maxNonZero   = 2*(Checkers*pointUnits+5) + 2
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

// Encode fills in with all NumInputs inputs of b, b[0] on roll.
func (in *Inputs) Encode(b *Board) { in.EncodeFor(b, NumInputs) }

// EncodeFor fills in with the first n inputs of b, b[0] on roll: those a
// network of n inputs reads.
func (in *Inputs) EncodeFor(b *Board, n int) {
	in.encodeV1(b)
	if n > NumInputsV1 {
		for s := 0; s < 2; s++ {
			in.add(inEscape+s, float32(escapes(b, s))*shotScale)
		}
	}
}

// encodeV1 fills in with the version 1 inputs of b.
func (in *Inputs) encodeV1(b *Board) {
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
// intermediate points are open, from the eight attacker points nearest
// above each blot. It ignores that the attacker's checkers on the bar must
// enter first: it is an input feature, not a rule.
func shots(b *Board, v int) int {
	a := 1 - v
	var mask uint32 // rolls (shotRolls order) that hit
	for i := 0; i < NumPoints; i++ {
		if b[v][i] != 1 {
			continue
		}
		t := 23 - i // the blot, as the attacker counts
		n := 0
		for j := t + 1; j <= BarIndex && n < 8; j++ {
			if b[a][j] == 0 {
				continue
			}
			n++
			for _, s := range shotTable[j-t] {
				if mask&(1<<s.roll) == 0 && s.open(b, v, j) {
					mask |= 1 << s.roll
				}
			}
		}
	}
	return bits.OnesCount32(mask&doubleRolls) + 2*bits.OnesCount32(mask&^doubleRolls)
}

// shot is one way a roll covers a distance: directly with one die (k = 0),
// with both dice of a non-double (k = 1, landing first on j-d1 or j-d2),
// or with k steps of a double (each landing point open).
type shot struct {
	roll   uint8 // index among the 21 rolls
	d1, d2 int8
	k      int8
}

// open reports whether the way s is open for an attacker checker on j.
func (s shot) open(b *Board, v, j int) bool {
	free := func(x int) bool { return b[v][23-x] < 2 }
	switch {
	case s.k == 0:
		return true
	case s.d1 != s.d2:
		return free(j-int(s.d1)) || free(j-int(s.d2))
	}
	for m := 1; m < int(s.k); m++ {
		if !free(j - m*int(s.d1)) {
			return false
		}
	}
	return true
}

// shotTable lists, for each distance 1-24, the ways the 21 rolls cover it;
// doubleRolls marks the doubles among the rolls.
var (
	shotTable   [25][]shot
	doubleRolls uint32
)

func init() {
	r := uint8(0)
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			if d1 == d2 {
				doubleRolls |= 1 << r
				shotTable[d1] = append(shotTable[d1], shot{roll: r, d1: int8(d1), d2: int8(d1)})
				for k := 2; k <= 4; k++ {
					shotTable[k*d1] = append(shotTable[k*d1], shot{roll: r, d1: int8(d1), d2: int8(d1), k: int8(k)})
				}
			} else {
				shotTable[d1] = append(shotTable[d1], shot{roll: r, d1: int8(d1), d2: int8(d2)})
				shotTable[d2] = append(shotTable[d2], shot{roll: r, d1: int8(d1), d2: int8(d2)})
				shotTable[d1+d2] = append(shotTable[d1+d2], shot{roll: r, d1: int8(d1), d2: int8(d2), k: 1})
			}
			r++
		}
	}
}

// escapeWindow is how far in front of a checker the other side's points
// count as blocking it.
const escapeWindow = 12

// escapes returns how many of the 36 rolls carry side s's rearmost checker
// (the bar included) past every point the other side holds within
// escapeWindow pips in front of it, each landing on the way open: 36 when
// no such point blocks it. Like shots, it is an input, not a rule.
func escapes(b *Board, s int) int {
	o := 1 - s
	p := b.backIndex(s)
	if p < 0 {
		return 36
	}
	low := -1 // the blocking point nearest the home board
	for q := p - 1; q >= max(p-escapeWindow, 0); q-- {
		if b[o][23-q] >= 2 {
			low = q
		}
	}
	if low < 0 {
		return 36
	}
	blocked := func(q int) bool { return q >= 0 && b[o][23-q] >= 2 }
	total := 0
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			if escapesWith(p, low, d1, d2, blocked) {
				total += int(36 * rollWeight(d1, d2))
			}
		}
	}
	return total
}

// escapesWith reports whether a checker on p gets below low with roll
// d1-d2, stopping only on open points.
func escapesWith(p, low, d1, d2 int, blocked func(int) bool) bool {
	steps := 2
	if d1 == d2 {
		steps = 4
	}
	for _, first := range [2]int{d1, d2} {
		at := p
		for k := 0; k < steps; k++ {
			d := first
			if k%2 == 1 && d1 != d2 {
				d = d1 + d2 - first
			}
			at -= d
			if blocked(at) {
				break
			}
			if at < low {
				return true
			}
		}
	}
	return false
}
