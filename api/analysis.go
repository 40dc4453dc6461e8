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
		row, col := st.Cell(m.Move)
		e := analysisEntry{
			Move:     moveJSON{Notation: st.FormatMove(m.Move), Row: row, Col: col},
			Score:    m.Score,
			Outcome:  m.Outcome.String(),
			Depth:    m.Depth,
			Complete: m.Complete,
			PV:       formatLine(line, m.PV),
		}
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

// formatLine returns the notations of the moves of pv played in turn from
// st, which is restored before it returns.
func formatLine(st engine.State, pv []engine.Move) []string {
	out := make([]string, 0, len(pv))
	for _, m := range pv {
		out = append(out, st.FormatMove(m))
		st.Play(m)
	}
	for i := len(pv) - 1; i >= 0; i-- {
		st.Undo(pv[i])
	}
	return out
}
