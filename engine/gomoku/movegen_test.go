package gomoku

import (
	"math/rand/v2"
	"slices"
	"testing"

	"movesvc/internal/race"
)

// TestThreatGeneratorsFindEveryCell checks fives and fours, which look
// along the lines of the last moves and in the sets of four cells, against
// a scan of every empty cell's strongest line pattern, for both colours after
// every move of random games (dense enough for many fours and fives,
// including fives made possible by older moves).
func TestThreatGeneratorsFindEveryCell(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	games := race.Pick(6, 2) // some thirty times slower under the race detector
	for _, rule := range []Rule{Freestyle, Standard} {
		for game := range games {
			b := new(board)
			b.init(15, rule)
			s := getSearcher(b, 10, nil, Options{}, nil)
			for b.ply < 120 && !b.full() {
				// The game goes on past a five: the scan counts fives for
				// both colours, and b.five is only reset.
				randomGame(b, rng, 1)
				b.five = false
				for colour := range 2 {
					for _, g := range []struct {
						name string
						at   pattern // the weakest pattern the generator wants in some line
						gen  func(int) int
					}{{"fives", patFive, s.fives}, {"fours", patFour, s.fours}} {
						var want []int16
						b.area(func(i int) bool {
							if best, _ := b.threat(colour, i); best >= g.at {
								want = append(want, int16(i))
							}
							return true
						})
						n := g.gen(colour)
						got := slices.Clone(s.moves[s.sp-n : s.sp])
						s.sp -= n
						slices.Sort(got)
						if !slices.Equal(got, want) {
							t.Fatalf("%v game %d ply %d colour %d: %s found %v, a scan %v", rule, game, b.ply, colour, g.name, got, want)
						}
					}
				}
			}
			putSearcher(s, nil)
		}
	}
}
