package api

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// errOverloaded means every search slot and every queue place is taken, the
// request would not reach a slot before its deadline, or its deadline passed
// while it waited.
var errOverloaded = errors.New("overloaded")

// admission limits how many searches run at once. Up to slots searches run;
// up to queue more wait for a slot; beyond that a request is refused at once.
// A request is also refused at once, rather than queued, when the searches
// ahead of it would, at the recent average time a slot is held, keep it
// waiting for more than half the time to its deadline: it would be refused
// at its deadline or left little time to search, and a quick 503 lets the
// client try another replica.
type admission struct {
	slots chan struct{}
	queue chan struct{}
	// held is a moving average of how long a search holds its slot, in
	// nanoseconds: a longer time weighs 1/2, a shorter one 1/8, so that the
	// estimate follows a turn to slower searches within a few of them and
	// errs towards refusing quickly.
	held atomic.Int64
}

func newAdmission(slots, queue int) *admission {
	return &admission{slots: make(chan struct{}, slots), queue: make(chan struct{}, queue)}
}

// acquire takes a search slot, waiting in the queue while ctx allows. On
// success the caller must call release.
func (a *admission) acquire(ctx context.Context) error {
	select {
	case a.slots <- struct{}{}:
		return nil
	default:
	}
	if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < 2*a.expectedWait(len(a.queue)+1) {
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
	return time.Duration(a.held.Load()) * time.Duration(pos) / time.Duration(cap(a.slots))
}

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

// queued returns how many requests wait for a slot.
func (a *admission) queued() int { return len(a.queue) }
