package api

import (
	"context"
	"errors"
	"testing"
	"time"
)

// never is a search deadline that no test reaches: the slot's holder gives
// it back only when the test releases it.
var never = time.Now().Add(time.Hour)

// mustAcquire takes a free slot for a search with no deadline in reach.
func mustAcquire(t *testing.T, a *admission) *slotHold {
	t.Helper()
	h, err := a.acquire(context.Background(), never)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestAdmissionRefusesWhatWouldExpireInTheQueue: once searches are known to
// hold a slot for about a second, a request that may wait less than that,
// or less than twice that (the estimate's margin, waitMargin), is refused
// at once (its context still alive when the answer comes), while one that
// may wait a minute queues and gets the slot when it frees.
func TestAdmissionRefusesWhatWouldExpireInTheQueue(t *testing.T) {
	a := newAdmission(1, 4, time.Millisecond)
	h := mustAcquire(t, a)
	a.held.Store(int64(time.Second)) // the measured hold time

	for _, wait := range []time.Duration{500 * time.Millisecond, 1500 * time.Millisecond} {
		short, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		if _, err := a.acquire(short, never); !errors.Is(err, errWaitLong) || short.Err() != nil {
			t.Fatalf("acquire that may wait %v behind a 1 s search: %v (context %v), want an immediate refusal", wait, err, short.Err())
		}
	}

	long, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got := make(chan error)
	var next *slotHold
	go func() {
		var err error
		next, err = a.acquire(long, never)
		got <- err
	}()
	for a.queued() != 1 {
		time.Sleep(time.Millisecond)
	}
	a.release(h)
	if err := <-got; err != nil {
		t.Fatalf("a request with time to wait: %v", err)
	}
	a.release(next)
}

// TestAdmissionCountsOnTheDeadlinesAhead: a search gives its slot back by
// its deadline whatever the average says, so behind a search whose
// deadline is near a request queues even when the average hold is far
// longer than it may wait; behind one whose deadline is far it is refused.
func TestAdmissionCountsOnTheDeadlinesAhead(t *testing.T) {
	a := newAdmission(1, 4, time.Hour) // searches seem to hold their slot for an hour
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	far := mustAcquire(t, a)
	if _, err := a.acquire(ctx, never); !errors.Is(err, errWaitLong) {
		t.Fatalf("behind a search with an hour to go, a request that may wait a minute: %v, want refused", err)
	}
	a.release(far)

	near, err := a.acquire(context.Background(), time.Now().Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan error)
	var next *slotHold
	go func() {
		var err error
		next, err = a.acquire(ctx, never)
		got <- err
	}()
	for a.queued() != 1 {
		time.Sleep(time.Millisecond)
	}
	a.release(near)
	if err := <-got; err != nil {
		t.Fatalf("behind a search whose deadline is 1 s away, a request that may wait a minute: %v, want queued", err)
	}
	a.release(next)
}

// TestAdmissionQueuesABurstThatFits: behind searches known to take 10 ms,
// a burst of as many requests as the queue holds, each allowed to wait a
// minute, is queued, not refused, and every one gets a slot as the
// searches ahead end; one more than the queue holds is refused at once.
func TestAdmissionQueuesABurstThatFits(t *testing.T) {
	const slots, queue = 2, 6
	a := newAdmission(slots, queue, 10*time.Millisecond)
	holds := make(chan *slotHold, slots+queue)
	for range slots {
		holds <- mustAcquire(t, a)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got := make(chan error, queue)
	for range queue {
		go func() {
			h, err := a.acquire(ctx, never)
			if err == nil {
				holds <- h
			}
			got <- err
		}()
	}
	for a.queued() != queue {
		time.Sleep(time.Millisecond)
	}
	if _, err := a.acquire(ctx, never); !errors.Is(err, errQueueFull) {
		t.Fatalf("a request beyond a full queue: %v, want refused", err)
	}
	for range queue {
		a.release(<-holds) // a search ends; a queued request takes its slot
		if err := <-got; err != nil {
			t.Fatalf("a queued request of the burst: %v", err)
		}
	}
	for range slots {
		a.release(<-holds)
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
	h := mustAcquire(t, a)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := a.acquire(ctx, never); !errors.Is(err, errWaitEnded) {
		t.Fatalf("queued behind a slot held past the wait: %v, want refused", err)
	}
	if a.queued() != 0 {
		t.Errorf("%d requests left in the queue after the refusal", a.queued())
	}
	a.release(h)
	a.release(mustAcquire(t, a))
}

// TestAdmissionStartsFromItsInitialHold: before any search has ended, the
// estimate is the initial hold (the default deadline), so on a cold server
// behind one slot held by a search of unknown length a request that may
// wait less than that hold is refused at once, and one that may wait longer
// queues.
func TestAdmissionStartsFromItsInitialHold(t *testing.T) {
	a := newAdmission(1, 4, time.Second)
	h := mustAcquire(t, a)
	short, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if _, err := a.acquire(short, never); !errors.Is(err, errWaitLong) || short.Err() != nil {
		t.Fatalf("cold, may wait 0.5 s: %v (context %v), want an immediate refusal", err, short.Err())
	}
	long, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got := make(chan error)
	var next *slotHold
	go func() {
		var err error
		next, err = a.acquire(long, never)
		got <- err
	}()
	for a.queued() != 1 {
		time.Sleep(time.Millisecond)
	}
	a.release(h)
	if err := <-got; err != nil {
		t.Fatalf("cold, may wait a minute: %v", err)
	}
	a.release(next)
}

// TestAdmissionRefusesAtOnceWhatWouldOutwaitItsContext: once searches are
// known to hold a slot for two minutes, a request behind them that may wait
// one minute is refused without queueing.
func TestAdmissionRefusesAtOnceWhatWouldOutwaitItsContext(t *testing.T) {
	a := newAdmission(1, 4, time.Millisecond)
	a.held.Store(int64(2 * time.Minute)) // the measured hold time
	h := mustAcquire(t, a)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := a.acquire(ctx, never)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, errWaitLong) {
			t.Fatalf("behind a 2-minute search, a 1-minute wait: %v, want refused", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the request was queued instead of refused at once")
	}
	a.release(h)
}

// TestExpectedWaitHandsSlotsOver: with two slots, one held by a search due
// to end in 100 ms and one by a search of unknown end, at an average hold
// of 1 s, the first in the queue waits for the 100 ms search, the second
// for the other (1 s from its start), the third for the first slot's next
// holder (100 ms + 1 s).
func TestExpectedWaitHandsSlotsOver(t *testing.T) {
	a := newAdmission(2, 4, time.Second)
	start := time.Now()
	soon, err := a.acquire(context.Background(), start.Add(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	late := mustAcquire(t, a)
	for pos, want := range map[int]time.Duration{1: 100 * time.Millisecond, 2: time.Second, 3: 1100 * time.Millisecond} {
		// The estimate moves with the clock: it is want less the time
		// since the slots were taken, which is at most since start.
		got := a.expectedWait(pos)
		if took := time.Since(start); got > want || got < want-took {
			t.Errorf("expectedWait(%d) = %v, want %v less at most the %v the test took", pos, got, want, took)
		}
	}
	a.release(soon)
	a.release(late)
}
