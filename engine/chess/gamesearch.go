package chess

import (
	"context"

	"movesvc/engine"
)

// The contract's searches (engine.Searcher, engine.Analyzer) and levels,
// on the package's own Search: the transposition table borrowed from the
// request's memory reservation (engine.Borrow), the depth and node limits
// passed on, the answer in the contract's terms.

// tableKey is the key idle tables of a size, in bytes, are kept under
// between searches (engine.Borrow).
type tableKey int

// tableBytes returns the bytes of the table a search with params uses:
// the engine's table size for params.Bits, so that the server's budget
// sizes chess's table as any game's.
func tableBytes(params engine.Limits) int {
	return int(engine.TableBytes(params.Bits()))
}

// searchThreads returns the threads a search with params uses: more than
// one (lazy SMP, whose answer depends on timing) only when the search runs
// until its deadline, with neither a node limit nor a depth below
// MaxDepth, so that a depth- or node-limited search is reproducible.
func searchThreads(params engine.Limits) int {
	if params.MaxNodes != 0 || params.Depth > 0 && params.Depth < MaxDepth {
		return 1
	}
	return max(params.Threads, 1)
}

// borrowTable returns an empty table for a search with params, borrowed
// from params.Memory; returnTable hands it back.
func borrowTable(params engine.Limits) *Table {
	n := tableBytes(params)
	t, reused := engine.Borrow(params.Memory, tableKey(n), func() *Table { return NewTable(n) })
	if reused {
		t.Clear() // a search's answer depends only on its position and limits
	}
	return t
}

func returnTable(t *Table, params engine.Limits) {
	engine.Return(params.Memory, tableKey(t.Bytes()), t, int64(t.Bytes()))
}

// limits returns the package's limits for params: the depth within
// MaxDepth (0: MaxDepth), the node limit, the threads and the table.
func limits(params engine.Limits, t *Table) Limits {
	d := params.Depth
	if d <= 0 || d > MaxDepth {
		d = MaxDepth
	}
	return Limits{Depth: d, MaxNodes: params.MaxNodes, Threads: searchThreads(params), Table: t}
}

// Search finds the best move under ctx's deadline and params
// (engine.Searcher): the package's Search, reporting each completed
// iteration's best line to params.Progress. The position is restored.
func (s *State) Search(ctx context.Context, params engine.Limits) engine.Result {
	t := borrowTable(params)
	defer returnTable(t, params)
	lim := limits(params, t)
	if params.Progress != nil {
		lim.Progress = func(i Info) {
			if i.MultiPV == 1 {
				params.Progress(s.progress(i))
			}
		}
	}
	r := Search(ctx, s.pos, lim)
	res := engine.Result{Move: engineMove(r.Move), Depth: r.Depth, Nodes: r.Nodes, Elapsed: r.Elapsed,
		Complete: r.Complete, DeadlineHit: r.DeadlineHit, PV: engineMoves(r.PV)}
	res.Score, res.Outcome, res.PliesToEnd = s.score(r.Score, r.Mate)
	res.Mate = r.Mate
	wdl := r.WDL
	res.WDL = &wdl
	return res
}

// progress converts an iteration's line to the contract's Progress.
func (s *State) progress(i Info) engine.Progress {
	p := engine.Progress{Depth: i.Depth, Nodes: i.Nodes, Elapsed: i.Elapsed, PV: engineMoves(i.PV), Move: engine.NoMove}
	if len(p.PV) > 0 {
		p.Move = p.PV[0]
	}
	p.Score, p.Outcome, p.PliesToEnd = s.score(i.Score, i.Mate)
	return p
}

// score returns the contract's score, outcome and plies to the end of a
// search score v with its mate distance: centipawns, or for a mate the
// exact score (ExactScore) of the win or loss it proves.
func (s *State) score(v, mate int) (int, engine.Outcome, int) {
	switch {
	case mate > 0:
		plies := mateScore - v
		return s.ExactScore(engine.OutcomeWin, plies), engine.OutcomeWin, plies
	case mate < 0:
		plies := mateScore + v
		return s.ExactScore(engine.OutcomeLoss, plies), engine.OutcomeLoss, plies
	}
	return v, engine.OutcomeUnknown, 0
}

// ExactScore returns the score of a proved result (engine.ExactScorer):
// a mate in pliesToEnd plies scores 32,000 less the plies for the side
// that mates (beyond any centipawn score), its negative for the side
// mated; a draw 0.
func (s *State) ExactScore(o engine.Outcome, pliesToEnd int) int {
	switch o {
	case engine.OutcomeWin:
		return mateScore - pliesToEnd
	case engine.OutcomeLoss:
		return -(mateScore - pliesToEnd)
	}
	return 0
}

// Analyze scores the n best legal moves (every one when n <= 0) by a
// MultiPV search to params.Depth, best first (engine.Analyzer): each with
// its score, mate distance, win/draw/loss estimate and line.
func (s *State) Analyze(ctx context.Context, params engine.Limits, n int) []engine.MoveScore {
	legal := s.LegalMoves(make([]engine.Move, 0, MaxMoves))
	if n <= 0 || n > len(legal) {
		n = len(legal)
	}
	t := borrowTable(params)
	defer returnTable(t, params)
	lim := limits(params, t)
	lim.MultiPV = n
	r := Search(ctx, s.pos, lim)
	out := make([]engine.MoveScore, 0, n)
	for i, l := range r.Lines {
		ms := engine.MoveScore{Move: engineMove(l.Move), Depth: r.Depth, Complete: r.Complete, PV: engineMoves(l.PV)}
		if i == 0 {
			ms.Nodes = r.Nodes
		}
		ms.Score, ms.Outcome, ms.PliesToEnd = s.score(l.Score, l.Mate)
		ms.Mate = l.Mate
		wdl := WDL(l.Score, l.Mate, s.pos.Ply())
		ms.WDL = &wdl
		out = append(out, ms)
	}
	if len(out) == 0 && r.Move != NoMove {
		// a search of one line reports it as its result
		ms := engine.MoveScore{Move: engineMove(r.Move), Depth: r.Depth, Complete: r.Complete, PV: engineMoves(r.PV), Nodes: r.Nodes}
		ms.Score, ms.Outcome, ms.PliesToEnd = s.score(r.Score, r.Mate)
		ms.Mate = r.Mate
		wdl := r.WDL
		ms.WDL = &wdl
		out = append(out, ms)
	}
	engine.SortMoveScores(out)
	return out
}

// LevelDepth returns a weaker level's depth (levelDepths), at least 2
// plies (engine.LevelDepther).
func (s *State) LevelDepth(level int) int { return max(2, LevelLimits(level).Depth) }

// LevelNodes returns a weaker level's node limit per search (levelNodes;
// engine.LevelNoder).
func (s *State) LevelNodes(level int) uint64 { return LevelLimits(level).MaxNodes }

// engineMove converts m, NoMove to engine.NoMove.
func engineMove(m Move) engine.Move {
	if m == NoMove {
		return engine.NoMove
	}
	return engine.Move(m)
}

// engineMoves converts a line of moves.
func engineMoves(line []Move) []engine.Move {
	out := make([]engine.Move, len(line))
	for i, m := range line {
		out[i] = engine.Move(m)
	}
	return out
}
