package backgammon

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"movesvc/internal/longtest"
)

// TestStrengthAgainstGnubg plays the embedded networks at 2-ply on test
// positions and counts how often the play is gnubg's best at 2-ply
// (testdata/gnubg_best.txt: positions drawn from gnubg's own games, see
// docs/backgammon.md#against-gnu-backgammon; the best plays from bgbench
// errors' output). It guards the networks and the search against a
// regression without running gnubg: the share must stay at least
// minAgreement, a little under what was measured when the weights were
// embedded.
func TestStrengthAgainstGnubg(t *testing.T) {
	longtest.Skip(t)
	const minAgreement = 0.70
	f, err := os.Open("testdata/gnubg_best.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	table := NewTable(16 << 20)
	n, agree := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		id, best, _ := strings.Cut(line, " | ")
		pos, err := ParsePosition("position", id)
		if err != nil {
			t.Fatal(err)
		}
		var g MoveGen
		plays := pos.Plays(&g)
		want, err := ParsePlay("best", best, plays)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		r, err := Search(context.Background(), &pos, Limits{Depth: 3, Table: table})
		if err != nil {
			t.Fatal(err)
		}
		n++
		if int(r.Move) == want {
			agree++
		}
	}
	share := float64(agree) / float64(n)
	t.Logf("%d of %d plays are gnubg's best (%.1f%%)", agree, n, 100*share)
	if n < 100 || share < minAgreement {
		t.Errorf("%d of %d plays agree with gnubg, under %.0f%%", agree, n, 100*minAgreement)
	}
}
