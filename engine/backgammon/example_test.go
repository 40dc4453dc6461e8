package backgammon_test

import (
	"context"
	"fmt"

	bg "movesvc/engine/backgammon"
)

// A position from GNU Backgammon's IDs, its plays, and one parsed from its
// notation. (gnubg 1.07 gives the same IDs after "set board
// 4HPwATDgc/ABMA", "set dice 4 1", "move 24/23 13/9".)
func Example() {
	pos, err := bg.ParsePosition("position", "4HPwATDgc/ABMA:cAkGAAAAAAAA")
	if err != nil {
		panic(err)
	}
	var g bg.MoveGen
	plays := pos.Plays(&g)
	fmt.Println(pos.Turn, pos.Dice, len(plays))
	i, err := bg.ParsePlay("play", "24/23 13/9", plays)
	if err != nil {
		panic(err)
	}
	next := pos.PlayTo(&plays[i])
	fmt.Println(bg.FormatPlay(&plays[i]), next.String())
	// Output:
	// x [4 1] 14
	// 24/23 13/9 4HPhASjgc/ABMA:MAEAAAAAAAAA
}

// Searching a roll: the best play at 2-ply with its equity.
func ExampleSearch() {
	pos, _ := bg.ParsePosition("position", "4HPwATDgc/ABMA:cAkGAAAAAAAA")
	r, err := bg.Search(context.Background(), &pos, bg.Limits{Depth: 3, MultiPV: 3})
	if err != nil {
		panic(err)
	}
	for _, p := range r.Plays {
		_ = fmt.Sprintf("%-12s %d-ply %+.3f", p.Play, p.Ply, p.Equity)
	}
}
