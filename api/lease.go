package api

import (
	"container/list"
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"movesvc/engine"
)

// maxWaitShare is the share of a request's time that it may spend waiting
// for its lease: the search keeps at least the rest. Half: a short search
// (a ~20 ms Connect Four solve under a 1 s deadline) may queue behind
// dozens of others and still answer in time, and a search that runs to its
// deadline still gets half of it (docs/load-testing.md has the figures).
const maxWaitShare = 2 // 1/maxWaitShare of the time to the deadline

// waitMargin is how far the expected wait must stay within the time a
// request may wait for it to queue: at most 1/waitMargin of it. The wait
// is an estimate from an average; with the margin, an estimate off by up
// to that factor still ends in a lease, so that refusals come at once
// rather than after the request waited all it could.
const waitMargin = 2

// Lease is what a request is granted to search: a search slot, the
// memory its searches hold (Memory, reserved from the server's budget)
// and the goroutines one search may use (Threads), granted together by
// the scheduler. The holder calls Release once its searches are over.
type Lease struct {
	// Memory is the reservation the searches under the lease take their
	// tables from (engine.Limits.Memory).
	Memory *engine.Reservation
	// Threads is how many goroutines a search under the lease may use
	// (engine.Limits.Threads): one plus the slots idle when it was
	// granted, up to Config.SearchThreads.
	Threads int

	sched               *scheduler
	admitted, releaseBy time.Time
	bytes               int64
	released            atomic.Bool
}

// Release gives the slot and the memory back; later calls do nothing.
func (l *Lease) Release() {
	if l == nil || !l.released.CompareAndSwap(false, true) {
		return
	}
	l.sched.release(l)
}

// scheduler grants leases: up to slots searches run at once, their
// reservations within the memory budget, and up to queue more requests
// wait for theirs, served in arrival order; beyond that a request is
// refused at once. It is the one place a request waits.
//
// A request may wait until the deadline of the context it passes to
// acquire (the server sets it at half the request's time, waitUntil). It
// queues when it is expected to get its lease well before that moment
// (within 1/waitMargin of the time to it: expectedWait), and is refused at
// once otherwise: a wait that cannot fit is a 503 now, while the client
// can still try another replica, and one that can fit rides out a burst
// in the queue instead of turning it into 503s and retries. A queued
// request that still has no lease when its context ends is refused then.
//
// The expected wait follows the searches that hold leases: each gives its
// slot and memory back by its own deadline (a search never runs past it),
// or sooner at the recent average time a search holds its lease,
// whichever comes first; a queued request, once granted, holds its lease
// for the average. Before the first lease has ended the average is
// initialHold, a prior that the first measured hold replaces; the server
// passes zero: a cold server does not know how long its searches hold a
// slot, so it queues whatever its queue has room for, each request's wait
// still capped by its context, rather than refuse a burst of short
// searches (a replica restarted in a rolling restart takes the load the
// other one sheds). The average then follows the searches measured.
type scheduler struct {
	slots   int
	queue   int
	threads int // Config.SearchThreads
	memory  *engine.MemoryBudget
	// held is a moving average of how long a search holds its lease, in
	// nanoseconds: a longer time weighs 1/2, a shorter one 1/8, so that the
	// estimate follows a turn to slower searches within a few of them and
	// errs towards refusing quickly. Until measured is set (the first
	// lease ended) it is the prior, initialHold.
	held     atomic.Int64
	measured bool // under mu

	mu      sync.Mutex
	holders map[*Lease]struct{}
	waiters list.List // of *leaseWaiter, oldest first
}

// leaseWaiter is a request waiting for a lease of need bytes; ready is
// closed once lease is granted.
type leaseWaiter struct {
	need      int64
	releaseBy time.Time
	lease     *Lease
	ready     chan struct{}
}

// newScheduler returns a scheduler of slots searches at once, queue more
// waiting, a search using up to threads goroutines, reserving from
// memory, estimating that a search holds its lease for initialHold until
// searches have been measured.
func newScheduler(slots, queue, threads int, memory *engine.MemoryBudget, initialHold time.Duration) *scheduler {
	s := &scheduler{slots: slots, queue: queue, threads: max(threads, 1), memory: memory, holders: map[*Lease]struct{}{}}
	s.held.Store(int64(initialHold))
	return s
}

// acquire grants a lease of need bytes for a search that gives it back by
// releaseBy (its deadline; zero for none), waiting in the queue no later
// than ctx's deadline. It refuses at once with errNoMemory when need
// exceeds the whole budget; when the lease cannot be granted now, at once
// with errWaitLong (errNoMemory when a slot is free but the memory is
// short) if the expected wait (expectedWait) is not within 1/waitMargin of
// the time to that deadline (fits), and with errQueueFull when no queue
// place is free; and with errWaitEnded (errNoMemory, as before) when ctx
// ends before the lease is granted. On success the caller must Release
// the lease.
func (s *scheduler) acquire(ctx context.Context, need int64, releaseBy time.Time) (*Lease, error) {
	if need > s.memory.Size() {
		return nil, errNoMemory
	}
	s.mu.Lock()
	if s.waiters.Len() == 0 {
		if l := s.grantLocked(need, releaseBy); l != nil {
			s.mu.Unlock()
			return l, nil
		}
	}
	if deadline, ok := ctx.Deadline(); ok && !fits(s.expectedWaitLocked(need), deadline) {
		err := s.shortOfLocked(errWaitLong)
		s.mu.Unlock()
		return nil, err
	}
	if s.waiters.Len() >= s.queue {
		s.mu.Unlock()
		return nil, errQueueFull
	}
	w := &leaseWaiter{need: need, releaseBy: releaseBy, ready: make(chan struct{})}
	elem := s.waiters.PushBack(w)
	s.mu.Unlock()

	select {
	case <-w.ready:
		return w.lease, nil
	case <-ctx.Done():
		s.mu.Lock()
		defer s.mu.Unlock()
		select {
		case <-w.ready:
			// Granted just as ctx ended: give it back.
			s.releaseLocked(w.lease)
		default:
			s.waiters.Remove(elem)
			s.grantWaitersLocked()
		}
		return nil, s.shortOfLocked(errWaitEnded)
	}
}

// shortOfLocked returns the refusal of a request that did not get its
// lease: errNoMemory when a slot is free (the memory is what is short),
// else slotErr. s.mu is held.
func (s *scheduler) shortOfLocked(slotErr error) error {
	if len(s.holders) < s.slots {
		return errNoMemory
	}
	return slotErr
}

// grantLocked grants a lease of need bytes when a slot is free and the
// budget has room, and returns nil otherwise. s.mu is held.
func (s *scheduler) grantLocked(need int64, releaseBy time.Time) *Lease {
	if len(s.holders) >= s.slots {
		return nil
	}
	mem, err := s.memory.Reserve(need)
	if err != nil {
		return nil
	}
	l := &Lease{Memory: mem, sched: s, admitted: time.Now(), releaseBy: releaseBy, bytes: need}
	s.holders[l] = struct{}{}
	l.Threads = min(s.threads, 1+s.slots-len(s.holders))
	return l
}

// grantWaitersLocked grants leases to the waiters at the front of the
// line while they fit. s.mu is held.
func (s *scheduler) grantWaitersLocked() {
	for e := s.waiters.Front(); e != nil; e = s.waiters.Front() {
		w := e.Value.(*leaseWaiter)
		l := s.grantLocked(w.need, w.releaseBy)
		if l == nil {
			return
		}
		w.lease = l
		s.waiters.Remove(e)
		close(w.ready)
	}
}

// release gives back l's slot and memory, tells the average how long it
// was held, and grants the waiters that now fit.
func (s *scheduler) release(l *Lease) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.releaseLocked(l)
}

// releaseLocked is release with s.mu held.
func (s *scheduler) releaseLocked(l *Lease) {
	delete(s.holders, l)
	l.Memory.Release()
	held := int64(time.Since(l.admitted))
	old := s.held.Load()
	next := old + (held-old)/8
	if held > old {
		next = old + (held-old)/2
	}
	if !s.measured {
		next, s.measured = held, true // the prior gives way to the first measurement
	}
	s.held.Store(next)
	s.grantWaitersLocked()
}

// fits reports whether a wait expected to take expected may start now for
// a request that may wait until deadline: whether it is within
// 1/waitMargin of the time left.
func fits(expected time.Duration, deadline time.Time) bool {
	return expected*waitMargin <= time.Until(deadline)
}

// leaseEnd is when a lease is expected to be given back, from now, and
// the bytes it gives back.
type leaseEnd struct {
	at    time.Duration
	bytes int64
}

// expectedWaitLocked estimates how long a request of need bytes that
// joins the end of the queue now waits for its lease. It plays the
// hand-overs forward: each lease held now ends at its deadline or after
// the average hold from its start, whichever is sooner; each request
// ahead in the queue, then this one, is granted, in order, at the first
// moment a slot is free and the memory has room, and then holds its lease
// for the average. A request that can never fit waits forever. s.mu is
// held.
func (s *scheduler) expectedWaitLocked(need int64) time.Duration {
	avg := s.averageHold()
	now := time.Now()
	ends := make([]leaseEnd, 0, s.slots+s.waiters.Len())
	for l := range s.holders {
		at := l.admitted.Add(avg).Sub(now)
		if !l.releaseBy.IsZero() {
			at = min(at, l.releaseBy.Sub(now))
		}
		ends = append(ends, leaseEnd{at: max(at, 0), bytes: l.bytes})
	}
	freeSlots, room := s.slots-len(s.holders), s.memory.Room()
	var t time.Duration
	next := func(need int64) bool { // grants need at the first moment it fits, from t
		for freeSlots < 1 || room < need {
			if len(ends) == 0 {
				return false
			}
			i := earliest(ends)
			t = max(t, ends[i].at)
			freeSlots, room = freeSlots+1, room+ends[i].bytes
			ends = slices.Delete(ends, i, i+1)
		}
		freeSlots, room = freeSlots-1, room-need
		ends = append(ends, leaseEnd{at: t + avg, bytes: need})
		return true
	}
	for e := s.waiters.Front(); e != nil; e = e.Next() {
		if !next(e.Value.(*leaseWaiter).need) {
			return forever
		}
	}
	if !next(need) {
		return forever
	}
	return t
}

// earliest returns the index of the first of ends to come.
func earliest(ends []leaseEnd) int {
	i := 0
	for j, e := range ends {
		if e.at < ends[i].at {
			i = j
		}
	}
	return i
}

// forever is the expected wait of a request that can never be granted.
const forever = time.Duration(1<<63 - 1)

// averageHold returns the moving average of how long a search holds its
// lease.
func (s *scheduler) averageHold() time.Duration { return time.Duration(s.held.Load()) }

// busy returns how many leases are held now.
func (s *scheduler) busy() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.holders)
}

// queued returns how many requests wait for a lease now.
func (s *scheduler) queued() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waiters.Len()
}

// memoryWaiting returns how many requests wait for a lease while a slot
// is free: those the memory budget holds back.
func (s *scheduler) memoryWaiting() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.holders) >= s.slots {
		return 0
	}
	return s.waiters.Len()
}

// lease is the one way a request gets to search: it checks that the server
// takes work and waits, for at most its share of the time (waitUntil), for
// a lease of the memory its searches hold (need) under the deadline of
// ctx. Move, batch and stream call it alike. The error is errShuttingDown
// or the scheduler's *overloadError, counted as a rejection. On success
// the caller must Release the lease.
func (s *Server) lease(ctx context.Context, need int64, arrived time.Time) (l *Lease, err error) {
	ctx, span := s.startSpan(ctx, "lease", leaseSpanStart(need))
	defer func() { endLeaseSpan(span, l, err) }()
	if s.draining.Load() {
		return nil, errShuttingDown
	}
	deadline, ok := ctx.Deadline()
	wait := ctx
	if ok {
		var cancel context.CancelFunc
		wait, cancel = context.WithDeadline(ctx, s.waitUntil(arrived, deadline.Sub(arrived)))
		defer cancel()
	}
	l, err = s.sched.acquire(wait, need, deadline)
	if err != nil {
		var ov *overloadError
		if errors.As(err, &ov) {
			s.metrics.Rejections.Inc()
		}
		return nil, err
	}
	return l, nil
}

// waitUntil returns the latest moment a request that arrived at arrived
// with the given time to its deadline may still wait for its lease: after
// 1/maxWaitShare of its time, and after Config.QueueWait when that is set
// and shorter.
func (s *Server) waitUntil(arrived time.Time, timeout time.Duration) time.Time {
	wait := timeout / maxWaitShare
	if s.cfg.QueueWait > 0 {
		wait = min(wait, s.cfg.QueueWait)
	}
	return arrived.Add(wait)
}
