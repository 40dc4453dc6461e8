package api

import (
	"context"
	"errors"
)

// errOverloaded means every search slot and every queue place is taken, or
// the request's deadline passed while it waited.
var errOverloaded = errors.New("overloaded")

// admission limits how many searches run at once. Up to slots searches run;
// up to queue more wait for a slot; beyond that a request is refused at once.
type admission struct {
	slots chan struct{}
	queue chan struct{}
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

func (a *admission) release() { <-a.slots }

// queued returns how many requests wait for a slot.
func (a *admission) queued() int { return len(a.queue) }
