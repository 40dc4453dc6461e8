package api

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// errOverloaded means every search slot and every queue place is taken, or
// the request would not reach a slot before the latest moment it may wait.
var errOverloaded = errors.New("overloaded")

// maxWaitShare is the share of a request's time that it may spend waiting,
// for a search slot and for search memory together: the search keeps at
// least the rest. Half: a short search (a ~20 ms Connect Four solve under a
// 1 s deadline) may queue behind dozens of others and still answer in time;
// a search that runs to its deadline still gets half of it; and the margin
// absorbs an estimate that is off by up to a factor of two without a
// request expiring in the queue (docs/load-testing.md has the figures).
const maxWaitShare = 2 // 1/maxWaitShare of the time to the deadline

// admission limits how many searches run at once. Up to slots searches run;
// up to queue more wait for a slot; beyond that a request is refused at once.
//
// A request may wait until the deadline of the context it passes to acquire
// (the server sets it at half the request's time, waitUntil). It queues when
// the searches ahead of it would, at the recent average time a search holds
// its slot, hand it a slot before that moment, and is refused at once
// otherwise: a wait that cannot fit is a 503 now, while the client can still
// try another replica, and one that can fit rides out a burst in the queue
// instead of turning it into 503s and retries. A queued request that still
// has no slot when its context ends is refused then.
//
// Before the first search has ended the average is initialHold (the
// server's default deadline, what a search that runs to its deadline
// holds), so a burst on a cold server queues only as far as searches of
// that length would let it; the average then follows the searches measured.
type admission struct {
	slots chan struct{}
	queue chan struct{}
	// held is a moving average of how long a search holds its slot, in
	// nanoseconds: a longer time weighs 1/2, a shorter one 1/8, so that the
	// estimate follows a turn to slower searches within a few of them and
	// errs towards refusing quickly.
	held atomic.Int64
}

// newAdmission returns admission control for slots searches at once and
// queue more waiting, estimating that a search holds its slot for
// initialHold until searches have been measured.
func newAdmission(slots, queue int, initialHold time.Duration) *admission {
	a := &admission{slots: make(chan struct{}, slots), queue: make(chan struct{}, queue)}
	a.held.Store(int64(initialHold))
	return a
}

// acquire takes a search slot, waiting in the queue no later than ctx's
// deadline: errOverloaded at once when no queue place is free or the
// expected wait (expectedWait) would outlast that deadline, and when ctx
// ends before a slot frees. On success the caller must call release.
func (a *admission) acquire(ctx context.Context) error {
	select {
	case a.slots <- struct{}{}:
		return nil
	default:
	}
	if deadline, ok := ctx.Deadline(); ok && a.expectedWait(len(a.queue)+1) > time.Until(deadline) {
		return errOverloaded
	}
	select {
	case a.queue <- struct{}{}:
	default:
		return errOverloaded
	}
	defer func() { <-a.queue }()
	select {
	case a.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return errOverloaded
	}
}

// expectedWait estimates how long the request at queue position pos (1 for
// the first) waits for a slot: pos slot hand-overs, each after an average
// hold divided among the slots.
func (a *admission) expectedWait(pos int) time.Duration {
	return a.averageHold() * time.Duration(pos) / time.Duration(cap(a.slots))
}

// averageHold returns the moving average of how long a search holds its
// slot.
func (a *admission) averageHold() time.Duration { return time.Duration(a.held.Load()) }

// release gives back a slot that was held for held.
func (a *admission) release(held time.Duration) {
	for {
		old := a.held.Load()
		next := old + (int64(held)-old)/8
		if int64(held) > old {
			next = old + (int64(held)-old)/2
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
