package api_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"movesvc/api"
	"movesvc/engine"
)

// TestMemoryBudgetBoundsSearches gives three search slots but memory for
// one search of a game that needs 9 MiB (the smallest budget this server
// takes, one Connect Four search: its solver table and the table of the
// heuristic search before it): the second admitted search waits for memory instead of running,
// a third whose deadline passes while waiting is refused with 503, and the
// reserved memory never exceeds the budget.
func TestMemoryBudgetBoundsSearches(t *testing.T) {
	gated := newGatedGame("gated")
	const budget = 9 << 20
	hungry := engine.WithSearchMemory(gated, func(engine.Limits) int64 { return budget })
	ts := newTestServer(t, api.Config{MaxSearches: 3, QueueSize: 1, QueueWait: time.Minute, MemoryBudget: budget}, hungry)
	m := ts.api.Metrics()
	if got := testutil.ToFloat64(m.MemoryBudget); got != budget {
		t.Fatalf("budget gauge %v, want %d", got, budget)
	}

	var wg sync.WaitGroup
	statuses := make(chan int, 2)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses <- ts.post(t, `{"game":"gated","moves":[],"timeout_ms":5000}`).status
		}()
	}
	<-gated.started
	waitFor(t, "the second search to wait for memory", func() bool { return testutil.ToFloat64(m.MemoryWaiting) == 1 })
	if got := testutil.ToFloat64(m.SearchesInFlight); got != 1 {
		t.Errorf("searches in flight %v, want 1: the budget holds one", got)
	}
	if got := testutil.ToFloat64(m.MemoryReserved); got != budget {
		t.Errorf("reserved %v, want %d", got, budget)
	}
	r := ts.post(t, `{"game":"tictactoe","moves":[],"depth":3,"timeout_ms":20}`)
	if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" {
		t.Fatalf("a search that cannot get memory before its deadline: %d %s", r.status, r.body)
	}
	close(gated.gate)
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != http.StatusOK {
			t.Errorf("admitted search answered %d", s)
		}
	}
	if got := testutil.ToFloat64(m.MemoryReserved); got != 0 {
		t.Errorf("reserved %v after every search ended", got)
	}
	if one := engine.TableBytes(engine.DefaultTableBits); testutil.ToFloat64(m.MemoryIdle) != float64(one) {
		got := testutil.ToFloat64(m.MemoryIdle)
		t.Errorf("idle %v, want the one table kept for reuse (%d)", got, one)
	}
}

// TestMemoryWaitThatCannotFitIsRefusedAtOnce: once searches are measured
// to hold their lease for 0.6 s (one ran to its 0.6 s deadline), a search
// that may wait 0.5 s (half its 1 s) for the memory that a running search
// holds is refused with 503 at once, while the first search is still
// running. A refusal that waited instead would come only after a watchdog
// has let the first search end (20 s), which the test then sees.
func TestMemoryWaitThatCannotFitIsRefusedAtOnce(t *testing.T) {
	gated := newGatedGame("gated")
	const budget = 9 << 20
	hungry := engine.WithSearchMemory(gated, func(engine.Limits) int64 { return budget })
	ts := newTestServer(t, api.Config{MaxSearches: 2, DefaultTimeout: 2 * time.Minute, MaxTimeout: 2 * time.Minute, MemoryBudget: budget}, hungry)
	if r := ts.post(t, `{"game":"gated","moves":["a1"],"timeout_ms":600}`); r.status != http.StatusOK {
		t.Fatalf("the search that sets the measured hold: %d %s", r.status, r.body)
	}
	<-gated.started
	var open sync.Once
	release := func() { open.Do(func() { close(gated.gate) }) }
	watchdog := time.AfterFunc(20*time.Second, release)
	defer watchdog.Stop()
	first := make(chan int, 1)
	go func() { first <- ts.post(t, `{"game":"gated","moves":[]}`).status }()
	<-gated.started
	r := ts.post(t, `{"game":"gated","moves":[],"timeout_ms":1000}`)
	if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" {
		t.Fatalf("a memory wait that cannot fit: %d %s, want 503 with Retry-After", r.status, r.body)
	}
	select {
	case s := <-first:
		t.Fatalf("the first search ended (%d) before the refusal: the refusal waited", s)
	default:
	}
	release()
	if s := <-first; s != http.StatusOK {
		t.Errorf("the first search answered %d", s)
	}
}

// TestMemoryBudgetDefault sizes the budget for MaxSearches searches of the
// hungriest game (Kalah: the solver's 8 MiB table and 256 KiB for its
// stack) plus an idle 1 MiB table each when none is given, and raises a
// budget too small for one such search.
func TestMemoryBudgetDefault(t *testing.T) {
	ts := newTestServer(t, api.Config{MaxSearches: 3})
	if got, want := ts.api.Config().MemoryBudget, int64(3*(8<<20+256<<10+1<<20)); got != want {
		t.Errorf("default budget %d, want %d", got, want)
	}
	small := newTestServer(t, api.Config{MaxSearches: 3, MemoryBudget: 1 << 20})
	if got, want := small.api.Config().MemoryBudget, int64(8<<20+256<<10); got != want {
		t.Errorf("budget of 1 MiB became %d, want %d", got, want)
	}
	for _, body := range []string{`{"game":"connect4","moves":["4","4","4"]}`, `{"game":"gomoku","moves":["h8"],"depth":2}`} {
		if r := small.post(t, body); r.status != http.StatusOK {
			t.Errorf("%s under the smallest budget: %d %s", body, r.status, r.body)
		}
	}
}

// waitFor polls cond until it holds, failing the test after a generous
// bound; it orders steps of a test, it does not time anything.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for start := time.Now(); !cond(); time.Sleep(time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatalf("waited 10s for %s", what)
		}
	}
}
