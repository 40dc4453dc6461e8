package gomoku

import (
	"context"
	"slices"

	"movesvc/engine"
)

// DefaultMultiPV is how many moves Analyze scores when asked for none.
const DefaultMultiPV = 5

// Analyze scores the n most promising moves (DefaultMultiPV when n <= 0),
// best first, each by a search of the position after it one ply shallower
// than params.Depth (DefaultDepth when zero), sharing the time to ctx's
// deadline (engine.AnalyzeMoves). The candidates are the moves that make
// five, then the root moves the search would consider (only those that
// stop the opponent's continuous fours when some do), in the search's
// order; up to 2n of them are scored and the n best returned. With no
// deadline hit the result depends only on st, params and n.
func (st *State) Analyze(ctx context.Context, params engine.Limits, n int) []engine.MoveScore {
	if n <= 0 {
		n = DefaultMultiPV
	}
	if params.Depth <= 0 {
		params.Depth = DefaultDepth
	}
	params.Depth = min(params.Depth, MaxDepth, st.RemainingPlies())
	cands := st.candidateMoves(params, 2*n)
	return engine.AnalyzeMoves(ctx, st, params, cands, n, engine.Search)
}

// candidateMoves returns up to limit moves worth analysing, best first by
// the move ordering: every move that makes five, then the root moves.
func (st *State) candidateMoves(params engine.Limits, limit int) []engine.Move {
	bits := params.TableBits
	if bits <= 0 {
		bits = engine.DefaultTableBits
	}
	s := getSearcher(&st.b, min(bits, engine.MaxTableBits), nil, Options{}, params.Memory)
	defer putSearcher(s, params.Memory)
	b := s.b
	var out []engine.Move
	if me := b.toMove(); b.count[me][patFive] > 0 {
		k := s.fives(me)
		for _, m := range s.moves[s.sp-k : s.sp] {
			out = append(out, st.unpad(int(m)))
		}
		s.sp = 0
	}
	n := s.rootMoves(params.Depth)
	start := s.sp - n
	for j := start; j < s.sp && len(out) < limit; j++ {
		m := st.unpad(s.pick(j, s.sp))
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	s.sp = 0
	if len(out) == 0 {
		// No stone near any empty cell: the board is empty.
		out = append(out, engine.Move(b.size/2*b.size+b.size/2))
	}
	return out
}

// AnalyzesSomeMoves reports true: Analyze scores a few candidates, not
// every move within reach (engine.PartialAnalyzer), so a weaker level
// plays its search's move unless it draws among the near-best.
func (st *State) AnalyzesSomeMoves() bool { return true }

// LevelDepth returns the plies a weaker level searches at most:
// DefaultDepth at every level, as the full search; its node limit
// (LevelNodes) is what makes it shallower. A level searches like the full
// search (the root threat-space search included) and scores its few
// candidates (Analyze) only when its draw deviates from the best.
func (st *State) LevelDepth(level int) int { return DefaultDepth }

// LevelNodes returns the node limit of a weaker level's searches
// (levelNodes): 330 at level 1, doubling up to 5,300 at level 5, then
// about two and a half times a level, 200,000 at level 9. Levels two apart
// thus differ fourfold or more in nodes, a finer grade than whole plies,
// one of which costs several times the one before. 0 outside
// 1..MaxLevel-1.
func (st *State) LevelNodes(level int) uint64 {
	if level < 1 || level >= engine.MaxLevel {
		return 0
	}
	return levelNodes[level]
}
