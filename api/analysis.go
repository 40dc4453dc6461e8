package api

import (
	"movesvc/engine"
)

// analysisEntry is one scored move of a response's analysis.
type analysisEntry struct {
	Move       moveJSON `json:"move"`
	Score      int      `json:"score"`
	Outcome    string   `json:"outcome"`
	PliesToEnd *int     `json:"plies_to_end,omitempty"`
	Depth      int      `json:"depth"`
	Complete   bool     `json:"complete"`
	PV         []string `json:"pv"`
	PVSAN      []string `json:"pv_san,omitempty"`
	estimateJSON
	// Bounds are the proved bounds on the exact score of an entry that is
	// not complete, when its game proves them (connect4's solver).
	Bounds *scoreBounds `json:"bounds,omitempty"`
}

// scoreBounds are proved bounds on an exact score: lower <= score <= upper.
type scoreBounds struct {
	Lower int `json:"lower"`
	Upper int `json:"upper"`
}

// checkAnalysis returns a 422 *Problem when multipv is given without
// analysis, which alone uses it.
func (req *moveRequest) checkAnalysis() *Problem {
	if req.MultiPV != nil && !req.Analysis {
		msg := "only applies with analysis: true"
		return invalid("multipv "+msg, ProblemError{Location: "body.multipv", Message: msg, Value: *req.MultiPV})
	}
	return nil
}

// newAnalysis renders the scored moves of st, best first.
func newAnalysis(st engine.State, moves []engine.MoveScore) []analysisEntry {
	out := make([]analysisEntry, 0, len(moves))
	line := st.Clone()
	for _, m := range moves {
		e := analysisEntry{
			Move:         moveOf(st, m.Move),
			Score:        m.Score,
			Outcome:      m.Outcome.String(),
			Depth:        m.Depth,
			Complete:     m.Complete,
			estimateJSON: newEstimate(m.Estimate),
		}
		e.PV, e.PVSAN = formatLines(line, m.PV)
		if m.Outcome != engine.OutcomeUnknown && m.PliesToEnd > 0 {
			e.PliesToEnd = &m.PliesToEnd
		}
		if m.Bounded && !m.Complete {
			e.Bounds = &scoreBounds{Lower: m.Lower, Upper: m.Upper}
		}
		out = append(out, e)
	}
	return out
}
