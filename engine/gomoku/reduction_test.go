package gomoku

import (
	"math"
	"testing"
)

// TestLateReductions checks the late-move reductions' table against its
// contract: ln(plies)*ln(count)*reductionScale plies in onePly units, none
// for the first move or a one-ply node, never less for a deeper node or a
// later move.
func TestLateReductions(t *testing.T) {
	for d := 1; d <= maxReductionIndex; d++ {
		for i := 1; i <= maxReductionIndex; i++ {
			got := lateReductions[d][i]
			want := int(math.Log(float64(d)) * math.Log(float64(i)) * reductionScale * onePly)
			if got != want {
				t.Fatalf("lateReductions[%d][%d] = %d, want %d", d, i, got, want)
			}
			if (d == 1 || i == 1) && got != 0 {
				t.Errorf("lateReductions[%d][%d] = %d, want none", d, i, got)
			}
			if d > 1 && got < lateReductions[d-1][i] || i > 1 && got < lateReductions[d][i-1] {
				t.Errorf("lateReductions[%d][%d] = %d is less than a shallower node's or an earlier move's", d, i, got)
			}
		}
	}
	// ln 9 * ln 10 * 0.8 = 4.047 plies, 64 sixteenths.
	if r := lateReductions[9][10]; r != 64 {
		t.Errorf("lateReductions[9][10] = %d, want 64", r)
	}
}

// TestMoveCount checks moveCount against its contract: moveCountBase plus
// (plies left)^moveCountPower, half as many when not improving, growing
// with depth, and past the table's last row as at it.
func TestMoveCount(t *testing.T) {
	for d := 0; d <= maxReductionIndex+4; d++ {
		plies := min(d, maxReductionIndex)
		want := moveCountBase + int(math.Pow(float64(plies), moveCountPower))
		if got := moveCount(d*onePly, true); got != want {
			t.Errorf("moveCount(%d plies, improving) = %d, want %d", d, got, want)
		}
		if got := moveCount(d*onePly+onePly-1, false); got != want/2 {
			t.Errorf("moveCount(%d plies and a fraction, not improving) = %d, want %d", d, got, want/2)
		}
		if d > 0 && moveCount(d*onePly, true) < moveCount((d-1)*onePly, true) {
			t.Errorf("moveCount(%d plies) is less than a ply shallower", d)
		}
	}
	if got := moveCount(8*onePly, true); got != 3+int(math.Pow(8, 1.3)) {
		t.Errorf("moveCount(8 plies) = %d, want 3 + 8^1.3 = %d", got, 3+int(math.Pow(8, 1.3)))
	}
}
