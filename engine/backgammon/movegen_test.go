package backgammon

import (
	"slices"
	"strings"
	"testing"

	"movesvc/internal/longtest"
)

// mkBoard builds a board from checker counts by point number (1-24, 25 the
// bar) for the side on roll and for the other side, each numbered from its
// own side; checkers not placed are borne off.
func mkBoard(me, opp map[int]int) Board {
	var b Board
	for s, m := range []map[int]int{me, opp} {
		for p, n := range m {
			b[s][p-1] = int8(n)
		}
	}
	return b
}

// playNotes returns the notations of the legal plays of d1-d2 in b, sorted.
func playNotes(b Board, d1, d2 int) []string {
	var g MoveGen
	var out []string
	for _, p := range g.Generate(&b, d1, d2) {
		out = append(out, FormatPlay(&p))
	}
	slices.Sort(out)
	return out
}

func TestRules(t *testing.T) {
	// Opponent points are numbered from the opponent's side: its point p
	// is the mover's point 25-p.
	tests := []struct {
		name   string
		b      Board
		d1, d2 int
		want   string // the plays, sorted, joined by " | "
	}{
		{"either die alone, not both: the larger",
			mkBoard(map[int]int{13: 1, 1: 14}, map[int]int{23: 2}), 6, 5, "13/7"},
		{"only the smaller die can be played",
			mkBoard(map[int]int{13: 1, 1: 14}, map[int]int{23: 2, 18: 2}), 6, 5, "13/8"},
		{"both dice if possible, in the only order that allows it",
			mkBoard(map[int]int{10: 1}, map[int]int{21: 2}), 6, 2, "10/2"},
		{"no legal play: on the bar against a closed board",
			mkBoard(map[int]int{25: 1, 6: 14}, map[int]int{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}), 6, 5, PassNotation},
		{"entry blocked for one die: enter with the other first",
			mkBoard(map[int]int{25: 1, 6: 14}, map[int]int{5: 2}), 5, 3, "bar/17 | bar/22 6/1"},
		{"two on the bar, one die blocked: enter one, the other die is lost",
			mkBoard(map[int]int{25: 2, 6: 13}, map[int]int{5: 2}), 5, 3, "bar/22"},
		{"bear off with a higher die from the highest point",
			mkBoard(map[int]int{3: 1, 2: 1}, map[int]int{1: 15}), 6, 5, "3/off 2/off"},
		// 6/2 2/off leaves the same position as 6/off: one play.
		{"no higher-die bear-off while a higher point is held",
			mkBoard(map[int]int{6: 1, 2: 1}, map[int]int{1: 15}), 5, 4, "6/1 2/off | 6/off"},
		// 7/5 1/off would leave a die that 5/4 can use.
		{"exact bear-off needs every checker home",
			mkBoard(map[int]int{7: 1, 1: 1}, map[int]int{1: 15}), 1, 1, "7/3 | 7/4 1/off"},
		{"doubles: four steps",
			mkBoard(map[int]int{24: 1}, map[int]int{20: 15}), 3, 3, "24/12"},
		{"doubles, blocked after one step",
			mkBoard(map[int]int{24: 1}, map[int]int{13: 2, 12: 13}), 6, 6, "24/18"},
		{"a hit, then bear-off once home", mkBoard(map[int]int{13: 1}, map[int]int{18: 1, 19: 2}), 6, 6, "13/7*/off"},
	}
	for _, tt := range tests {
		if err := tt.b.Validate(); err != nil {
			t.Fatalf("%s: bad test board: %v", tt.name, err)
		}
		got := strings.Join(playNotes(tt.b, tt.d1, tt.d2), " | ")
		if got != tt.want {
			t.Errorf("%s (%d-%d):\n got %s\nwant %s", tt.name, tt.d1, tt.d2, got, tt.want)
		}
	}
}

func TestHitSendsToBar(t *testing.T) {
	b := mkBoard(map[int]int{13: 2}, map[int]int{18: 1, 1: 14})
	var g MoveGen
	for _, p := range g.Generate(&b, 6, 1) {
		hit := p.Hits != 0
		if hit != (p.Result[1][BarIndex] == 1 && p.Result[1][17] == 0) {
			t.Errorf("%s: Hits %b but the other side has %d on the bar, %d on its 18 point",
				FormatPlay(&p), p.Hits, p.Result[1][BarIndex], p.Result[1][17])
		}
		if hit != strings.Contains(FormatPlay(&p), "7*") {
			t.Errorf("%s: the notation does not say the hit on the 7 point", FormatPlay(&p))
		}
	}
}

// TestRandomGamesInvariants plays random games and checks every play: the
// checkers are conserved, the steps replayed on the board give the result,
// results are distinct, and every play uses as many dice as any.
func TestRandomGamesInvariants(t *testing.T) {
	t.Parallel()
	r := NewRand(11)
	var g MoveGen
	for game := 0; game < longtest.Pick(20, 500); game++ {
		b := StartBoard
		for ply := 0; ; ply++ {
			d1, d2 := r.Dice()
			plays := g.Generate(&b, d1, d2)
			seen := map[Board]bool{}
			for i := range plays {
				p := &plays[i]
				checkPlay(t, &b, p, d1, d2)
				if seen[p.Result] {
					t.Fatalf("duplicate result %v", p.Result)
				}
				seen[p.Result] = true
				if p.N != plays[0].N {
					t.Fatalf("plays of %d and %d steps for one roll", p.N, plays[0].N)
				}
			}
			p := plays[r.Intn(len(plays))]
			if p.Result.OnBoard(0) == 0 {
				break
			}
			b = p.Result.Swapped()
		}
	}
}

// checkPlay replays p's steps on b and checks each step is one die's move
// and that the board becomes p.Result.
func checkPlay(t *testing.T, b *Board, p *Play, d1, d2 int) {
	t.Helper()
	c := *b
	dice := []int{d1, d2}
	if d1 == d2 {
		dice = []int{d1, d1, d1, d1}
	}
	for k := 0; k < int(p.N); k++ {
		s := p.Steps[k]
		if c[0][s.From] == 0 {
			t.Fatalf("step %v from an empty point", s)
		}
		dist := int(s.From) + 1
		if s.To != Off {
			dist = int(s.From - s.To)
		}
		used := -1
		for i, d := range dice {
			if d == dist || (s.To == Off && d > dist) {
				used = i
				break
			}
		}
		if used < 0 {
			t.Fatalf("step %v with dice %v", s, dice)
		}
		dice = append(dice[:used], dice[used+1:]...)
		c[0][s.From]--
		if s.To != Off {
			c[0][s.To]++
			if c[1][23-s.To] == 1 {
				c[1][23-s.To] = 0
				c[1][BarIndex]++
			}
		}
	}
	if c != p.Result {
		t.Fatalf("steps of %s give %v, result %v", FormatPlay(p), c, p.Result)
	}
	if c.OnBoard(0)+c.Off(0) != Checkers || c.OnBoard(1)+c.Off(1) != Checkers {
		t.Fatal("checkers not conserved")
	}
}

func TestGenerateAllocs(t *testing.T) {
	var g MoveGen
	b := StartBoard
	g.Generate(&b, 1, 1)
	if a := testing.AllocsPerRun(20, func() { g.Generate(&b, 1, 1) }); a != 0 {
		t.Errorf("Generate allocates %.1f times per call", a)
	}
}
