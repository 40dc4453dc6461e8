package api

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// errOverloaded means every search slot and every queue place is taken, the
// request would not reach a slot before its deadline, or it waited for one
// as long as the queue lets a request wait.
var errOverloaded = errors.New("overloaded")

// DefaultQueueWait is how long a request waits in the queue for a search
// slot at most, unless Config.QueueWait says otherwise: long enough to ride
// out a burst of short searches, short enough that a refusal under overload
// comes within a few milliseconds and the client can try another replica.
const DefaultQueueWait = 5 * time.Millisecond

// admission limits how many searches run at once. Up to slots searches run;
// up to queue more wait for a slot; beyond that a request is refused at once.
// A queued request waits at most maxWait, and at most half the time to its
// deadline (it must keep time to search), and is refused then. A request is
// refused at once, rather than queued, when the searches ahead of it would,
// at the recent average time a slot is held, keep it waiting longer than
// that: a quick 503 lets the client try another replica. The average knows
// nothing before the first search of a kind has ended, so the cap is what
// keeps every refusal quick.
type admission struct {
	slots   chan struct{}
	queue   chan struct{}
	maxWait time.Duration
	// held is a moving average of how long a search holds its slot, in
	// nanoseconds: a longer time weighs 1/2, a shorter one 1/8, so that the
	// estimate follows a turn to slower searches within a few of them and
	// errs towards refusing quickly.
	held atomic.Int64
}

// newAdmission returns admission control for slots searches at once, queue
// more waiting, each for at most maxWait (which must be positive).
func newAdmission(slots, queue int, maxWait time.Duration) *admission {
	return &admission{slots: make(chan struct{}, slots), queue: make(chan struct{}, queue), maxWait: maxWait}
}

// acquire takes a search slot, waiting in the queue while ctx allows. On
// success the caller must call release.
func (a *admission) acquire(ctx context.Context) error {
	select {
	case a.slots <- struct{}{}:
		return nil
	default:
	}
	wait := a.maxWait
	if deadline, ok := ctx.Deadline(); ok {
		wait = min(wait, time.Until(deadline)/2)
	}
	if a.expectedWait(len(a.queue)+1) > wait {
		return errOverloaded
	}
	select {
	case a.queue <- struct{}{}:
	default:
		return errOverloaded
	}
	defer func() { <-a.queue }()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case a.slots <- struct{}{}:
		return nil
	case <-timer.C:
		return errOverloaded
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

// idle returns how many slots no search holds now.
func (a *admission) idle() int { return cap(a.slots) - len(a.slots) }

// queued returns how many requests wait for a slot.
func (a *admission) queued() int { return len(a.queue) }
