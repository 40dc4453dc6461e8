package gomoku

import (
	"time"

	"movesvc/engine"
)

// progressHook is a search's engine.Params.Progress with what reporting
// needs: the start time, the board size, and a buffer for the variation in
// unpadded moves, reused so that a report allocates nothing once warm.
type progressHook struct {
	fn    func(engine.Progress)
	start time.Time
	size  int
	pv    []engine.Move
}

// reportIteration tells the search's progress callback, when there is one,
// of the main search's iteration to depth with root score v and variation
// pv (padded cells).
func (s *searcher) reportIteration(depth int, v int32, pv []engine.Move) {
	h := &s.progress
	if h.fn == nil || len(pv) == 0 {
		return
	}
	h.pv = h.pv[:0]
	for _, m := range pv {
		row, col := s.b.rowCol(int(m))
		h.pv = append(h.pv, engine.Move(row*h.size+col))
	}
	p := engine.Progress{Depth: depth, Score: int(v), Move: h.pv[0], PV: h.pv, Nodes: s.nodes,
		Elapsed: time.Since(h.start)}
	switch {
	case v >= engine.WinThreshold:
		p.Outcome, p.PliesToEnd = engine.OutcomeWin, engine.PliesToEnd(v)
	case v <= -engine.WinThreshold:
		p.Outcome, p.PliesToEnd = engine.OutcomeLoss, engine.PliesToEnd(v)
	}
	if p.Outcome != engine.OutcomeUnknown {
		p.Score = engine.DefaultExactScore(p.Outcome, p.PliesToEnd)
	}
	h.fn(p)
}
