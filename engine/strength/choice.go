package strength

import (
	"math/rand/v2"

	"movesvc/engine"
)

// levelDraw is a level's two random draws for one move: whether it
// deviates from the best move, and where in [0, 1) its weighted choice
// among the near-best falls.
type levelDraw struct {
	deviate bool
	at      float64
}

// drawLevel draws a levelDraw from rng that deviates with probability p.
// It draws both numbers every time, so that the sequence of choices does
// not depend on how many moves were eligible.
func drawLevel(rng *rand.Rand, p float64) levelDraw {
	deviate := rng.Float64() < p
	return levelDraw{deviate: deviate, at: rng.Float64()}
}

// chooseMove returns the move a level plays from moves, sorted best first
// (engine.SortMoveScores) and not empty. It returns the best when the best
// is a proved win or a proved loss (then every move loses; the best loses
// slowest), or when draw does not deviate. Otherwise the eligible moves are
// those among the k best-ranked that are not proved lost and score at most
// margin below the best; it picks one of them (the best included) at
// draw.at, with weight margin+1 minus its distance to the best score, so
// that a move as good as the best is margin+1 times as likely as one at
// the margin's edge. A proved loss is never returned while the best is not
// one.
func chooseMove(moves []engine.MoveScore, k, margin int, draw levelDraw) engine.MoveScore {
	deviate, r := draw.deviate, draw.at
	best := moves[0]
	if best.Outcome == engine.OutcomeWin || best.Outcome == engine.OutcomeLoss || !deviate {
		return best
	}
	weights := make([]int, 0, k)
	total := 0
	for _, e := range moves[:min(k, len(moves))] {
		gap := best.Score - e.Score
		if e.Outcome == engine.OutcomeLoss || e.Outcome == engine.OutcomeWin || gap > margin {
			// Sorted: a loss ends the non-losing moves; a win cannot
			// follow a best that is not one.
			break
		}
		w := margin + 1 - max(gap, 0)
		weights = append(weights, w)
		total += w
	}
	x := int(r * float64(total))
	for i, w := range weights {
		if x < w {
			return moves[i]
		}
		x -= w
	}
	return best
}
