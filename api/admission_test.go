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
	a := newAdmission(1, 4)
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
