package backgammon

import (
	"context"
	"math"
	"time"

	"movesvc/engine"
)

// tableKey is the key under which a search borrows its evaluation cache
// (engine.Borrow): the cache's size in bytes.
type tableKey int64

// Search is Search under engine.Limits: Depth as the package's (1 0-ply,
// 2 1-ply, 3 2-ply; 0 or more than 3: the default, 3), MaxNodes,
// Threads, Progress, and a cache of TableBits' engine-table size borrowed
// from Memory. The Estimate gives the play's cubeless equity and outcome
// probabilities. Where the side on roll may double, and at a double
// offered, it answers the cube decision (cubestate.go): double or roll,
// take or drop, with the cube's equities in the Estimate. At another
// chance node it chooses nothing (chance rolls): it answers the first roll
// with the 0-ply equity of the position before the roll, and the API asks
// for the dice instead.
func (st *State) Search(ctx context.Context, lim engine.Limits) engine.Result {
	start := time.Now()
	if st.decidesCube() {
		return st.cubeResult(ctx, lim)
	}
	if st.IsChance() {
		return st.chanceResult(start)
	}
	res, _ := st.search(ctx, lim, 0)
	out := engine.Result{Move: res.Move, Score: res.Score, Outcome: res.Outcome, PliesToEnd: res.PliesToEnd,
		Depth: res.Depth, Nodes: res.Nodes, Complete: res.Complete, DeadlineHit: res.DeadlineHit, PV: res.PV,
		Estimate: estimate(res.Probs)}
	out.Elapsed = time.Since(start)
	return out
}

// ownLimits returns the package's limits for lim: its Depth (0 or more
// than 3: the default), MaxNodes and Threads, and an evaluation cache of
// TableBits' engine-table size borrowed from lim.Memory, which the caller
// gives back by calling done.
func ownLimits(lim engine.Limits) (own Limits, done func()) {
	bytes := engine.TableBytes(lim.Bits())
	table, _ := engine.Borrow(lim.Memory, tableKey(bytes), func() *Table { return NewTable(int(bytes)) })
	depth := lim.Depth
	if depth <= 0 || depth > maxDepth {
		depth = defaultDepth
	}
	return Limits{Depth: depth, MaxNodes: lim.MaxNodes, Threads: lim.Threads, Table: table},
		func() { engine.Return(lim.Memory, tableKey(bytes), table, bytes) }
}

// search runs the package's search on st's roll with lim and multiPV.
func (st *State) search(ctx context.Context, lim engine.Limits, multiPV int) (Result, []Play) {
	own, done := ownLimits(lim)
	defer done()
	own.MultiPV = multiPV
	if fn := lim.Progress; fn != nil {
		begin := time.Now()
		own.Progress = func(in Info) {
			pv := []engine.Move{in.Move}
			fn(engine.Progress{Depth: in.Depth, Score: millipoints(in.Equity), Move: in.Move, PV: pv,
				Nodes: in.Nodes, Elapsed: time.Since(begin)})
		}
	}
	pos := st.pos
	res, err := Search(ctx, &pos, own)
	if err != nil {
		panic(err) // st is neither over nor before its roll
	}
	return res, st.current()
}

// chanceResult is Search's answer at a chance node.
func (st *State) chanceResult(start time.Time) engine.Result {
	if st.ev == nil {
		st.ev = NewEvaluator(DefaultNets())
	}
	p := st.ev.Probs(&st.pos.Board)
	m := st.LegalMoves(make([]engine.Move, 0, 21))[0]
	return engine.Result{Move: m, Score: millipoints(float64(p.Equity())), Depth: 1, Nodes: 1,
		Complete: true, PV: []engine.Move{m}, Estimate: estimate(p), Elapsed: time.Since(start)}
}

// millipoints returns an equity in points as whole millipoints, the
// scores' unit.
func millipoints(eq float64) int { return int(math.Round(eq * 1000)) }

// estimate returns p as an engine.Estimate: equity and probabilities.
func estimate(p Probs) engine.Estimate {
	eq := float64(p.Equity())
	var probs [5]float64
	for i, v := range p {
		probs[i] = float64(v)
	}
	return engine.Estimate{Equity: &eq, Probabilities: &probs}
}

// Analyze scores the roll's plays, best first as the search ranks them
// (the plays it looked at deeper before the others): every play when n
// <= 0, else the n best, each with the lookahead it reached as Depth (1
// 0-ply, 2 1-ply, 3 2-ply). At a cube decision it scores its two actions
// (double and roll, or take and drop); at another chance node each roll
// gets the 0-ply equity of the position before the roll.
func (st *State) Analyze(ctx context.Context, lim engine.Limits, n int) []engine.MoveScore {
	if st.decidesCube() {
		_, scores := st.cubeSearch(ctx, lim)
		if n > 0 && n < len(scores) {
			scores = scores[:n]
		}
		return scores
	}
	if st.IsChance() {
		r := st.chanceResult(time.Now())
		var out []engine.MoveScore
		for _, m := range st.LegalMoves(nil) {
			out = append(out, engine.MoveScore{Move: m, Score: r.Score, Depth: 1, Complete: true,
				PV: []engine.Move{m}, Nodes: 1, Estimate: r.Estimate})
		}
		return out
	}
	if n <= 0 {
		n = len(st.current())
	}
	res, plays := st.search(ctx, lim, n)
	out := make([]engine.MoveScore, 0, len(res.Plays))
	for _, p := range res.Plays {
		ms := engine.MoveScore{Move: p.Move, Score: millipoints(p.Equity), Depth: p.Ply + 1,
			Complete: res.Complete, PV: []engine.Move{p.Move}, Estimate: estimate(p.Probs)}
		if plays[p.Move].Result.OnBoard(0) == 0 {
			ms.Outcome, ms.PliesToEnd = engine.OutcomeWin, 1
		}
		out = append(out, ms)
	}
	if len(out) > 0 {
		out[0].Nodes = res.Nodes
	}
	return out
}

// LevelDepth returns a weaker level's search: 1-ply (depth 2) up to level
// 8, 2-ply (depth 3) at level 9.
func (st *State) LevelDepth(level int) int {
	if level >= 9 {
		return 3
	}
	return 2
}

// LevelMargin returns levelMargins[level].
func (st *State) LevelMargin(level int) int {
	return levelMargins[min(max(level, 1), engine.MaxLevel-1)]
}

// ExactScore scores a proved result as the search scores a play that
// bears off the last checker: the points won, in millipoints (1000 a
// single game, 2000 a gammon, 3000 a backgammon; the most any play of the
// roll wins), and a loss as -1000 per point the same way.
func (st *State) ExactScore(outcome engine.Outcome, pliesToEnd int) int {
	switch outcome {
	case engine.OutcomeWin:
		best := Single
		if !st.IsChance() && !st.pos.Over() {
			for i := range st.current() {
				if r := &st.current()[i].Result; r.OnBoard(0) == 0 {
					best = max(best, r.WinKind(0))
				}
			}
		}
		return 1000 * best
	case engine.OutcomeLoss:
		if st.pos.Dropped() {
			return -1000 // the cube's value before the double
		}
		return -1000 * max(Single, st.pos.Board.WinKind(1))
	}
	return 0
}
