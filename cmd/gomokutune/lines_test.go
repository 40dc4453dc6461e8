package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/gomoku/lab"
	"movesvc/engine/grid"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// TestFitLines labels the quiet positions of the sample games by the
// default evaluation plus a line table that counts the stones of each key
// (3 for each of the player's, -2 for each of the other's), fits a line
// table from nothing on top of the default evaluation, and checks that the
// loss falls to under a third, that the fitted values order keys as the
// labelling table does, and that the table reads back from its JSON.
func TestFitLines(t *testing.T) {
	skipUnderRace(t)
	positions, err := quietPositions([]string{"testdata/games.txt"}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	truth := func(key uint16) float64 {
		var v float64
		for j := range 8 {
			switch key >> (2 * j) & 3 {
			case lab.LineOwn:
				v += 3
			case lab.LineOther:
				v -= 2
			}
		}
		return v
	}
	s := sparseSamples{lines: true}
	for _, moves := range positions {
		start, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: moves})
		if err != nil {
			t.Fatal(err)
		}
		st := start.(*gomoku.State)
		keys := [2]map[uint16]int32{{}, {}}
		lab.LineKeyCounts(st, keys)
		v := float64(st.Evaluate())
		for role, sign := range [2]float64{1, -1} {
			for k, n := range keys[role] {
				v += sign * float64(n) * truth(k)
			}
		}
		s.add(st, sigmoid(v, 300))
	}
	table := lab.DefaultTable()
	x := make([]float64, lineParams)
	copy(x, tableParams(&table))
	free := make([]bool, lineParams)
	for j := numTableParams; j < lineParams; j++ {
		free[j] = true
	}
	before := s.loss(x, 300)
	fitted := s.fit(x, free, 300, 300, 0.5, 0)
	if after := s.loss(fitted, 300); after > before/3 {
		t.Errorf("loss %.5f before, %.5f after fitting", before, after)
	}
	if !equalFloats(fitted[:numTableParams], x[:numTableParams]) {
		t.Error("the cell table moved though it was not free")
	}
	lt := linesOf(fitted)
	own := lab.LineKey([8]int{0, 0, 0, lab.LineOwn, lab.LineOwn, 0, 0, 0})
	other := lab.LineKey([8]int{0, 0, 0, lab.LineOwn, lab.LineOther, 0, 0, 0})
	if lt[0][lab.CanonLineKey(own)] <= lt[0][lab.CanonLineKey(other)] || lt[1][lab.CanonLineKey(own)] >= lt[1][lab.CanonLineKey(other)] {
		t.Errorf("fitted values: two own stones %d and %d, one own one other %d and %d",
			lt[0][lab.CanonLineKey(own)], lt[1][lab.CanonLineKey(own)], lt[0][lab.CanonLineKey(other)], lt[1][lab.CanonLineKey(other)])
	}
	data, err := json.Marshal(lt)
	if err != nil {
		t.Fatal(err)
	}
	back, err := lab.ParseLines(data)
	if err != nil || len(back[0]) != len(lt[0]) || len(back[1]) != len(lt[1]) {
		t.Errorf("ParseLines: %d and %d values (%v), want %d and %d", len(back[0]), len(back[1]), err, len(lt[0]), len(lt[1]))
	}
}

func equalFloats(a, b []float64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// TestRegret measures the engine's moves on the held-out positions of
// labels written here, against a fake brain whose score of a position is
// 10 times the column of its last stone, when its hash table was cleared
// before: each move's regret must be the difference of the winning chances
// those scores give, 0 where the engine plays the labelled move; a second
// run with the cache file must ask the brain nothing and give the same
// lines.
func TestRegret(t *testing.T) {
	skipUnderRace(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	labels := filepath.Join(dir, "labels.txt")
	var sb strings.Builder
	positions, err := quietPositions([]string{"testdata/games.txt"}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	held := 0
	for _, moves := range positions {
		if heldOutOpening(moves[:min(3, len(moves))]) {
			held++
		}
		// Label every position with a move of its own, the first in a
		// fixed order not taken, so that the engine sometimes plays it.
		fmt.Fprintf(&sb, "0 %s %s\n", firstEmpty(moves), strings.Join(moves, " "))
	}
	if held < 20 {
		t.Fatalf("only %d held-out positions", held)
	}
	if err := os.WriteFile(labels, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeBrainEnv, "column")
	cache := filepath.Join(dir, "cache.txt")
	run := func(out string) []string {
		args := []string{"-brain", exe, "-nodes", "2000", "-n", "20", "-out", out, "-cache", cache, labels}
		if err := regret(args); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimSpace(string(data)), "\n")
	}
	first := run(filepath.Join(dir, "a.txt"))
	if len(first) != 20 {
		t.Fatalf("%d lines, want 20", len(first))
	}
	for _, line := range first {
		var i int
		var mine, best string
		var reg float64
		if _, err := fmt.Sscan(line, &i, &mine, &best, &reg); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		col := func(sq string) float64 {
			_, c, err := grid.ParseSquare(sq, 15, 15)
			if err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			return float64(c)
		}
		want := (1 - sigmoid(10*col(best), 200)) - (1 - sigmoid(10*col(mine), 200))
		if math.Abs(reg-want) > 1e-4 || mine == best && reg != 0 {
			t.Errorf("line %q: regret %.4f, want %.4f", line, reg, want)
		}
	}
	t.Setenv(fakeBrainEnv, "hasty") // would score by the number of stones
	if again := run(filepath.Join(dir, "b.txt")); strings.Join(again, "\n") != strings.Join(first, "\n") {
		t.Errorf("with the cache:\n%s\nwithout:\n%s", strings.Join(again, "\n"), strings.Join(first, "\n"))
	}
}

// firstEmpty returns the first square from a1 along the rows that moves
// do not take.
func firstEmpty(moves []string) string {
	for i := 0; ; i++ {
		sq := grid.FormatSquare(14-i/15, i%15, 15)
		if !strings.Contains(" "+strings.Join(moves, " ")+" ", " "+sq+" ") {
			return sq
		}
	}
}

// skipUnderRace skips a single-threaded fit or labelling over the sample
// games in the quick run under the race detector, which makes it some ten
// times slower and has no goroutines to check there; the plain and long
// runs run it.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if race.Enabled && !longtest.Enabled() {
		t.Skip("a single-threaded fit over the sample games, not a race check: the plain and long runs run it")
	}
}
