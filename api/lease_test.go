package api

import (
	"context"
	"errors"
	"testing"
	"time"

	"movesvc/engine"
)

// never is a search deadline that no test reaches: the slot's holder gives
// it back only when the test releases it.
var never = time.Now().Add(time.Hour)

// newAdmission returns a scheduler of slots and queue places with memory
// to spare, for the tests of its slots alone.
func newAdmission(slots, queue int, initialHold time.Duration) *scheduler {
	return newScheduler(slots, queue, 1, engine.NewMemoryBudget(1<<30), initialHold)
}

// mustAcquire takes a free slot for a search with no deadline in reach.
func mustAcquire(t *testing.T, a *scheduler) *Lease {
	t.Helper()
	h, err := a.acquire(context.Background(), 0, never)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// handOver queues a request that may wait until ctx's deadline behind the
// lease held, releases held, and checks that the request gets its lease
// (failing with what, about the error, if not).
func handOver(t *testing.T, a *scheduler, ctx context.Context, held *Lease, what string) {
	t.Helper()
	got := make(chan error)
	var next *Lease
	go func() {
		var err error
		next, err = a.acquire(ctx, 0, never)
		got <- err
	}()
	for a.queued() != 1 {
		time.Sleep(time.Millisecond)
	}
	held.Release()
	if err := <-got; err != nil {
		t.Fatalf(what, err)
	}
	next.Release()
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
		if _, err := a.acquire(short, 0, never); !errors.Is(err, errWaitLong) || short.Err() != nil {
			t.Fatalf("acquire that may wait %v behind a 1 s search: %v (context %v), want an immediate refusal", wait, err, short.Err())
		}
	}

	long, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	handOver(t, a, long, h, "a request with time to wait: %v")
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
	if _, err := a.acquire(ctx, 0, never); !errors.Is(err, errWaitLong) {
		t.Fatalf("behind a search with an hour to go, a request that may wait a minute: %v, want refused", err)
	}
	far.Release()

	near, err := a.acquire(context.Background(), 0, time.Now().Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	handOver(t, a, ctx, near, "behind a search whose deadline is 1 s away, a request that may wait a minute: %v, want queued")
}

// TestAdmissionQueuesABurstThatFits: behind searches known to take 10 ms,
// a burst of as many requests as the queue holds, each allowed to wait a
// minute, is queued, not refused, and every one gets a slot as the
// searches ahead end; one more than the queue holds is refused at once.
func TestAdmissionQueuesABurstThatFits(t *testing.T) {
	const slots, queue = 2, 6
	a := newAdmission(slots, queue, 10*time.Millisecond)
	holds := make(chan *Lease, slots+queue)
	for range slots {
		holds <- mustAcquire(t, a)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got := make(chan error, queue)
	for range queue {
		go func() {
			h, err := a.acquire(ctx, 0, never)
			if err == nil {
				holds <- h
			}
			got <- err
		}()
	}
	for a.queued() != queue {
		time.Sleep(time.Millisecond)
	}
	if _, err := a.acquire(ctx, 0, never); !errors.Is(err, errQueueFull) {
		t.Fatalf("a request beyond a full queue: %v, want refused", err)
	}
	for range queue {
		(<-holds).Release() // a search ends; a queued request takes its slot
		if err := <-got; err != nil {
			t.Fatalf("a queued request of the burst: %v", err)
		}
	}
	for range slots {
		(<-holds).Release()
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
	if _, err := a.acquire(ctx, 0, never); !errors.Is(err, errWaitEnded) {
		t.Fatalf("queued behind a slot held past the wait: %v, want refused", err)
	}
	if a.queued() != 0 {
		t.Errorf("%d requests left in the queue after the refusal", a.queued())
	}
	h.Release()
	mustAcquire(t, a).Release()
}

// TestAdmissionStartsFromItsInitialHold: before any search has ended, the
// estimate is the initial hold (a prior: the server passes zero), so behind
// one slot held by a search of unknown length, with a prior of 1 s, a
// request that may wait less than that hold is refused at once, and one
// that may wait longer queues.
func TestAdmissionStartsFromItsInitialHold(t *testing.T) {
	a := newAdmission(1, 4, time.Second)
	h := mustAcquire(t, a)
	short, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if _, err := a.acquire(short, 0, never); !errors.Is(err, errWaitLong) || short.Err() != nil {
		t.Fatalf("cold, may wait 0.5 s: %v (context %v), want an immediate refusal", err, short.Err())
	}
	long, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	handOver(t, a, long, h, "cold, may wait a minute: %v")
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
		_, err := a.acquire(ctx, 0, never)
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
	h.Release()
}

// TestExpectedWaitHandsSlotsOver: with two slots, one held by a search due
// to end in 100 ms and one by a search of unknown end, at an average hold
// of 1 s, the first in the queue waits for the 100 ms search, the second
// for the other (1 s from its start), the third for the first slot's next
// holder (100 ms + 1 s).
func TestExpectedWaitHandsSlotsOver(t *testing.T) {
	a := newAdmission(2, 4, time.Second)
	start := time.Now()
	soon, err := a.acquire(context.Background(), 0, start.Add(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	late := mustAcquire(t, a)
	for pos, want := range map[int]time.Duration{1: 100 * time.Millisecond, 2: time.Second, 3: 1100 * time.Millisecond} {
		// The estimate moves with the clock: it is want less the time
		// since the slots were taken, which is at most since start.
		a.mu.Lock()
		a.waiters.Init()
		for range pos - 1 {
			a.waiters.PushBack(&leaseWaiter{})
		}
		got := a.expectedWaitLocked(0)
		a.waiters.Init()
		a.mu.Unlock()
		if took := time.Since(start); got > want || got < want-took {
			t.Errorf("expectedWait(%d) = %v, want %v less at most the %v the test took", pos, got, want, took)
		}
	}
	soon.Release()
	late.Release()
}

// TestLeaseWaitsForMemoryInArrivalOrder: with two slots and a budget of
// 10 bytes, 8 of them held by one lease, a request for 5 bytes waits
// although a slot is free (the memory is short), a request for 2 bytes
// behind it waits too (arrival order), both are granted once the first
// lease ends, and a request for more than the whole budget is refused at
// once with errNoMemory.
func TestLeaseWaitsForMemoryInArrivalOrder(t *testing.T) {
	a := newScheduler(2, 4, 1, engine.NewMemoryBudget(10), time.Millisecond)
	if _, err := a.acquire(context.Background(), 11, never); !errors.Is(err, errNoMemory) {
		t.Fatalf("a lease larger than the budget: %v, want errNoMemory", err)
	}
	first, err := a.acquire(context.Background(), 8, never)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got := make(chan *Lease, 2)
	for i, need := range []int64{5, 2} {
		go func() {
			l, err := a.acquire(ctx, need, never)
			if err != nil {
				t.Error(err)
			}
			got <- l
		}()
		for a.queued() != i+1 {
			time.Sleep(time.Millisecond)
		}
	}
	if a.memoryWaiting() != 2 || a.busy() != 1 {
		t.Fatalf("%d waiting for memory, %d busy; want 2 and 1", a.memoryWaiting(), a.busy())
	}
	first.Release()
	a1, a2 := <-got, <-got
	if a.memory.Reserved() != 7 || a.busy() != 2 || a.queued() != 0 {
		t.Errorf("reserved %d, busy %d, queued %d after the hand-over; want 7, 2, 0", a.memory.Reserved(), a.busy(), a.queued())
	}
	a1.Release()
	a2.Release()
	a1.Release() // a second release does nothing
	if a.memory.Reserved() != 0 || a.busy() != 0 {
		t.Errorf("reserved %d, busy %d after every release", a.memory.Reserved(), a.busy())
	}
}

// TestExpectedWaitCountsMemory: a request whose bytes do not fit beside
// the leases held waits for the first of them to end that makes room,
// though a slot is free; one that fits is expected at once, and one that
// can never fit waits forever.
func TestExpectedWaitCountsMemory(t *testing.T) {
	a := newScheduler(3, 4, 1, engine.NewMemoryBudget(10), time.Hour)
	start := time.Now()
	small, _ := a.acquire(context.Background(), 2, start.Add(100*time.Millisecond))
	big, _ := a.acquire(context.Background(), 6, start.Add(time.Second))
	a.mu.Lock()
	fitting, afterBig, never := a.expectedWaitLocked(2), a.expectedWaitLocked(7), a.expectedWaitLocked(11)
	a.mu.Unlock()
	took := time.Since(start)
	if fitting != 0 {
		t.Errorf("2 bytes beside 8 held of 10: expected wait %v, want 0", fitting)
	}
	if afterBig > time.Second || afterBig < time.Second-took {
		t.Errorf("7 bytes: expected wait %v, want the 1 s lease's end (less the %v the test took)", afterBig, took)
	}
	if never != forever {
		t.Errorf("11 bytes of 10: expected wait %v, want forever", never)
	}
	small.Release()
	big.Release()
}

// TestAdmissionPriorGivesWayToTheFirstHold: the first lease that ends sets
// the average to its own hold, whatever the prior was; later ones move it
// by the moving average's weights.
func TestAdmissionPriorGivesWayToTheFirstHold(t *testing.T) {
	a := newAdmission(1, 4, time.Hour)
	start := time.Now()
	mustAcquire(t, a).Release()
	if got, took := a.averageHold(), time.Since(start); got > took {
		t.Fatalf("after a first lease held at most %v, with a prior of an hour: average %v, want that hold", took, got)
	}
	a.held.Store(int64(time.Hour)) // as if measured: no longer a prior
	mustAcquire(t, a).Release()
	if got := a.averageHold(); got < 7*time.Hour/8-time.Second {
		t.Errorf("a short hold after an hour's average: %v, want about 7/8 of an hour", got)
	}
}
