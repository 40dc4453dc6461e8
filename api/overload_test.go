package api_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"go.uber.org/goleak"

	"movesvc/api"
)

// TestOverloadAtTwiceAndFiveTimesCapacity sends 2x and 5x as many
// concurrent searches as the server has slots and queue places, with every
// slot held: exactly the capacity is accepted and answered 200 once the
// slots free, every other request is refused at once with a 503 overloaded
// problem and Retry-After, the counters agree, and no goroutine is left
// behind.
func TestOverloadAtTwiceAndFiveTimesCapacity(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const slots, queue = 2, 2
	const capacity = slots + queue
	for _, factor := range []int{2, 5} {
		gated := newGatedGame("gated")
		ts := newTestServer(t, api.Config{MaxSearches: slots, QueueSize: queue, QueueWait: time.Minute}, gated)
		m := ts.api.Metrics()
		n := factor * capacity
		type answer struct {
			status     int
			retryAfter string
			problem    string
		}
		answers := make(chan answer, n)
		for range n {
			go func() {
				r := ts.post(t, `{"game":"gated","moves":[],"timeout_ms":10000}`)
				var p problem
				if r.status != http.StatusOK {
					r.decode(t, &p)
				}
				answers <- answer{r.status, r.header.Get("Retry-After"), p.Type}
			}()
		}
		// Every request beyond the capacity is answered while the slots are held.
		for range n - capacity {
			a := <-answers
			if a.status != http.StatusServiceUnavailable || a.retryAfter == "" || a.problem != "/problems/overloaded" {
				t.Errorf("%dx: an excess request got %+v, want 503 overloaded with Retry-After", factor, a)
			}
		}
		if got := testutil.ToFloat64(m.SearchesInFlight) + testutil.ToFloat64(m.Queued); got != capacity {
			t.Errorf("%dx: %v searches running or queued, want %d", factor, got, capacity)
		}
		if got := testutil.ToFloat64(m.Rejections); got != float64(n-capacity) {
			t.Errorf("%dx: rejections metric %v, want %d", factor, got, n-capacity)
		}
		close(gated.gate)
		for range capacity {
			if a := <-answers; a.status != http.StatusOK {
				t.Errorf("%dx: an accepted request got %+v, want 200", factor, a)
			}
		}
		if got := testutil.ToFloat64(m.DeadlineHits.WithLabelValues("gated")); got != 0 {
			t.Errorf("%dx: %v accepted searches hit their deadline", factor, got)
		}
		ts.Close()
		ts.Client().CloseIdleConnections()
	}
}

// BenchmarkOverloadRejection is the time to refuse a search when every
// slot and queue place is taken: the 503's cost to the server, without the
// network.
func BenchmarkOverloadRejection(b *testing.B) {
	gated := newGatedGame("gated")
	ts := newTestServer(b, api.Config{MaxSearches: 1, QueueSize: -1}, gated)
	go func() { ts.post(b, `{"game":"gated","moves":[],"timeout_ms":10000}`) }()
	<-gated.started
	body := []byte(`{"game":"tictactoe","moves":["b2","a1","c3"]}`)
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/move", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		ts.api.ServeHTTP(rec, req)
		if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "overloaded") {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
	b.StopTimer()
	close(gated.gate)
}

// TestColdServerQueuesABurst: a server that has not yet seen a search end
// does not know how long one holds its slot, and queues a request that
// could wait for one rather than refusing it. One slot is held by a search
// of the default length; a second request, which may wait half of its
// default deadline, queues (it is refused at once if the unmeasured hold
// is taken as the whole default deadline, as it was: issue 49's rolling
// restart saw a restarted replica refuse the load the other one shed) and
// is answered 200 once the slot frees.
func TestColdServerQueuesABurst(t *testing.T) {
	gated := newGatedGame("gated")
	ts := newTestServer(t, api.Config{MaxSearches: 1}, gated)
	m := ts.api.Metrics()
	first := make(chan int, 1)
	go func() { first <- ts.post(t, `{"game":"gated","moves":[]}`).status }()
	<-gated.started
	second := make(chan response, 1)
	go func() { second <- ts.post(t, `{"game":"gated","moves":["b2"]}`) }()
	for testutil.ToFloat64(m.Queued) != 1 {
		select {
		case r := <-second:
			t.Fatalf("second request on a cold server answered %d before the slot freed: %s", r.status, r.body)
		case <-time.After(time.Millisecond):
		}
	}
	close(gated.gate)
	if got := <-first; got != http.StatusOK {
		t.Errorf("first request: %d", got)
	}
	if r := <-second; r.status != http.StatusOK {
		t.Errorf("queued request: %d %s, want 200", r.status, r.body)
	}
}
