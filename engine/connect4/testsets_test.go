package connect4

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// testPosition is one line of a public test set: a move sequence and the
// exact score of the position it reaches.
type testPosition struct {
	moves string
	score int
}

// testSets names the public test sets in testdata, easiest first.
var testSets = []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"}

// loadTestSet reads testdata/<name>.
func loadTestSet(t testing.TB, name string) []testPosition {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	var out []testPosition
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 {
			t.Fatalf("%s: bad line %q", name, sc.Text())
		}
		score, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatalf("%s: bad score in %q", name, sc.Text())
		}
		out = append(out, testPosition{moves: fields[0], score: score})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// position plays a test set's move sequence.
func (tp testPosition) position(t testing.TB) Position {
	t.Helper()
	var p Position
	for i, ch := range tp.moves {
		c := int(ch - '1')
		if c < 0 || c >= Width || !p.CanPlay(c) || p.IsWinningMove(c) {
			t.Fatalf("%s: move %d (%c) is not playable", tp.moves, i, ch)
		}
		p.Play(c)
	}
	return p
}

// pastBook returns the first position of a test set the default book does
// not answer, so that a test of a hard solve stays hard as the book grows.
func pastBook(t testing.TB, name string) testPosition {
	t.Helper()
	for _, tp := range loadTestSet(t, name) {
		if _, ok := DefaultBook().Lookup(tp.position(t)); !ok && len(tp.moves) > DefaultBook().Complete() {
			return tp
		}
	}
	t.Fatalf("%s: every position is in the book", name)
	return testPosition{}
}
