package api

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// maxWaitShare is the share of a request's time that it may spend waiting,
// for a search slot and for search memory together: the search keeps at
// least the rest. Half: a short search (a ~20 ms Connect Four solve under a
// 1 s deadline) may queue behind dozens of others and still answer in
// time, and a search that runs to its deadline still gets half of it
// (docs/load-testing.md has the figures).
const maxWaitShare = 2 // 1/maxWaitShare of the time to the deadline

// waitMargin is how far the expected wait must stay within the time a
// request may wait for it to queue: at most 1/waitMargin of it. The wait
// is an estimate from an average; with the margin, an estimate off by up
// to that factor still ends in a slot, so that refusals come at once
// rather than after the request waited all it could.
const waitMargin = 2

// admission limits how many searches run at once. Up to slots searches run;
// up to queue more wait for a slot; beyond that a request is refused at once.
//
// A request may wait until the deadline of the context it passes to acquire
// (the server sets it at half the request's time, waitUntil). It queues when
// it is expected to get a slot well before that moment (within 1/waitMargin
// of the time to it: expectedWait), and is refused at once otherwise: a wait
// that cannot fit is a 503 now, while the client can still try another
// replica, and one that can fit rides out a burst in the queue instead of
// turning it into 503s and retries. A queued request that still has no slot
// when its context ends is refused then.
//
// The expected wait follows the searches that hold the slots: each ends by
// its own deadline (a search never runs past it), or sooner at the recent
// average time a search holds its slot, whichever comes first. Before the
// first search has ended the average is initialHold (the server's default
// deadline, what a search that runs to its deadline holds), so a burst on
// a cold server queues only as far as the deadlines of the searches ahead
// let it; the average then follows the searches measured.
type admission struct {
	slots chan struct{}
	queue chan struct{}
	// held is a moving average of how long a search holds its slot, in
	// nanoseconds: a longer time weighs 1/2, a shorter one 1/8, so that the
	// estimate follows a turn to slower searches within a few of them and
	// errs towards refusing quickly.
	held atomic.Int64

	mu      sync.Mutex
	holders map[*slotHold]struct{} // the searches holding a slot now
}

// slotHold is one search's hold of a slot: when it took the slot, and the
// deadline by which it gives it back at the latest.
type slotHold struct {
	admitted, releaseBy time.Time
}

// newAdmission returns admission control for slots searches at once and
// queue more waiting, estimating that a search holds its slot for
// initialHold until searches have been measured.
func newAdmission(slots, queue int, initialHold time.Duration) *admission {
	a := &admission{slots: make(chan struct{}, slots), queue: make(chan struct{}, queue), holders: map[*slotHold]struct{}{}}
	a.held.Store(int64(initialHold))
	return a
}

// acquire takes a search slot for a search that gives it back by
// releaseBy (its deadline; zero for none), waiting in the queue no later
// than ctx's deadline. It refuses at once with errWaitLong when the
// expected wait (expectedWait) is not within 1/waitMargin of the time to
// that deadline (fits) and with errQueueFull when no queue place is free,
// and with errWaitEnded when ctx ends before a slot frees. On success the
// caller must give the hold to release.
func (a *admission) acquire(ctx context.Context, releaseBy time.Time) (*slotHold, error) {
	select {
	case a.slots <- struct{}{}:
		return a.hold(releaseBy), nil
	default:
	}
	if deadline, ok := ctx.Deadline(); ok && !fits(a.expectedWait(len(a.queue)+1), deadline) {
		return nil, errWaitLong
	}
	select {
	case a.queue <- struct{}{}:
	default:
		return nil, errQueueFull
	}
	defer func() { <-a.queue }()
	select {
	case a.slots <- struct{}{}:
		return a.hold(releaseBy), nil
	case <-ctx.Done():
		return nil, errWaitEnded
	}
}

// hold records a slot just taken by a search that gives it back by
// releaseBy.
func (a *admission) hold(releaseBy time.Time) *slotHold {
	h := &slotHold{admitted: time.Now(), releaseBy: releaseBy}
	a.mu.Lock()
	a.holders[h] = struct{}{}
	a.mu.Unlock()
	return h
}

// fits reports whether a wait expected to take expected may start now for
// a request that may wait until deadline: whether it is within
// 1/waitMargin of the time left.
func fits(expected time.Duration, deadline time.Time) bool {
	return expected*waitMargin <= time.Until(deadline)
}

// expectedWait estimates how long the request at queue position pos (1 for
// the first) waits for a slot: the time until the pos-th slot hand-over,
// where each search holding a slot gives it back at its deadline or after
// the average hold from its start, whichever is sooner, a slot not held
// now is free at once, and a queued request that takes a slot holds it for
// the average.
func (a *admission) expectedWait(pos int) time.Duration {
	avg := a.averageHold()
	now := time.Now()
	free := make([]time.Duration, 0, cap(a.slots)) // when each slot frees, from now
	a.mu.Lock()
	for h := range a.holders {
		end := h.admitted.Add(avg).Sub(now)
		if !h.releaseBy.IsZero() {
			end = min(end, h.releaseBy.Sub(now))
		}
		free = append(free, max(end, 0))
	}
	a.mu.Unlock()
	for len(free) < cap(a.slots) {
		free = append(free, 0)
	}
	var t time.Duration
	for range pos {
		i := slices.Index(free, slices.Min(free))
		t = free[i]
		free[i] = t + avg // the request it went to holds it next
	}
	return t
}

// averageHold returns the moving average of how long a search holds its
// slot.
func (a *admission) averageHold() time.Duration { return time.Duration(a.held.Load()) }

// release gives back the slot of h, taken by acquire.
func (a *admission) release(h *slotHold) {
	a.mu.Lock()
	delete(a.holders, h)
	a.mu.Unlock()
	held := int64(time.Since(h.admitted))
	for {
		old := a.held.Load()
		next := old + (held-old)/8
		if held > old {
			next = old + (held-old)/2
		}
		if a.held.CompareAndSwap(old, next) {
			break
		}
	}
	<-a.slots
}

// idle returns how many slots no search holds now.
func (a *admission) idle() int { return cap(a.slots) - len(a.slots) }

// busy returns how many slots searches hold now.
func (a *admission) busy() int { return len(a.slots) }

// queued returns how many requests wait for a slot.
func (a *admission) queued() int { return len(a.queue) }
