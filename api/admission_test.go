package api

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestAdmissionRefusesWhatWouldExpireInTheQueue: once searches are known to
// hold a slot for about a second, a request that may wait less than that is
// refused at once (its context still alive when the answer comes), while
// one that may wait longer queues and gets the slot when it frees.
func TestAdmissionRefusesWhatWouldExpireInTheQueue(t *testing.T) {
	a := newAdmission(1, 4, time.Millisecond)
	if err := a.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	a.held.Store(int64(time.Second)) // the measured hold time

	short, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if err := a.acquire(short); !errors.Is(err, errOverloaded) || short.Err() != nil {
		t.Fatalf("acquire that may wait 0.5 s behind a 1 s search: %v (context %v), want an immediate refusal", err, short.Err())
	}

	long, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got := make(chan error)
	go func() { got <- a.acquire(long) }()
	for a.queued() != 1 {
		time.Sleep(time.Millisecond)
	}
	a.release(time.Second)
	if err := <-got; err != nil {
		t.Fatalf("a request with time to wait: %v", err)
	}
	a.release(time.Second)
}

// TestAdmissionQueuesABurstThatFits: behind searches known to take 10 ms,
// a burst of as many requests as the queue holds, each allowed to wait a
// minute, is queued, not refused, and every one gets a slot as the
// searches ahead end; one more than the queue holds is refused at once.
func TestAdmissionQueuesABurstThatFits(t *testing.T) {
	const slots, queue = 2, 6
	a := newAdmission(slots, queue, 10*time.Millisecond)
	for range slots {
		if err := a.acquire(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got := make(chan error, queue)
	for range queue {
		go func() { got <- a.acquire(ctx) }()
	}
	for a.queued() != queue {
		time.Sleep(time.Millisecond)
	}
	if err := a.acquire(ctx); !errors.Is(err, errOverloaded) {
		t.Fatalf("a request beyond a full queue: %v, want refused", err)
	}
	for range queue {
		a.release(10 * time.Millisecond) // a search ends; a queued request takes its slot
		if err := <-got; err != nil {
			t.Fatalf("a queued request of the burst: %v", err)
		}
	}
	for range slots {
		a.release(10 * time.Millisecond)
	}
	if a.busy() != 0 || a.queued() != 0 {
		t.Errorf("%d slots held and %d queued after every release", a.busy(), a.queued())
	}
}

// TestAdmissionWaitEndsWithItsContext: a request whose wait was expected to
// fit, but whose slot does not free in time, is refused when its context
// ends (the server sets it at half the request's time, well before the
// deadline), and leaves the queue.
func TestAdmissionWaitEndsWithItsContext(t *testing.T) {
	a := newAdmission(1, 4, time.Millisecond)
	if err := a.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := a.acquire(ctx); !errors.Is(err, errOverloaded) {
		t.Fatalf("queued behind a slot held past the wait: %v, want refused", err)
	}
	if a.queued() != 0 {
		t.Errorf("%d requests left in the queue after the refusal", a.queued())
	}
	a.release(time.Millisecond)
	if err := a.acquire(context.Background()); err != nil {
		t.Fatalf("a free slot refused: %v", err)
	}
	a.release(time.Millisecond)
}

// TestAdmissionStartsFromItsInitialHold: before any search has ended, the
// estimate is the initial hold (the default deadline), so on a cold server
// behind one slot held by a search of unknown length a request that may
// wait less than that hold is refused at once, and one that may wait longer
// queues.
func TestAdmissionStartsFromItsInitialHold(t *testing.T) {
	a := newAdmission(1, 4, time.Second)
	if err := a.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if err := a.acquire(short); !errors.Is(err, errOverloaded) || short.Err() != nil {
		t.Fatalf("cold, may wait 0.5 s: %v (context %v), want an immediate refusal", err, short.Err())
	}
	long, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got := make(chan error)
	go func() { got <- a.acquire(long) }()
	for a.queued() != 1 {
		time.Sleep(time.Millisecond)
	}
	a.release(time.Second)
	if err := <-got; err != nil {
		t.Fatalf("cold, may wait a minute: %v", err)
	}
	a.release(time.Second)
}

// TestAdmissionRefusesAtOnceWhatWouldOutwaitItsContext: once searches are
// known to hold a slot for two minutes, a request behind them that may wait
// one minute is refused without queueing.
func TestAdmissionRefusesAtOnceWhatWouldOutwaitItsContext(t *testing.T) {
	a := newAdmission(1, 4, time.Millisecond)
	a.held.Store(int64(2 * time.Minute)) // the measured hold time
	if err := a.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- a.acquire(ctx) }()
	select {
	case err := <-done:
		if !errors.Is(err, errOverloaded) {
			t.Fatalf("behind a 2-minute search, a 1-minute wait: %v, want refused", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the request was queued instead of refused at once")
	}
	a.release(time.Second)
}
