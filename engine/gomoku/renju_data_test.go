package gomoku_test

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/internal/longtest"
)

// TestRenjuForbiddenSet checks the forbidden points of every position with
// black to move in the games of testdata/renju_forbidden.txt against those
// Rapfi reported (testdata/README.md says how the file was made): every
// tenth game in the quick run, all of them in the long one. Replaying a
// game also checks that none of its moves, Rapfi's and the engine's, is
// forbidden by the engine's reading of the rule.
func TestRenjuForbiddenSet(t *testing.T) {
	f, err := os.Open("testdata/renju_forbidden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	step := longtest.Pick(10, 1)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	var games, positions, marked int
	for line := 0; sc.Scan(); {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		line++
		if (line-1)%step != 0 {
			continue
		}
		moves, want := parseRenjuGame(t, line, text)
		games++
		st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{}, Options: map[string]any{"rule": "renju"}})
		if err != nil {
			t.Fatal(err)
		}
		for n, sq := range moves {
			if n%2 == 0 {
				positions++
				got := squares(st, st.(*gomoku.State).Forbidden())
				if len(want[n]) > 0 {
					marked++
				}
				if !slices.Equal(got, want[n]) {
					t.Errorf("game %d after %d moves (%s): forbidden %v, Rapfi %v", line, n, strings.Join(moves[:n], " "), got, want[n])
				}
			}
			m, err := st.ParseMove(sq)
			if err != nil {
				t.Fatalf("game %d, move %d %s: %v", line, n, sq, err)
			}
			st.Play(m)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if games == 0 || marked == 0 {
		t.Fatalf("%d games, %d positions with forbidden points: the set is missing", games, marked)
	}
	t.Logf("%d games, %d positions with black to move, %d with forbidden points", games, positions, marked)
}

// parseRenjuGame reads a line of the test set: the moves, "|", then for
// each position with forbidden points the number of stones and the points
// in board order ("12:h8" or "20:g7,k9").
func parseRenjuGame(t *testing.T, line int, text string) (moves []string, forbidden map[int][]string) {
	t.Helper()
	game, marks, ok := strings.Cut(text, " | ")
	if !ok {
		t.Fatalf("line %d: no \" | \"", line)
	}
	forbidden = map[int][]string{}
	for _, mark := range strings.Fields(marks) {
		n, list, ok := strings.Cut(mark, ":")
		ply, err := strconv.Atoi(n)
		if !ok || err != nil {
			t.Fatalf("line %d: bad mark %q", line, mark)
		}
		forbidden[ply] = strings.Split(list, ",")
	}
	return strings.Fields(game), forbidden
}
