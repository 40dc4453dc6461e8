package api

import (
	"movesvc/engine"
)

// moveOf renders the legal move m of st as a client finds it: its
// notation, and its cell (engine.Celler) or its details
// (engine.MoveDescriber).
func moveOf(st engine.State, m engine.Move) moveJSON {
	out := moveJSON{Notation: st.FormatMove(m)}
	if c, ok := st.(engine.Celler); ok {
		row, col := c.Cell(m)
		out.Row, out.Col = &row, &col
	}
	if d, ok := st.(engine.MoveDescriber); ok {
		v := d.DescribeMove(m)
		out.SAN, out.From, out.To, out.Promotion, out.Pit = v.SAN, v.From, v.To, v.Promotion, v.Pit
		for _, s := range v.Steps {
			out.Steps = append(out.Steps, stepJSON{From: s.From, To: s.To, Hit: s.Hit})
		}
	}
	return out
}

// sideName returns the name the game desc gives the player p.
func sideName(desc engine.Description, p engine.Player) string {
	if desc.Sides[p] == "" {
		return p.String()
	}
	return desc.Sides[p]
}

// estimateJSON is what a game's search says beyond the score
// (engine.Estimate), each field omitted when the game does not say it.
type estimateJSON struct {
	Mate          int                  `json:"mate,omitempty"`
	WDL           *[3]int              `json:"wdl,omitempty"`
	Equity        *float64             `json:"equity,omitempty"`
	Probabilities *[5]float64          `json:"probabilities,omitempty"`
	Cube          *engine.CubeEstimate `json:"cube,omitempty"`
}

// newEstimate renders e.
func newEstimate(e engine.Estimate) estimateJSON {
	return estimateJSON{Mate: e.Mate, WDL: e.WDL, Equity: e.Equity, Probabilities: e.Probabilities, Cube: e.Cube}
}

// formatLines returns the notations of the moves of pv played in turn from
// st, and their second notation (MoveView.SAN) where the game has one (nil
// otherwise). st is restored before it returns.
func formatLines(st engine.State, pv []engine.Move) (line, san []string) {
	d, second := st.(engine.MoveDescriber)
	line = make([]string, 0, len(pv))
	for _, m := range pv {
		line = append(line, st.FormatMove(m))
		if second {
			if n := d.DescribeMove(m).SAN; n != "" {
				san = append(san, n)
			}
		}
		st.Play(m)
	}
	for i := len(pv) - 1; i >= 0; i-- {
		st.Undo(pv[i])
	}
	if len(san) != len(line) {
		san = nil
	}
	return line, san
}

// positionText is a position as the log shows it: its notation
// (engine.Positioner) or its board rows (engine.Boarder).
func positionText(st engine.State) any {
	if p, ok := st.(engine.Positioner); ok {
		return p.Position()
	}
	if b, ok := st.(engine.Boarder); ok {
		return b.Board()
	}
	return nil
}
