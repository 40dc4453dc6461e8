package backgammon

import (
	"bytes"
	"sync"
)

// The one-sided bearoff database: for every way to have up to 15 checkers on
// the six home points (C(21,6) = 54,264 positions), the probability of
// bearing them all off in exactly n rolls, n < bearoffRolls, when each roll
// is played to bear off in the fewest rolls on average; and, for the 15,504
// positions with all 15 checkers, the probability of bearing off the first
// checker in exactly n rolls (for gammons), each roll played to do that
// soonest on average. BuildBearoff computes it (a few seconds); cmd/bgbearoff
// writes it compressed to bearoff.bin (see WriteBearoff), which the package
// embeds and reads on first use (bearoffDB): about 9 MB in memory.
const (
	bearoffRolls     = 32
	bearoffPositions = 54264 // C(21, 6)
	gammonPositions  = 15504 // C(20, 5): 15 checkers on 6 points
)

// bearoffTable is the database: dist[i] and first[j] for position rank i
// and gammon rank j.
type bearoffTable struct {
	dist  [][bearoffRolls]float32
	mean  []float32
	first [][bearoffRolls]float32
	fmean []float32
}

var (
	bearoffOnce sync.Once
	bearoffData *bearoffTable
)

// bearoffDB returns the embedded database, read on first use.
func bearoffDB() *bearoffTable {
	bearoffOnce.Do(func() {
		t, err := readBearoff(bytes.NewReader(bearoffFile))
		if err != nil {
			panic("backgammon: embedded bearoff database: " + err.Error())
		}
		bearoffData = t
	})
	return bearoffData
}

// waysTable[k][n] is the number of ways to put at most n checkers on k
// points: C(n+k, k).
var waysTable [7][Checkers + 1]int32

func init() {
	for n := 0; n <= Checkers; n++ {
		waysTable[0][n] = 1
	}
	for k := 1; k <= 6; k++ {
		for n := 0; n <= Checkers; n++ {
			s := int32(0)
			for v := 0; v <= n; v++ {
				s += waysTable[k-1][n-v]
			}
			waysTable[k][n] = s
		}
	}
}

// bearoffRank returns the database index of home points row[0..5] (at most
// 15 checkers in all).
func bearoffRank(row *[slots]int8) int {
	n := Checkers
	r := int32(0)
	for i := 0; i < 6; i++ {
		c := int(row[i])
		for v := 0; v < c; v++ {
			r += waysTable[5-i][n-v]
		}
		n -= c
	}
	return int(r)
}

// bearoffUnrank fills row[0..5] with the home points of rank r.
func bearoffUnrank(r int, row *[slots]int8) {
	n := Checkers
	for i := 0; i < 6; i++ {
		c := 0
		for int32(r) >= waysTable[5-i][n-c] {
			r -= int(waysTable[5-i][n-c])
			c++
		}
		row[i] = int8(c)
		n -= c
	}
}

// inBearoff reports whether side s's checkers are all on its home points (or
// off), so the database covers it.
func (b *Board) inBearoff(s int) bool { return b.AllHome(s) }

// BearoffTable is the one-sided bearoff database (see bearoffRolls).
type BearoffTable = bearoffTable

// BuildBearoff computes the database.
func BuildBearoff() *BearoffTable { return buildBearoff() }

// buildBearoff computes the database by dynamic programming over pip count:
// every play lowers the pips, so positions are solved in increasing order of
// pips.
func buildBearoff() *bearoffTable {
	t := &bearoffTable{
		dist: make([][bearoffRolls]float32, bearoffPositions), mean: make([]float32, bearoffPositions),
		first: make([][bearoffRolls]float32, gammonPositions), fmean: make([]float32, gammonPositions),
	}
	order := bearoffOrder()
	var g MoveGen
	for _, r := range order {
		t.solve(&g, r)
	}
	for _, r := range order {
		t.solveFirst(&g, r)
	}
	return t
}

// bearoffOrder returns every rank sorted by the pips of its position.
func bearoffOrder() []int {
	byPips := make([][]int, 6*Checkers+1)
	var row [slots]int8
	for r := 0; r < bearoffPositions; r++ {
		bearoffUnrank(r, &row)
		p := 0
		for i := 0; i < 6; i++ {
			p += int(row[i]) * (i + 1)
		}
		byPips[p] = append(byPips[p], r)
	}
	out := make([]int, 0, bearoffPositions)
	for _, rs := range byPips {
		out = append(out, rs...)
	}
	return out
}

// solve fills dist and mean of rank r from its successors.
func (t *bearoffTable) solve(g *MoveGen, r int) {
	var b Board
	bearoffUnrank(r, &b[0])
	if b.OnBoard(0) == 0 {
		t.dist[r][0] = 1
		return
	}
	var d [bearoffRolls]float32
	mean := float32(1)
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			w := rollWeight(d1, d2)
			best := -1
			for _, p := range g.Generate(&b, d1, d2) {
				s := bearoffRank(&p.Result[0])
				if best < 0 || t.mean[s] < t.mean[best] {
					best = s
				}
			}
			mean += w * t.mean[best]
			for n := 0; n < bearoffRolls-1; n++ {
				d[n+1] += w * t.dist[best][n]
			}
			d[bearoffRolls-1] += w * t.dist[best][bearoffRolls-1]
		}
	}
	t.dist[r] = d
	t.mean[r] = mean
}

// gammonRank returns the index among 15-checker positions of rank r's
// position, or -1 if it has fewer than 15 checkers.
func gammonRank(row *[slots]int8) int {
	n := 0
	for i := 0; i < 6; i++ {
		n += int(row[i])
	}
	if n != Checkers {
		return -1
	}
	// Positions of exactly 15 checkers on 6 points are those of at most 15
	// on 5 points (the 1-point takes the rest), ranked on points 2-6.
	m := Checkers
	k := int32(0)
	for i := 1; i < 6; i++ {
		c := int(row[i])
		for v := 0; v < c; v++ {
			k += waysTable[5-i][m-v]
		}
		m -= c
	}
	return int(k)
}

// solveFirst fills first and fmean of rank r if it holds 15 checkers: a roll
// that can bear a checker off ends it; otherwise the play that leaves the
// fewest expected rolls to the first checker off.
func (t *bearoffTable) solveFirst(g *MoveGen, r int) {
	var b Board
	bearoffUnrank(r, &b[0])
	j := gammonRank(&b[0])
	if j < 0 {
		return
	}
	var d [bearoffRolls]float32
	mean := float32(1)
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			w := rollWeight(d1, d2)
			best := -1
			for _, p := range g.Generate(&b, d1, d2) {
				s := gammonRank(&p.Result[0])
				if s < 0 {
					best = -2
					break
				}
				if best < 0 || t.fmean[s] < t.fmean[best] {
					best = s
				}
			}
			if best == -2 {
				d[1] += w
				continue
			}
			mean += w * t.fmean[best]
			for n := 0; n < bearoffRolls-1; n++ {
				d[n+1] += w * t.first[best][n]
			}
			d[bearoffRolls-1] += w * t.first[best][bearoffRolls-1]
		}
	}
	t.first[j] = d
	t.fmean[j] = mean
}

// rollWeight returns the probability of roll d1-d2 with d1 <= d2 among the
// 21 distinct rolls: 1/36 for doubles, 2/36 otherwise.
func rollWeight(d1, d2 int) float32 {
	if d1 == d2 {
		return 1.0 / 36
	}
	return 2.0 / 36
}

// bearoffProbs returns the outcome probabilities for b[0] on roll when both
// sides are in the database: b[0] wins if it needs no more rolls than b[1]
// (it rolls first); gammons from the first-checker-off distributions. There
// are no backgammons: the loser's checkers are all in its own home board.
func (t *bearoffTable) bearoffProbs(b *Board) Probs {
	a := &t.dist[bearoffRank(&b[0])]
	o := &t.dist[bearoffRank(&b[1])]
	var p Probs
	// oAtLeast: probability the other side needs at least n rolls.
	oAtLeast := float32(1)
	for n := 0; n < bearoffRolls; n++ {
		p[OutWin] += a[n] * oAtLeast
		oAtLeast -= o[n]
	}
	if j := gammonRank(&b[1]); j >= 0 {
		f := &t.first[j]
		atLeast := float32(1)
		for n := 0; n < bearoffRolls; n++ {
			p[OutWinGammon] += a[n] * atLeast
			atLeast -= f[n]
		}
	}
	if j := gammonRank(&b[0]); j >= 0 {
		f := &t.first[j]
		atLeast := float32(1) // b[0] needs at least n+1 rolls to its first off
		for n := 0; n < bearoffRolls; n++ {
			atLeast -= f[n]
			p[OutLoseGammon] += o[n] * atLeast
		}
	}
	p.clamp()
	return p
}
