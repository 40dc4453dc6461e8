package backgammon

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestPlaysMatchGnubg checks move generation and notation against GNU
// Backgammon's list of legal plays (testdata/gnubg_plays.txt, made by
// `go run ./cmd/bgbench plays -n 400 -seed 1`): for each position and roll,
// the same number of distinct plays, each of gnubg's parsing to a different
// play of ours, and our notation the same as gnubg's.
func TestPlaysMatchGnubg(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/gnubg_plays.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var g MoveGen
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		n++
		parts := strings.Split(line, " | ")
		head := strings.Fields(parts[0])
		b, err := ParsePositionID("position_id", head[0])
		if err != nil {
			t.Fatalf("%s: %v", head[0], err)
		}
		d1, _ := strconv.Atoi(head[1])
		d2, _ := strconv.Atoi(head[2])
		plays := g.Generate(&b, d1, d2)
		want := parts[1:]
		if len(want) == 0 {
			if len(plays) != 1 || plays[0].N != 0 {
				t.Errorf("%s %d-%d: gnubg has no play, we have %d", head[0], d1, d2, len(plays))
			}
			continue
		}
		if len(plays) != len(want) {
			t.Errorf("%s %d-%d: %d plays, gnubg %d", head[0], d1, d2, len(plays), len(want))
			continue
		}
		seen := map[int]bool{}
		for _, w := range want {
			i, err := ParsePlay("play", w, plays)
			if err != nil {
				t.Errorf("%s %d-%d: gnubg's %q: %v", head[0], d1, d2, w, err)
				continue
			}
			if seen[i] {
				t.Errorf("%s %d-%d: gnubg's %q parses to a play already seen", head[0], d1, d2, w)
			}
			seen[i] = true
			if got := FormatPlay(&plays[i]); got != w {
				t.Errorf("%s %d-%d: we write %q, gnubg %q", head[0], d1, d2, got, w)
			}
		}
	}
	if n < 400 {
		t.Fatalf("read %d positions, want 400", n)
	}
}
