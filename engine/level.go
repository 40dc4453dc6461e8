package engine

import (
	"context"
	"math"
	"math/rand/v2"
	"time"
)

// MaxLevel is the strongest playing level, the default: the full search.
//
// A level L below MaxLevel plays like a weaker human. It takes a move that
// wins at once whenever it has one. Otherwise it scores its moves (Analyze)
// with a shallow search, LevelDepth(L) plies counting the move (and at
// most LevelNodes(L) nodes a search, for a game that sets them), and then,
// with a seeded chance that grows as L falls (LevelChance), plays not
// necessarily the best but one of the near-best moves: those that score
// within LevelMargin(L) of the best, among the few best (LevelCandidates),
// drawn with weights that fall with the distance to the best score. The
// margin widens as L falls. A game that analyses only a few candidates
// (PartialAnalyzer) plays the move of a full-strength search at that
// depth instead of the best-scored candidate, and scores the candidates
// only when it draws among the near-best. A level never plays a move
// proved to lose while another is not (so it blocks an opponent's
// immediate win when one move can: the shallowest level still searches
// two plies) and always plays a proved win when it has one.
const MaxLevel = 10

// PartialAnalyzer is implemented by an Analyzer that may score only its
// most promising moves rather than every legal one (Gomoku's multipv), so
// that the best move can lie outside its analysis: its weaker levels play
// their search's move and analyse only when they deviate from it
// (MaxLevel). AnalyzesSomeMoves reports whether Analyze may leave legal
// moves out.
type PartialAnalyzer interface {
	Analyzer
	AnalyzesSomeMoves() bool
}

// LevelDepther is implemented by a State whose game sets its own search
// depth for the weaker levels. LevelDepth returns the plies to search at
// level, 1 <= level < MaxLevel, at least 2.
type LevelDepther interface {
	LevelDepth(level int) int
}

// LevelNoder is implemented by a State whose game bounds the weaker levels'
// searches by nodes as well as depth, which grades strength more finely
// than whole plies where a ply costs several times the one before (Gomoku).
// LevelNodes returns the node limit of every search a level runs
// (Params.MaxNodes), 1 <= level < MaxLevel; it must grow with the level.
// The game's search must honour Params.MaxNodes.
type LevelNoder interface {
	LevelNodes(level int) uint64
}

// LevelNodes returns the node limit of level in st: the game's own
// (LevelNoder), or 0, no limit.
func LevelNodes(st State, level int) uint64 {
	if ln, ok := st.(LevelNoder); ok {
		return ln.LevelNodes(level)
	}
	return 0
}

// LevelMarginer is implemented by a State whose heuristic scores are in
// other units than the engine's default margins assume (DefaultLevelMargin):
// LevelMargin returns, for 1 <= level < MaxLevel, how far below the best
// score a move may score and still be chosen, in the game's score units; it
// must not grow with the level.
type LevelMarginer interface {
	LevelMargin(level int) int
}

// levelMargins are the default margins of DefaultLevelMargin, by level.
var levelMargins = [MaxLevel]int{1: 300, 2: 220, 3: 160, 4: 110, 5: 75, 6: 50, 7: 32, 8: 20, 9: 10}

// DefaultLevelMargin returns how far below the best score a move may score
// and still be chosen at level (1 <= level < MaxLevel), for a game that
// does not set its own (LevelMarginer): 300 at level 1 down to 10 at level
// 9, about a third less every level, in the engine's score units as a
// fine-grained evaluation uses them
// (Gomoku's patterns: an open two about 12, an open three about 60, an
// open four 400). Games whose evaluation counts coarser things (a line, a
// winning cell) scale it down. MaxLevel and above: 0.
func DefaultLevelMargin(level int) int {
	if level < 1 || level >= MaxLevel {
		return 0
	}
	return levelMargins[level]
}

// LevelMargin returns the score margin of level in st: the game's own
// (LevelMarginer) or DefaultLevelMargin, never negative.
func LevelMargin(st State, level int) int {
	if lm, ok := st.(LevelMarginer); ok {
		return max(0, lm.LevelMargin(level))
	}
	return DefaultLevelMargin(level)
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

// LevelCandidates returns how many of the best-ranked moves a level below
// MaxLevel chooses among, the best included: 6 at level 1, one fewer every
// two levels, 2 at level 9.
func LevelCandidates(level int) int { return 2 + (MaxLevel-1-level)/2 }

// LevelChance returns the chance that a level below MaxLevel draws its move
// among the near-best ones rather than play the best: ((MaxLevel - level) /
// (MaxLevel - 1))^1.5, 1 at level 1, 0.41 at level 5, 0.035 at level 9; 0
// from MaxLevel. (It falls faster than linearly: with a linear chance the
// middle levels of Gomoku beat the ones two below in 70% of self-play
// games, with this one in about 80%.)
func LevelChance(level int) float64 {
	x := max(0, float64(MaxLevel-level)/float64(MaxLevel-1))
	return x * math.Sqrt(x)
}

// searchLevel plays st at params.Level: a move that wins at once when
// there is one; else the moves scored at LevelDepth (params.Depth, when
// smaller, wins, down to 2 plies) and a seeded choice among the near-best
// (chooseMove). The moves scored are every legal move (Analyze), except
// for a PartialAnalyzer (searchFirst).
// The random source depends only on params.Seed and the position, so with
// no deadline hit the move depends only on st and params.
func searchLevel(ctx context.Context, st State, params Params) Result {
	start := time.Now()
	if res, ok := winAtOnce(st); ok {
		res.Elapsed = time.Since(start)
		return res
	}
	depth := LevelDepth(st, params.Level)
	if params.Depth > 0 {
		// A smaller requested depth wins, but not below the two plies
		// that see an immediate threat.
		depth = max(min(depth, params.Depth), min(2, st.RemainingPlies()))
	}
	sub := Params{Depth: depth, MaxNodes: LevelNodes(st, params.Level), TableBits: params.TableBits, Memory: params.Memory}
	draw := drawLevel(rand.New(rand.NewPCG(params.Seed, st.Hash())), LevelChance(params.Level))
	var res Result
	if pa, ok := st.(PartialAnalyzer); ok && pa.AnalyzesSomeMoves() {
		res = searchFirst(ctx, st, sub, params.Level, draw)
	} else {
		k := LevelCandidates(params.Level)
		res = choose(ctx, Analyze(ctx, st, sub, k), k, LevelMargin(st, params.Level), draw)
	}
	res.Elapsed = time.Since(start)
	return res
}

// searchFirst plays st at level for a PartialAnalyzer, whose candidates
// may leave out the best move: unless draw deviates, the move of a
// full-strength search to sub.Depth, which sees every move (so a level
// misses no defence the full search at its depth finds); when it deviates,
// a choice (chooseMove) among that move and the candidates Analyze scores
// at the depth the search completed (at least 2 plies; its node limit,
// when sub has one, bounds each candidate's search). The search then takes
// half the time to a deadline.
func searchFirst(ctx context.Context, st State, sub Params, level int, draw levelDraw) Result {
	if !draw.deviate {
		return Search(ctx, st, sub)
	}
	sctx, cancel := ctx, context.CancelFunc(func() {})
	if d, ok := ctx.Deadline(); ok {
		now := time.Now()
		sctx, cancel = context.WithDeadline(ctx, now.Add(d.Sub(now)/2))
	}
	best := Search(sctx, st, sub)
	cancel()
	if best.Outcome == OutcomeWin || best.Outcome == OutcomeLoss {
		return best
	}
	k := LevelCandidates(level)
	if sub.MaxNodes != 0 {
		// The node limit may have stopped the search short of sub.Depth;
		// score the candidates as deep as it saw.
		sub.Depth = min(sub.Depth, max(best.Depth, 2))
	}
	res := choose(ctx, withResult(Analyze(ctx, st, sub, k), best), k, LevelMargin(st, level), draw)
	res.Nodes += best.Nodes
	res.Complete = res.Complete && best.Complete
	res.DeadlineHit = !res.Complete && ctx.Err() != nil
	return res
}

// choose returns the result of playing chooseMove's pick among moves, with
// the nodes of every move's search.
func choose(ctx context.Context, moves []MoveScore, k, margin int, draw levelDraw) Result {
	pick := chooseMove(moves, k, margin, draw)
	res := Result{Move: pick.Move, Score: pick.Score, Outcome: pick.Outcome, PliesToEnd: pick.PliesToEnd,
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
func withResult(moves []MoveScore, res Result) []MoveScore {
	for _, m := range moves {
		if m.Move == res.Move {
			return moves
		}
	}
	moves = append(moves, MoveScore{Move: res.Move, Score: res.Score, Outcome: res.Outcome,
		PliesToEnd: res.PliesToEnd, Depth: res.Depth, Complete: res.Complete, PV: res.PV})
	SortMoveScores(moves)
	return moves
}

// winAtOnce returns the result of playing the first legal move of st, in
// the game's order, that ends the game in the mover's favour, and false
// when there is none. st is restored.
func winAtOnce(st State) (Result, bool) {
	moves := st.LegalMoves(make([]Move, 0, st.MaxMoves()))
	for i, m := range moves {
		st.Play(m)
		won := st.Outcome() == OutcomeLoss // the side to move now lost
		st.Undo(m)
		if won {
			return Result{Move: m, Score: exactScore(st, OutcomeWin, 1), Outcome: OutcomeWin, PliesToEnd: 1,
				Depth: 1, Nodes: uint64(i + 1), Complete: true, PV: []Move{m}}, true
		}
	}
	return Result{}, false
}

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
// (SortMoveScores) and not empty. It returns the best when the best is a
// proved win or a proved loss (then every move loses; the best loses
// slowest), or when draw does not deviate. Otherwise the eligible moves are
// those among the k best-ranked that are not proved lost and score at most
// margin below the best; it picks one of them (the best included) at
// draw.at, with weight margin+1 minus its distance to the best score, so
// that a move as good as the best is margin+1 times as likely as one at
// the margin's edge. A proved loss is never returned while the best is not
// one.
func chooseMove(moves []MoveScore, k, margin int, draw levelDraw) MoveScore {
	deviate, r := draw.deviate, draw.at
	best := moves[0]
	if best.Outcome == OutcomeWin || best.Outcome == OutcomeLoss || !deviate {
		return best
	}
	weights := make([]int, 0, k)
	total := 0
	for _, e := range moves[:min(k, len(moves))] {
		gap := best.Score - e.Score
		if e.Outcome == OutcomeLoss || e.Outcome == OutcomeWin || gap > margin {
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
