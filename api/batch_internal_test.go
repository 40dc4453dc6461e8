package api

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestItemDeadlineSharesFairly runs batches on paper: items searched one
// after the other, each from the moment the one before it ended, with the
// deadlines itemDeadline gives. Items that use all of their time get equal
// shares; time an item leaves unused, or that its own timeout_ms does not
// let it use, goes to the items after it; no item ends after the batch's
// deadline.
func TestItemDeadlineSharesFairly(t *testing.T) {
	const ms = time.Millisecond
	t0 := time.Unix(1000, 0)
	batch := t0.Add(400 * ms)
	// run searches len(used) items from t0: item i stops at the earlier
	// of its deadline and used[i] after its start (a negative used: all of
	// its time), with its own timeout own[i] (0: none). It returns each
	// item's start and deadline.
	run := func(used, own []time.Duration) (starts, deadlines []time.Time) {
		now := t0
		for i := range used {
			d := itemDeadline(now, batch, len(used)-i, own[i])
			starts, deadlines = append(starts, now), append(deadlines, d)
			if used[i] >= 0 && now.Add(used[i]).Before(d) {
				d = now.Add(used[i])
			}
			now = d
		}
		return starts, deadlines
	}
	shares := func(starts, deadlines []time.Time) []time.Duration {
		out := make([]time.Duration, len(starts))
		for i := range starts {
			out[i] = deadlines[i].Sub(starts[i])
		}
		return out
	}
	all := time.Duration(-1)
	for _, tc := range []struct {
		name      string
		used, own []time.Duration
		want      []time.Duration // each item's share of time
	}{
		{"each uses all its time", []time.Duration{all, all, all, all}, []time.Duration{0, 0, 0, 0},
			[]time.Duration{100 * ms, 100 * ms, 100 * ms, 100 * ms}},
		{"one item", []time.Duration{all}, []time.Duration{0}, []time.Duration{400 * ms}},
		{"the first ends early", []time.Duration{10 * ms, all, all, all}, []time.Duration{0, 0, 0, 0},
			[]time.Duration{100 * ms, 130 * ms, 130 * ms, 130 * ms}},
		{"the second caps itself at 40 ms", []time.Duration{all, all, all, all}, []time.Duration{0, 40 * ms, 0, 0},
			[]time.Duration{100 * ms, 40 * ms, 130 * ms, 130 * ms}},
		{"an own timeout longer than the share", []time.Duration{all, all}, []time.Duration{300 * ms, 0},
			[]time.Duration{200 * ms, 200 * ms}},
		{"the last caps itself", []time.Duration{all, all}, []time.Duration{0, 50 * ms},
			[]time.Duration{200 * ms, 50 * ms}},
	} {
		starts, deadlines := run(tc.used, tc.own)
		if got := shares(starts, deadlines); !slices.Equal(got, tc.want) {
			t.Errorf("%s: shares %v, want %v", tc.name, got, tc.want)
		}
	}

	// Any batch: every deadline is at most the batch's and at most the
	// item's own timeout after its start; an item gets its equal share of
	// what is left (or its own timeout, when shorter); an item that
	// started before the batch's deadline is not past it at its start.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := 1 + rng.IntN(16)
		used, own := make([]time.Duration, n), make([]time.Duration, n)
		for i := range n {
			used[i] = time.Duration(rng.IntN(300)-50) * ms // some use all their time
			if rng.IntN(3) == 0 {
				own[i] = time.Duration(1+rng.IntN(200)) * ms
			}
		}
		starts, deadlines := run(used, own)
		for i := range n {
			left := batch.Sub(starts[i])
			want := left / time.Duration(n-i)
			if own[i] > 0 {
				want = min(want, own[i])
			}
			if got := deadlines[i].Sub(starts[i]); got != want || deadlines[i].After(batch) || got <= 0 {
				t.Fatalf("used %v own %v: item %d got %v of the %v left, want %v, within the batch", used, own, i, got, left, want)
			}
		}
		if last := deadlines[n-1]; own[n-1] == 0 && !last.Equal(batch) {
			t.Fatalf("used %v own %v: the last item's deadline %v is not the batch's %v", used, own, last, batch)
		}
	}

	// A batch already past its deadline gives deadlines already past.
	if d := itemDeadline(batch.Add(ms), batch, 3, 0); d.After(batch.Add(ms)) {
		t.Errorf("past the batch's deadline: item deadline %v after now", d)
	}
}
