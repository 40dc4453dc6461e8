// Package strength plays a game at a chosen strength: full strength, the
// engine's search (engine.Search), or one of the weaker levels 1 to
// engine.MaxLevel-1, which play like a weaker human. It is the one entry
// point for playing strength; the engine below it only ever searches at
// full strength.
//
// A level L below engine.MaxLevel takes a move that wins at once whenever it
// has one. Otherwise it scores its moves (engine.Analyze) with a shallow
// search, Depth(L) plies counting the move (and at most Nodes(L) nodes a
// search, for a game that sets them), and then, with a seeded chance that
// grows as L falls (Chance), plays not necessarily the best but one of the
// near-best moves: those that score within Margin(L) of the best, among
// the few best (Candidates), drawn with weights that fall with the
// distance to the best score. The margin widens as L falls. A game that
// analyses only a few candidates (engine.PartialAnalyzer) plays the move of
// a full-strength search at that depth instead of the best-scored
// candidate, and scores the candidates only when it draws among the
// near-best. A level never plays a move proved to lose while another is
// not (so it blocks an opponent's immediate win when one move can: the
// shallowest level still searches two plies) and always plays a proved
// win when it has one.
//
// A game tunes its levels through the optional methods of engine's level
// capabilities (engine.LevelDepther, engine.LevelNoder,
// engine.LevelMarginer, engine.PartialAnalyzer); it needs no import of
// this package.
package strength

import (
	"context"
	"math/rand/v2"
	"time"

	"movesvc/engine"
)

// Params are the limits of one search and the strength to play it at.
type Params struct {
	engine.Limits
	// Level is the playing strength, 1 (weakest) to engine.MaxLevel; zero
	// or engine.MaxLevel means full strength.
	Level int
	// Seed makes a weaker level's choice among near-best moves
	// reproducible: the same position, params and seed give the same move.
	Seed uint64
}

// Search finds the move to play in st, which must not be over, at
// params.Level. At full strength it is engine.Search with params.Limits.
// Below it, it plays the level (see the package doc) and reports the
// result once to params.Progress; the level's searches take their depth
// and node limit from the level, so params.MaxNodes and params.Threads
// are ignored there and a smaller params.Depth lowers the level's depth
// to no fewer than 2 plies. With no deadline hit the result depends only
// on st and params. st is restored before Search returns.
func Search(ctx context.Context, st engine.State, params Params) engine.Result {
	if params.Level <= 0 || params.Level >= engine.MaxLevel {
		return engine.Search(ctx, st, params.Limits)
	}
	res := searchLevel(ctx, st, params)
	if params.Progress != nil {
		params.Progress(engine.ProgressOf(res))
	}
	return res
}

// searchLevel plays st at params.Level: a move that wins at once when
// there is one; else the moves scored at Depth (params.Depth, when
// smaller, wins, down to 2 plies) and a seeded choice among the near-best
// (chooseMove). The moves scored are every legal move (engine.Analyze),
// except for a PartialAnalyzer (searchFirst).
// The random source depends only on params.Seed and the position, so with
// no deadline hit the move depends only on st and params.
func searchLevel(ctx context.Context, st engine.State, params Params) engine.Result {
	start := time.Now()
	if res, ok := winAtOnce(st); ok {
		res.Elapsed = time.Since(start)
		return res
	}
	depth := Depth(st, params.Level)
	if params.Depth > 0 {
		// A smaller requested depth wins, but not below the two plies
		// that see an immediate threat.
		depth = max(min(depth, params.Depth), min(minDepth, st.RemainingPlies()))
	}
	sub := engine.Limits{Depth: depth, MaxNodes: Nodes(st, params.Level), TableBits: params.TableBits, Memory: params.Memory}
	draw := drawLevel(rand.New(rand.NewPCG(params.Seed, st.Hash())), Chance(params.Level))
	var res engine.Result
	if pa, ok := st.(engine.PartialAnalyzer); ok && pa.AnalyzesSomeMoves() {
		res = searchFirst(ctx, st, sub, params.Level, draw)
	} else {
		k := Candidates(params.Level)
		res = choose(ctx, engine.Analyze(ctx, st, sub, k), k, Margin(st, params.Level), draw)
	}
	res.Elapsed = time.Since(start)
	return res
}

// searchFirst plays st at level for a PartialAnalyzer, whose candidates
// may leave out the best move: unless draw deviates, the move of a
// full-strength search to sub.Depth, which sees every move (so a level
// misses no defence the full search at its depth finds); when it deviates,
// a choice (chooseMove) among that move and the candidates engine.Analyze
// scores at the depth the search completed (at least 2 plies; its node
// limit, when sub has one, bounds each candidate's search). The search
// then takes half the time to a deadline.
func searchFirst(ctx context.Context, st engine.State, sub engine.Limits, level int, draw levelDraw) engine.Result {
	if !draw.deviate {
		return engine.Search(ctx, st, sub)
	}
	sctx, cancel := engine.TimeShare(ctx, 1, 2, 0)
	best := engine.Search(sctx, st, sub)
	cancel()
	if best.Outcome == engine.OutcomeWin || best.Outcome == engine.OutcomeLoss {
		return best
	}
	k := Candidates(level)
	if sub.MaxNodes != 0 {
		// The node limit may have stopped the search short of sub.Depth;
		// score the candidates as deep as it saw.
		sub.Depth = min(sub.Depth, max(best.Depth, minDepth))
	}
	res := choose(ctx, withResult(engine.Analyze(ctx, st, sub, k), best), k, Margin(st, level), draw)
	res.Nodes += best.Nodes
	res.Complete = res.Complete && best.Complete
	res.DeadlineHit = !res.Complete && ctx.Err() != nil
	return res
}

// choose returns the result of playing chooseMove's pick among moves, with
// the nodes of every move's search.
func choose(ctx context.Context, moves []engine.MoveScore, k, margin int, draw levelDraw) engine.Result {
	pick := chooseMove(moves, k, margin, draw)
	res := engine.Result{Move: pick.Move, Score: pick.Score, Outcome: pick.Outcome, PliesToEnd: pick.PliesToEnd,
		Depth: pick.Depth, Complete: true, PV: pick.PV}
	for _, m := range moves {
		res.Nodes += m.Nodes
		res.Complete = res.Complete && m.Complete
	}
	res.DeadlineHit = !res.Complete && ctx.Err() != nil
	return res
}

// withResult returns moves, sorted best first, with the search result res
// among them: unchanged when they score its move already, else with an
// entry for it (its nodes counted with res, not here) and sorted again.
func withResult(moves []engine.MoveScore, res engine.Result) []engine.MoveScore {
	for _, m := range moves {
		if m.Move == res.Move {
			return moves
		}
	}
	moves = append(moves, engine.MoveScore{Move: res.Move, Score: res.Score, Outcome: res.Outcome,
		PliesToEnd: res.PliesToEnd, Depth: res.Depth, Complete: res.Complete, PV: res.PV})
	engine.SortMoveScores(moves)
	return moves
}

// winAtOnce returns the result of playing the first legal move of st, in
// the game's order, that ends the game in the mover's favour, and false
// when there is none. st is restored.
func winAtOnce(st engine.State) (engine.Result, bool) {
	moves := st.LegalMoves(make([]engine.Move, 0, st.MaxMoves()))
	for i, m := range moves {
		st.Play(m)
		won := st.Outcome() == engine.OutcomeLoss // the side to move now lost
		st.Undo(m)
		if won {
			return engine.Result{Move: m, Score: engine.ProvedScore(st, engine.OutcomeWin, 1), Outcome: engine.OutcomeWin,
				PliesToEnd: 1, Depth: 1, Nodes: uint64(i + 1), Complete: true, PV: []engine.Move{m}}, true
		}
	}
	return engine.Result{}, false
}
