package backgammon

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"movesvc/internal/longtest"
)

func TestBearoffRank(t *testing.T) {
	var row [slots]int8
	seen := make([]bool, gammonPositions)
	for r := 0; r < bearoffPositions; r++ {
		bearoffUnrank(r, &row)
		if got := bearoffRank(&row); got != r {
			t.Fatalf("rank(unrank(%d)) = %d", r, got)
		}
		if g := gammonRank(&row); g >= 0 {
			if seen[g] {
				t.Fatalf("gammon rank %d twice", g)
			}
			seen[g] = true
		}
	}
	for g, ok := range seen {
		if !ok {
			t.Fatalf("gammon rank %d never reached", g)
		}
	}
}

// TestBearoffKnown checks distributions worked out by hand: one checker on
// the 6 point is off in one roll unless the pips are under 6 (1-1, 1-2,
// 1-3, 1-4, 2-3: 9 of 36); two on the 6 point need a double of 3 or more.
func TestBearoffKnown(t *testing.T) {
	t.Parallel()
	db := bearoffDB()
	tests := []struct {
		pts  map[int]int
		one  float64 // probability of one roll
		mean float64 // expected rolls, when known
	}{
		{map[int]int{1: 1}, 1, 1},
		{map[int]int{1: 2}, 1, 1},
		{map[int]int{6: 1}, 27.0 / 36, 1 + 9.0/36},
		{map[int]int{6: 2}, 4.0 / 36, -1},
		{map[int]int{1: 3}, 6.0 / 36, 1 + 30.0/36},
	}
	for _, tt := range tests {
		b := mkBoard(tt.pts, nil)
		d := &db.dist[bearoffRank(&b[0])]
		if math.Abs(float64(d[1])-tt.one) > 1e-4 {
			t.Errorf("%v: P(1 roll) = %.5f, want %.5f", tt.pts, d[1], tt.one)
		}
		mean := 0.0
		for n, p := range d {
			mean += float64(n) * float64(p)
		}
		if tt.mean > 0 && math.Abs(mean-tt.mean) > 1e-3 {
			t.Errorf("%v: mean %.4f rolls, want %.4f", tt.pts, mean, tt.mean)
		}
	}
}

// TestBearoffConsistent recomputes sampled entries from their successors:
// each must be one roll plus the best successor's distribution, averaged
// over the 21 rolls.
func TestBearoffConsistent(t *testing.T) {
	db := bearoffDB()
	mean := func(d *[bearoffRolls]float32) float64 {
		m := 0.0
		for n, p := range d {
			m += float64(n) * float64(p)
		}
		return m
	}
	r := NewRand(9)
	var g MoveGen
	for k := 0; k < longtest.Pick(300, bearoffPositions); k++ {
		rank := r.Intn(bearoffPositions)
		var b Board
		bearoffUnrank(rank, &b[0])
		if b.OnBoard(0) == 0 {
			continue
		}
		var want [bearoffRolls]float64
		for d1 := 1; d1 <= 6; d1++ {
			for d2 := d1; d2 <= 6; d2++ {
				best, bestM := -1, 0.0
				for _, p := range g.Generate(&b, d1, d2) {
					s := bearoffRank(&p.Result[0])
					if m := mean(&db.dist[s]); best < 0 || m < bestM {
						best, bestM = s, m
					}
				}
				for n := 0; n+1 < bearoffRolls; n++ {
					want[n+1] += float64(rollWeight(d1, d2)) * float64(db.dist[best][n])
				}
			}
		}
		for n := range want {
			if math.Abs(want[n]-float64(db.dist[rank][n])) > 2e-3 {
				t.Fatalf("rank %d, %d rolls: %.5f, successors give %.5f", rank, n, db.dist[rank][n], want[n])
			}
		}
	}
}

// TestBearoffEmbedded checks the embedded file against a fresh build.
func TestBearoffEmbedded(t *testing.T) {
	longtest.Skip(t)
	got, want := bearoffDB(), BuildBearoff()
	for _, pair := range [][2][][bearoffRolls]float32{{got.dist, want.dist}, {got.first, want.first}} {
		for i := range pair[0] {
			for n := range pair[0][i] {
				if math.Abs(float64(pair[0][i][n]-pair[1][i][n])) > 1.0/65535 {
					t.Fatalf("entry %d, %d rolls: embedded %.6f, built %.6f", i, n, pair[0][i][n], pair[1][i][n])
				}
			}
		}
	}
}

// TestBearoffAgainstGnubg compares the races the database decides with
// gnubg's own evaluation (testdata/gnubg_bearoff.txt, written by
// `go run ./cmd/bgbench bearoff -n 200 -seed 1`). gnubg uses two-sided
// databases where they reach; ours is one-sided, so the chances differ a
// little where the sides' best plays interact.
func TestBearoffAgainstGnubg(t *testing.T) {
	f, err := os.Open("testdata/gnubg_bearoff.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db := bearoffDB()
	sc := bufio.NewScanner(f)
	n, sum, worst := 0, 0.0, 0.0
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fs := strings.Fields(sc.Text())
		b, err := ParsePositionID("position_id", fs[0])
		if err != nil {
			t.Fatal(err)
		}
		p := db.bearoffProbs(&b)
		for k, out := range []int{OutWin, OutWinGammon, OutLoseGammon} {
			want, _ := strconv.ParseFloat(fs[1+k], 64)
			d := math.Abs(float64(p[out]) - want)
			sum += d
			worst = max(worst, d)
			n++
			if d > 0.005 {
				t.Errorf("%s output %d: %.3f, gnubg %.3f", fs[0], out, p[out], want)
			}
		}
	}
	t.Logf("%d outputs: mean difference %.4f, largest %.4f", n, sum/float64(n), worst)
}
