package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"movesvc/engine/gomoku"
	"movesvc/engine/gomoku/lab"
)

func TestParseGame(t *testing.T) {
	for _, c := range []struct {
		line           string
		winner         int
		moves, opening int
	}{
		{"x=a o=b a wins after 7 moves: h8 i9 j7 | a1 b2 c3 d4", 0, 7, 3},
		{"x=b o=a a wins after 4 moves: h8 i9 j7 | a1", 1, 4, 3},
		{"x=b o=a b wins after 4 moves: h8 | i9 j7 a1", 0, 4, 1},
		{"x=a o=b draw after 3 moves: h8 i9 j7 | ", -1, 3, 3},
	} {
		g, err := parseGame(c.line)
		if err != nil || g.winner != c.winner || len(g.moves) != c.moves || g.opening != c.opening {
			t.Errorf("parseGame(%q) = %+v, %v; want winner %d, %d moves, %d of the opening", c.line, g, err, c.winner, c.moves, c.opening)
		}
	}
	for _, bad := range []string{"x=a", "x=a o=b a loses after 3 moves: h8", "x=a o=b a wins after 3 moves"} {
		if _, err := parseGame(bad); err == nil {
			t.Errorf("parseGame(%q) accepted", bad)
		}
	}
}

// readSamples reads testdata/games.txt, 30 games of the arena's output.
func readSamples(t *testing.T) *samples {
	t.Helper()
	f, err := os.Open("testdata/games.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	var s samples
	if err := readGames(f, s.add); err != nil {
		t.Fatal(err)
	}
	return &s
}

// TestLabels checks that positions are labelled from the side to move's
// view: in a game x wins, the last quiet position with x to move is a win.
func TestLabels(t *testing.T) {
	var s samples
	g := game{moves: strings.Fields("h8 a1 h9 a2 h10 a3 h11 b1 h12"), winner: 0}
	if err := s.add(g); err != nil {
		t.Fatal(err)
	}
	// Quiet: the empty board (x), after h8 (o), after a1 (x), after h9
	// (o), after a2 (x), after h10 (o: x's open three). With x to move
	// after a3 (it has an open four to make) and later it is not.
	want := []float64{1, 0, 1, 0, 1, 0}
	if len(s.results) != len(want) {
		t.Fatalf("%d quiet positions %v, want %d", len(s.results), s.results, len(want))
	}
	for i := range want {
		if s.results[i] != want[i] {
			t.Errorf("position %d labelled %v, want %v", i, s.results[i], want[i])
		}
	}
}

// TestFitLowersLoss fits weights to the sample games from the default
// weights, two unused ones set, and checks that the loss falls, the unused
// weights stay, and the Go table has a line a weight.
func TestFitLowersLoss(t *testing.T) {
	t.Parallel()
	s := readSamples(t)
	if s.len() < 300 {
		t.Fatalf("only %d positions", s.len())
	}
	w := lab.DefaultWeights()
	w[0], w[perSide-1] = 7, 9 // unused: must stay as they are
	k := s.fitScale(w)
	before := s.loss(w, k)
	fitted := s.fit(w, k, 200, 0.5)
	after := s.loss(fitted, k)
	if after >= before-0.005 {
		t.Errorf("loss %.5f before, %.5f after fitting", before, after)
	}
	if fitted[0] != 7 || fitted[perSide-1] != 9 {
		t.Errorf("unused weights changed: %d, %d", fitted[0], fitted[perSide-1])
	}
	src := goSource(fitted)
	if n := strings.Count(src, "\n"); n != gomoku.NumFeatures+4 {
		t.Errorf("goSource: %d lines, want %d", n, gomoku.NumFeatures+4)
	}
}

// TestHeldOutByOpening checks that the games of one opening are held out
// together whatever their moves after it, and that about a tenth of the
// openings are.
func TestHeldOutByOpening(t *testing.T) {
	f, err := os.Open("testdata/games.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	byOpening := map[string]bool{}
	err = readGames(f, func(g game) error {
		if g.opening != 3 {
			t.Fatalf("opening of %d moves, want the arena's 3", g.opening)
		}
		opening := strings.Join(g.moves[:g.opening], " ")
		held := heldOut(g)
		if h, ok := byOpening[opening]; ok && h != held {
			t.Errorf("opening %s: one game held out, the other not", opening)
		}
		byOpening[opening] = held
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(byOpening) < 10 {
		t.Fatalf("only %d openings in the sample", len(byOpening))
	}
	n := 0
	for row := range 10 {
		for col := range 10 {
			for third := range 10 {
				g := game{moves: []string{fmt.Sprintf("%c%d", 'a'+col, row+1), "h8", fmt.Sprintf("%c%d", 'a'+third, 15), "i9"}, opening: 3}
				if heldOut(g) {
					n++
				}
			}
		}
	}
	if n < 60 || n > 140 {
		t.Errorf("%d of 1000 openings held out, want about 100", n)
	}
}
