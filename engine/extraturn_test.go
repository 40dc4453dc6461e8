package engine_test

import (
	"context"
	"strconv"
	"testing"

	"movesvc/engine"
	"movesvc/engine/enginetest"
)

// TestSearchTreeKeepsTheSignOnAnExtraTurn: on a game where a move may leave
// the same side to move, the generic search and the analysis prove the
// outcome minimax gives for every heap up to 24, and the analysis of a
// heap scores a move that keeps the turn as the mover's own.
func TestSearchTreeKeepsTheSignOnAnExtraTurn(t *testing.T) {
	for n := 1; n <= 24; n++ {
		st, err := enginetest.Bonus{}.NewState(engine.Setup{Position: strconv.Itoa(n) + " x"})
		if err != nil {
			t.Fatal(err)
		}
		res := engine.SearchTree(context.Background(), st, engine.Limits{})
		want := engine.OutcomeLoss
		if enginetest.BonusWins(n) {
			want = engine.OutcomeWin
		}
		if res.Outcome != want {
			t.Errorf("heap %d: outcome %v, want %v", n, res.Outcome, want)
		}
		for _, e := range engine.Analyze(context.Background(), st, engine.Limits{}, 0) {
			after := n - int(e.Move)
			wins := after == 0 || (e.Move == 2 && enginetest.BonusWins(after)) || (e.Move != 2 && !enginetest.BonusWins(after))
			if got := e.Outcome == engine.OutcomeWin; got != wins {
				t.Errorf("heap %d, take %d: outcome %v, want a win %v", n, e.Move, e.Outcome, wins)
			}
		}
		if got := st.(engine.Positioner).Position(); got != strconv.Itoa(n)+" x" || st.Ply() != 0 {
			t.Fatalf("heap %d: the search did not restore the position: %s", n, got)
		}
	}
}

// TestBonusConforms runs the conformance suite on Bonus, the suite's path
// for a game that does not place stones (notation round trips, extra
// turns, its position notation, its move details).
func TestBonusConforms(t *testing.T) {
	enginetest.Conformance(t, enginetest.Bonus{}, 50, 1)
}
