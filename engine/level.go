package engine

import (
	"context"
	"math/rand/v2"
	"time"
)

// MaxLevel is the strongest playing level, the default: the full search.
//
// A level L below MaxLevel plays like a weaker human: it scores its moves
// (Analyze) with a shallow search, LevelDepth(L) plies counting the move,
// and then, with a seeded chance that grows as L falls, plays one of the
// few moves ranked just below the best instead of the best. It never
// passes over a move that wins at once (a proved win is always played) and
// never plays a move proved to lose while another is not, so at every level
// it takes an immediate win and blocks an immediate threat: the shallowest
// level still searches two plies.
const MaxLevel = 10

// LevelDepther is implemented by a State whose game sets its own search
// depth for the weaker levels. LevelDepth returns the plies to search at
// level, 1 <= level < MaxLevel, at least 2.
type LevelDepther interface {
	LevelDepth(level int) int
}

// LevelDepth returns the plies a level below MaxLevel searches in st: the
// game's own choice (LevelDepther) or the level itself, at least 2, and at
// most the plies left.
func LevelDepth(st State, level int) int {
	d := max(2, level)
	if ld, ok := st.(LevelDepther); ok {
		d = max(2, ld.LevelDepth(level))
	}
	return min(d, st.RemainingPlies())
}

// levelChoices returns how many of the best moves a level chooses among
// (at least 2) and the chance that it does not play the best one.
func levelChoices(level int) (k int, p float64) {
	return 2 + (MaxLevel-1-level)/2, float64(MaxLevel-level) / 9
}

// searchLevel plays st at params.Level: the moves scored at LevelDepth
// (params.Depth, when smaller, wins, down to 2 plies), then a seeded choice
// among the best.
// The random source depends only on params.Seed and the position, so with
// no deadline hit the move depends only on st and params.
func searchLevel(ctx context.Context, st State, params Params) Result {
	start := time.Now()
	depth := LevelDepth(st, params.Level)
	if params.Depth > 0 {
		// A smaller requested depth wins, but not below the two plies
		// that see an immediate threat.
		depth = max(min(depth, params.Depth), min(2, st.RemainingPlies()))
	}
	k, p := levelChoices(params.Level)
	sub := Params{Depth: depth, TableBits: params.TableBits}
	moves := Analyze(ctx, st, sub, k)
	rng := rand.New(rand.NewPCG(params.Seed, st.Hash()))
	pick := chooseMove(moves, k, p, rng)

	res := Result{Move: pick.Move, Score: pick.Score, Outcome: pick.Outcome, PliesToEnd: pick.PliesToEnd,
		Depth: pick.Depth, Complete: true, PV: pick.PV}
	for _, m := range moves {
		res.Nodes += m.Nodes
		res.Complete = res.Complete && m.Complete
	}
	res.DeadlineHit = !res.Complete && ctx.Err() != nil
	res.Elapsed = time.Since(start)
	return res
}

// chooseMove returns the move to play from moves, sorted best first: the
// best when it is a proved win, else, with probability p, one of the moves
// ranked 2..k that is not proved lost (when the best is not), else the
// best.
func chooseMove(moves []MoveScore, k int, p float64, rng *rand.Rand) MoveScore {
	best := moves[0]
	if best.Outcome == OutcomeWin {
		return best
	}
	n := 1
	for n < min(k, len(moves)) && (moves[n].Outcome != OutcomeLoss || best.Outcome == OutcomeLoss) {
		n++
	}
	// Draw both numbers every time, so that the sequence of choices does
	// not depend on how many moves were eligible.
	deviate, which := rng.Float64() < p, rng.IntN(k)
	if !deviate || n == 1 {
		return best
	}
	return moves[1+which%(n-1)]
}
