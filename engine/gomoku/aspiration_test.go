package gomoku

import (
	"testing"

	"movesvc/engine"
)

// TestWidenWindow checks the re-search windows after an aspiration window
// fails: the first moves only the failing side, to twice the aspiration
// width beyond the returned score, within the score range; the second is
// the full window.
func TestWidenWindow(t *testing.T) {
	const full = engine.WinScore + 1
	for _, c := range []struct {
		v, alpha, beta      int32
		wantAlpha, wantBeta int32
	}{
		{v: 40, alpha: 40, beta: 160, wantAlpha: 40 - 2*aspiration, wantBeta: 160},
		{v: -300, alpha: 40, beta: 160, wantAlpha: -300 - 2*aspiration, wantBeta: 160},
		{v: 160, alpha: 40, beta: 160, wantAlpha: 40, wantBeta: 160 + 2*aspiration},
		{v: 900, alpha: 40, beta: 160, wantAlpha: 40, wantBeta: 900 + 2*aspiration},
		{v: -engine.WinScore + 10, alpha: -100, beta: 20, wantAlpha: -full, wantBeta: 20},
		{v: engine.WinScore - 10, alpha: -100, beta: 20, wantAlpha: -100, wantBeta: full},
	} {
		alpha, beta := widenWindow(c.v, c.alpha, c.beta, false)
		if alpha != c.wantAlpha || beta != c.wantBeta {
			t.Errorf("widenWindow(%d, %d, %d, false) = (%d, %d), want (%d, %d)",
				c.v, c.alpha, c.beta, alpha, beta, c.wantAlpha, c.wantBeta)
		}
		if !(alpha < c.v && c.v < beta) {
			t.Errorf("widenWindow(%d, %d, %d, false) = (%d, %d) does not contain the score",
				c.v, c.alpha, c.beta, alpha, beta)
		}
		if alpha, beta := widenWindow(c.v, alpha, beta, true); alpha != -full || beta != full {
			t.Errorf("second widening of (%d, %d) = (%d, %d), want the full window", c.alpha, c.beta, alpha, beta)
		}
	}
}
