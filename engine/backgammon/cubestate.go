package backgammon

import (
	"context"
	"errors"
	"math"
	"strings"
	"time"

	"movesvc/engine"
)

// The doubling cube as State moves (money play). Before its roll, the side
// on roll may double when the cube is centered or its own and the game is
// past its opening roll: ParseMove reads "double" (moveDouble), and a roll
// there means it did not. A double offered makes a decision node for the
// other side, whose moves are take (the cube doubles and becomes its own,
// the doubler rolls next) and drop (the game ends: the doubler wins the
// cube's value). Search at a node where the side on roll may double answers
// the cube decision: moveDouble, or moveRoll (not to double: the roll
// follows, so moveRoll is an answer, not a move to play).
const (
	moveDouble engine.Move = 36
	moveRoll   engine.Move = 37
	moveTake   engine.Move = 0
	moveDrop   engine.Move = 1
)

// maxCube is the largest cube value a match ID holds.
const maxCube = 1 << 15

// offered reports whether a double is on offer: the decision is the other
// side's.
func (st *State) offered() bool { return st.pos.Match.Doubled && !st.pos.Over() }

// mayDouble reports whether the side on roll may double now: before its
// roll, in money play, past the opening roll, with the cube centered or its
// own and below its largest value.
func (st *State) mayDouble() bool { return st.IsChance() && st.noDouble() == "" }

// noDouble returns why the side on roll may not double at a chance node
// ("" when it may).
func (st *State) noDouble() string {
	if st.opening {
		return "nobody doubles before the opening roll"
	}
	return st.pos.doubleBar()
}

// doubleBar returns why the side on roll of p may not double by the match
// and the cube, whatever the dice ("" when it may): cube decisions are for
// money play, on a centered cube or its own below its largest value.
func (p *Position) doubleBar() string {
	switch {
	case p.Match.Length != 0:
		return "cube decisions are for money play; this is a match"
	case !p.Cube.Centered && p.Cube.Owner != p.Turn:
		return p.Cube.Owner.String() + " owns the cube"
	case p.Cube.Value >= maxCube:
		return "the cube is at its largest value"
	}
	return ""
}

// decidesCube reports whether st's move is a cube decision: double or
// roll, or take or drop.
func (st *State) decidesCube() bool { return st.offered() || st.mayDouble() }

// isCubeMove reports whether m is a cube move of st: take or drop at a
// double offered, double or roll at a chance node.
func (st *State) isCubeMove(m engine.Move) bool {
	return st.offered() || st.IsChance() && (m == moveDouble || m == moveRoll)
}

// Decides reports whether the side on roll may double before its roll:
// Search then answers the cube decision (engine.Decider).
func (st *State) Decides() bool { return st.mayDouble() }

// parseCube reads a cube action at a chance node ("double") or at a double
// offered ("take", "drop" or "pass"); ok is false when s is none of them.
func (st *State) parseCube(s string) (m engine.Move, ok bool, err error) {
	word := strings.ToLower(strings.TrimSpace(s))
	switch {
	case st.offered():
		switch word {
		case "take":
			return moveTake, true, nil
		case "drop", "pass":
			return moveDrop, true, nil
		}
		return engine.NoMove, true, errors.New("a double is offered: want \"take\" or \"drop\"")
	case word == "double" && !st.IsChance():
		return engine.NoMove, true, errors.New("cannot double: a double comes before the roll, and the dice are rolled")
	case word == "double":
		if why := st.noDouble(); why != "" {
			return engine.NoMove, true, errors.New("cannot double: " + why)
		}
		return moveDouble, true, nil
	}
	return engine.NoMove, false, nil
}

// formatCube writes a cube move of a chance node or a double offered.
func (st *State) formatCube(m engine.Move) string {
	if st.offered() {
		if m == moveTake {
			return "take"
		}
		return "drop"
	}
	if m == moveDouble {
		return "double"
	}
	return "roll"
}

// playCube makes a cube move: a double offered, or taken (the cube doubles
// and is the taker's), or dropped (the game ends, the doubler winning).
func (st *State) playCube(m engine.Move) {
	p := &st.pos
	switch {
	case !st.offered():
		if m == moveDouble {
			p.Match.Doubled = true
		}
	case m == moveTake:
		p.Cube = Cube{Value: 2 * p.Cube.Value, Owner: p.Turn.Other()}
		p.Match.Doubled = false
	default:
		p.Match.GameState = gameDropped
	}
}

// cubeSearch evaluates the cube decision of the side that doubles or not:
// the side on roll before its roll, or, at a double offered, the doubler.
// It returns the decision and the moves' scores for the side to move, in
// millipoints per unit of the cube before the double, best first.
func (st *State) cubeSearch(ctx context.Context, lim engine.Limits) (CubeAction, []engine.MoveScore) {
	own, done := ownLimits(lim)
	defer done()
	pos := st.pos
	pos.Match.Doubled = false
	a, err := CubeDecision(ctx, &pos, own)
	if err != nil {
		panic(err) // st is a node where the doubler may double
	}
	taker := st.offered()
	scores := []engine.MoveScore{
		{Move: moveDouble, Score: millipoints(min(a.DoubleTake, a.DoublePass))},
		{Move: moveRoll, Score: millipoints(a.NoDouble)},
	}
	if !a.Double {
		scores[0], scores[1] = scores[1], scores[0]
	}
	if taker {
		// The taker's view: its equity is the doubler's, negated.
		scores = []engine.MoveScore{
			{Move: moveTake, Score: millipoints(-a.DoubleTake)},
			{Move: moveDrop, Score: millipoints(-a.DoublePass)},
		}
		if !a.Take {
			scores[0], scores[1] = scores[1], scores[0]
		}
	}
	est := cubeEstimate(a, taker)
	for i := range scores {
		scores[i].Depth, scores[i].Complete = a.Ply+1, a.Ply+1 == own.Depth
		scores[i].PV, scores[i].Estimate = []engine.Move{scores[i].Move}, est
		if taker && scores[i].Move == moveDrop {
			scores[i].Outcome, scores[i].PliesToEnd = engine.OutcomeLoss, 1
		}
	}
	scores[0].Nodes = a.Nodes
	return a, scores
}

// cubeResult is Search's answer at a cube decision: the better action.
func (st *State) cubeResult(ctx context.Context, lim engine.Limits) engine.Result {
	start := time.Now()
	a, scores := st.cubeSearch(ctx, lim)
	best := scores[0]
	return engine.Result{Move: best.Move, Score: best.Score, Outcome: best.Outcome, PliesToEnd: best.PliesToEnd,
		Depth: best.Depth, Nodes: a.Nodes, Complete: best.Complete, DeadlineHit: a.DeadlineHit,
		PV: best.PV, Estimate: best.Estimate, Elapsed: time.Since(start)}
}

// cubeEstimate returns a's estimate: the cubeless equity and outcome
// chances, and the cube decision (always the doubler's view), for the
// doubler, or for the other side when taker.
func cubeEstimate(a CubeAction, taker bool) engine.Estimate {
	p := a.Probs
	if taker {
		p = p.Flip()
	}
	e := estimate(p)
	e.Cube = &engine.CubeEstimate{Action: a.Action, Double: a.Double, Take: a.Take,
		NoDouble: round3(a.NoDouble), DoubleTake: round3(a.DoubleTake), DoublePass: round3(a.DoublePass)}
	return e
}

// round3 rounds an equity to a millipoint.
func round3(eq float64) float64 { return math.Round(eq*1000) / 1000 }
