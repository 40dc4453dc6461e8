package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/gomoku/lab"
	"movesvc/internal/race"
)

// fakeBrainEnv, when set in the environment, makes the test binary a
// Gomocup brain (fakeBrain) instead of running the tests.
const fakeBrainEnv = "GOMOKUTUNE_FAKE_BRAIN"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeBrainEnv); mode != "" {
		fakeBrain(mode)
		os.Exit(0)
	}
	race.NoExitSleep()
	race.Exit(m.Run())
}

// fakeBrain answers BOARD with Rapfi's kind of MESSAGE lines, the last
// one's Eval the number of stones times 10, negated when it is odd, or +M3
// for 9 stones, and the first free square. In mode "hasty" it misreads
// the third BOARD as Rapfi does one that comes too soon after its last
// answer: an ERROR line for each line after it. In mode "column" the Eval
// is 10 times the column (from 0) of the last stone sent when YXHASHCLEAR
// came before the BOARD, else 999 (as if from a stale hash table). It
// answers YXBOARD (a position without a search) with nothing and
// YXSHOWFORBID with the point 7,7 (h8) when the position it was given
// has four stones or more and 7,7 is free, else none.
func fakeBrain(mode string) {
	sc := bufio.NewScanner(os.Stdin)
	var stones, lastColumn int
	cleared := false
	var taken map[string]bool
	inBoard, boards, misread := false, 0, false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case misread:
			fmt.Println("ERROR Unknown command: " + line)
			misread = line != "DONE"
		case line == "BOARD" && mode == "hasty" && boards == 2:
			boards++
			misread = true
		case line == "BOARD":
			boards++
			inBoard, stones, taken = true, 0, map[string]bool{}
		case line == "YXBOARD":
			inBoard, stones, taken = true, 0, map[string]bool{}
		case inBoard && line == "DONE" && mode == "forbid":
			inBoard = false
		case line == "YXSHOWFORBID":
			if stones >= 4 && !taken["7,7"] {
				fmt.Println("FORBID 0707.")
			} else {
				fmt.Println("FORBID .")
			}
		case strings.HasPrefix(line, "START"):
			fmt.Println("OK")
		case line == "YXHASHCLEAR":
			cleared = true
			fmt.Println("MESSAGE Transposition table cleared.")
		case inBoard && line == "DONE" && mode == "column":
			inBoard = false
			eval := 10 * lastColumn
			if !cleared {
				eval = 999 // a stale score
			}
			cleared = false
			fmt.Printf("MESSAGE Depth 2-2 | Eval %d | Time 0ms\n", eval)
			fmt.Println(firstFree(taken))
		case inBoard && line == "DONE":
			inBoard = false
			eval := fmt.Sprint(stones * 10)
			if stones%2 == 1 {
				eval = "-" + eval
			}
			if stones == 9 {
				eval = "+M3"
			}
			fmt.Println("MESSAGE Depth 1-1 | Eval 5 | Time 0ms | H8")
			fmt.Printf("MESSAGE Speed 1K | Depth 2-2 | Eval %s | Node 1 | Time 0ms\n", eval)
			fmt.Println(firstFree(taken))
		case inBoard:
			parts := strings.Split(line, ",")
			taken[parts[0]+","+parts[1]] = true
			lastColumn, _ = strconv.Atoi(parts[0])
			stones++
		case line == "END":
			return
		}
	}
}

// firstFree returns the first square, in Gomocup's x,y form, not taken.
func firstFree(taken map[string]bool) string {
	for i := 0; ; i++ {
		if sq := fmt.Sprintf("%d,%d", i%15, i/15); !taken[sq] {
			return sq
		}
	}
}

// TestLabel labels the quiet positions of the sample games by the fake
// brain, which misreads one position, and checks that every quiet
// position is there once, with the brain's last score.
func TestLabel(t *testing.T) {
	skipUnderRace(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeBrainEnv, "hasty")
	out := filepath.Join(t.TempDir(), "labels.txt")
	if err := label([]string{"-brain", exe, "-depth", "3", "-out", out, "testdata/games.txt"}); err != nil {
		t.Fatal(err)
	}
	positions, err := quietPositions([]string{"testdata/games.txt"}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != len(positions) || len(lines) < 300 {
		t.Fatalf("%d labels for %d quiet positions", len(lines), len(positions))
	}
	seen := map[string]bool{}
	for i, line := range lines {
		score, rest, _ := strings.Cut(line, " ")
		move, moves, _ := strings.Cut(rest, " ")
		n := len(strings.Fields(moves))
		want := fmt.Sprint(n * 10)
		if n%2 == 1 {
			want = "-" + want
		}
		if n == 9 {
			want = "+M"
		}
		if score != want || moves != strings.Join(positions[i], " ") || seen[moves] || slices.Contains(positions[i], move) {
			t.Fatalf("label %d %q: want score %s for %q, once", i, line, want, strings.Join(positions[i], " "))
		}
		seen[moves] = true
	}
	half, err := quietPositions([]string{"testdata/games.txt"}, 0.5, 1)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(half); n < len(positions)/3 || n > 2*len(positions)/3 {
		t.Errorf("share 0.5 kept %d of %d positions", n, len(positions))
	}
}

// fitShare is the share of the sample games' quiet positions that
// TestFitTable and TestFitPolicy fit: all of them, but half under the race
// detector, which makes reading and fitting them some ten times slower.
var fitShare = race.Pick(1, 0.5)

// TestFitTable fits the default table to the quiet positions of the sample
// games labelled by another table (the hand-set pattern weights'), checks
// that the loss on the training positions falls, that a table read back
// from the Go source is the fitted one, and that the combinations with a
// five stay as they were.
func TestFitTable(t *testing.T) {
	t.Parallel()
	positions, err := quietPositions([]string{"testdata/games.txt"}, fitShare, 1)
	if err != nil {
		t.Fatal(err)
	}
	w := lab.PatternWeights()
	var s sparseSamples
	for _, moves := range positions {
		start, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: moves})
		if err != nil {
			t.Fatal(err)
		}
		st := start.(*gomoku.State)
		s.add(st, sigmoid(float64(lab.Evaluate(st, &w)), 300))
	}
	from := lab.DefaultTable()
	x := tableParams(&from)
	k := s.fitScale(x)
	before := s.loss(x, k)
	fitted := s.fit(x, cellsFree(len(x)), k, 300, 0.5, 0)
	if after := s.loss(fitted, k); after > before/2 {
		t.Errorf("loss %.5f before, %.5f after fitting", before, after)
	}
	ft := tableOf(fitted)
	for j := range lab.NumCellCombos {
		if !lab.CellComboUsed(j) && (ft[0][j] != from[0][j] || ft[1][j] != from[1][j]) {
			t.Errorf("combination %v with a five changed", lab.CellCombo(j))
		}
	}
	src := tableSource(&ft)
	_, body, ok := strings.Cut(src, "var defaultTable = CellTable{")
	var values []int32
	for _, f := range strings.Fields(body) {
		var v int32
		if _, err := fmt.Sscanf(f, "%d,", &v); err == nil {
			values = append(values, v)
		}
	}
	if !ok || len(values) != 2*lab.NumCellCombos || values[0] != ft[0][0] || values[len(values)-1] != ft[1][lab.NumCellCombos-1] {
		t.Errorf("tableSource: %d values:\n%s", len(values), src)
	}
	// The JSON form reads back.
	data := []byte(fmt.Sprintf("[[%s],[%s]]", joinInts(ft[0][:]), joinInts(ft[1][:])))
	back, err := lab.ParseTable(data)
	if err != nil || back != ft {
		t.Errorf("ParseTable: %v", err)
	}
}

func joinInts(xs []int32) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ",")
}

// TestFitPolicy fits the policy table to the quiet positions of the sample
// games, each labelled with the candidate where the opponent's patterns
// are strongest by the hand-set values (a purely defensive brain), and
// checks that the loss falls and that the fitted table picks that move
// more often than the hand-set one.
func TestFitPolicy(t *testing.T) {
	t.Parallel()
	positions, err := quietPositions([]string{"testdata/games.txt"}, fitShare, 1)
	if err != nil {
		t.Fatal(err)
	}
	hand := lab.PolicyOf()
	var c choices
	for _, moves := range positions {
		start, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: moves})
		if err != nil {
			t.Fatal(err)
		}
		st := start.(*gomoku.State)
		best, bestValue := engine.NoMove, int32(-1)
		lab.PolicyCombos(st, func(m engine.Move, mine, theirs int) {
			if v := hand[1][theirs]; v > bestValue {
				best, bestValue = m, v
			}
		})
		if best != engine.NoMove {
			c.add(st, best)
		}
	}
	if c.len() < 300 {
		t.Fatalf("only %d positions", c.len())
	}
	x := tableParams(&hand)
	temp := c.fitTemperature(x)
	before, hits := c.loss(x, temp), c.within(x, 1)
	fitted := c.fit(x, temp, 100, 5)
	if after := c.loss(fitted, temp); after > before*0.8 {
		t.Errorf("loss %.4f before, %.4f after fitting", before, after)
	}
	if got := c.within(fitted, 1); got <= hits {
		t.Errorf("the move first in %.3f of the positions after fitting, %.3f before", got, hits)
	}
	if src := policySource(&hand); !strings.Contains(src, "var defaultPolicyTable = CellTable{") {
		t.Errorf("policySource:\n%s", src)
	}
}

// TestForbid runs gomokutune forbid on sample renju games with the fake
// brain, which names h8 forbidden in every position of four stones or
// more where it is free, and checks the file it writes: each game once,
// whole, and the mark n:h8 exactly at the positions with black to move
// where the brain named it.
func TestForbid(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeBrainEnv, "forbid")
	out := filepath.Join(t.TempDir(), "forbid.txt")
	if err := forbid([]string{"-brain", exe, "-out", out, "testdata/renju_games.txt"}); err != nil {
		t.Fatal(err)
	}
	games, err := distinctGames([]string{"testdata/renju_games.txt"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(games) != 3 || len(lines) != len(games) {
		t.Fatalf("%d lines for %d games", len(lines), len(games))
	}
	for i, moves := range games {
		var want []string
		for n := 4; n < len(moves); n += 2 {
			if !slices.Contains(moves[:n], "h8") {
				want = append(want, fmt.Sprintf("%d:h8", n))
			}
		}
		if got := strings.Join(moves, " ") + " | " + strings.Join(want, " "); lines[i] != got {
			t.Errorf("game %d: %q, want %q", i, lines[i], got)
		}
	}
}
