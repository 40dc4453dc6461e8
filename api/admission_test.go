package api

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestAdmissionRefusesWhatWouldExpireInTheQueue: once searches are known to
// hold a slot for about a second, a request with less time than its wait
// is refused at once (its context still alive when the answer comes),
// while one with enough time queues and gets the slot when it frees.
func TestAdmissionRefusesWhatWouldExpireInTheQueue(t *testing.T) {
	a := newAdmission(1, 4, time.Minute)
	if err := a.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	a.release(time.Second) // the measured hold time
	if err := a.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}

	short, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if err := a.acquire(short); !errors.Is(err, errOverloaded) || short.Err() != nil {
		t.Fatalf("acquire with 0.5 s left behind a 1 s search: %v (context %v), want an immediate refusal", err, short.Err())
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

// TestAdmissionQueueWaitIsCapped: before any search has ended there is no
// hold time to estimate a wait from, so a request with a minute to its
// deadline queues; it is still refused once it has waited maxWait, with its
// context alive and the slot still held, rather than at its deadline.
func TestAdmissionQueueWaitIsCapped(t *testing.T) {
	a := newAdmission(1, 4, 20*time.Millisecond)
	if err := a.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := a.acquire(ctx); !errors.Is(err, errOverloaded) || ctx.Err() != nil {
		t.Fatalf("queued behind a held slot: %v (context %v), want a refusal after the queue wait", err, ctx.Err())
	}
	if a.queued() != 0 {
		t.Errorf("%d requests left in the queue after the refusal", a.queued())
	}
	// The cap is at most half the time to the deadline: a request with 10 ms
	// left gives up after 5 ms, before its context ends.
	short, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if err := a.acquire(short); !errors.Is(err, errOverloaded) {
		t.Fatalf("short request: %v, want refused", err)
	}
	a.release(time.Millisecond)
	if err := a.acquire(ctx); err != nil {
		t.Fatalf("a free slot refused: %v", err)
	}
	a.release(time.Millisecond)
}

// TestAdmissionRefusesAtOnceWhatWouldOutwaitTheCap: once searches are known
// to hold a slot for longer than the queue wait, a request behind them is
// refused without queueing, however long its deadline.
func TestAdmissionRefusesAtOnceWhatWouldOutwaitTheCap(t *testing.T) {
	a := newAdmission(1, 4, time.Minute)
	a.held.Store(int64(2 * time.Minute)) // the measured hold time
	if err := a.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- a.acquire(context.Background()) }()
	select {
	case err := <-done:
		if !errors.Is(err, errOverloaded) {
			t.Fatalf("behind a 2-minute search with a 1-minute queue wait: %v, want refused", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the request was queued instead of refused at once")
	}
	a.release(time.Second)
}
