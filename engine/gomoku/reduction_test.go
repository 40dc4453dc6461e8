package gomoku

import (
	"math"
	"testing"
)

// TestLateReduction checks the late-move reductions' table against its
// contract: ln(depth)*ln(index)/reductionDivisor plies, at least one, and
// from depth 3 up leaving at least one ply above the horizon; never less
// for a deeper node or a later move; and the bounds hold past the table's
// last row and column.
func TestLateReduction(t *testing.T) {
	for d := reductionDepth; d <= maxReductionIndex+8; d++ {
		for i := reductionFrom; i <= maxReductionIndex+8; i++ {
			got := lateReduction(d, i)
			dd, ii := min(d, maxReductionIndex), min(i, maxReductionIndex)
			want := int(math.Log(float64(dd)) * math.Log(float64(ii)) / reductionDivisor)
			want = max(1, min(want, dd-2))
			if got != want {
				t.Fatalf("lateReduction(%d, %d) = %d, want %d", d, i, got, want)
			}
			if d >= 3 && d-1-got < 1 {
				t.Errorf("lateReduction(%d, %d) = %d leaves the move no ply", d, i, got)
			}
			if d > reductionDepth && got < lateReduction(d-1, i) || i > reductionFrom && got < lateReduction(d, i-1) {
				t.Errorf("lateReduction(%d, %d) = %d is less than a shallower node's or an earlier move's", d, i, got)
			}
		}
	}
	if r := lateReduction(9, 10); r != 3 {
		t.Errorf("lateReduction(9, 10) = %d, want 3 (ln 9 * ln 10 / 1.5 = 3.37)", r)
	}
}

// TestReplyDepth checks replyDepth against its contract: the only move,
// and from threeReplyDepth plies left up to threeReplyMoves defences
// against an open three, keep the node's depth; quiet moves, more
// defences, defences nearer the horizon, and any with the extension off
// use a ply.
func TestReplyDepth(t *testing.T) {
	on := &searcher{settings: Variant{}.settings()}
	off := &searcher{settings: Variant{noThreeReply: true}.settings()}
	few, many := threeReplyMoves, threeReplyMoves+1
	for depth := -quiescence; depth <= 12; depth++ {
		deep := depth
		if depth < threeReplyDepth {
			deep = depth - 1
		}
		for _, c := range []struct {
			s     *searcher
			n     int
			quiet bool
			want  int
		}{
			{on, 1, false, depth},
			{on, 1, true, depth},
			{on, few, true, depth - 1},
			{on, 2, false, deep},
			{on, few, false, deep},
			{on, many, false, depth - 1},
			{off, few, false, depth - 1},
			{off, 1, false, depth},
		} {
			if got := c.s.replyDepth(depth, c.n, c.quiet); got != c.want {
				t.Errorf("replyDepth(%d, %d, quiet %v), extension on %v = %d, want %d", depth, c.n, c.quiet, c.s.threeReply, got, c.want)
			}
		}
	}
}
