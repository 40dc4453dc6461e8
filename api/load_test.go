package api_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"movesvc/api"
	"movesvc/engine/games"
)

// TestOverloadIsShed fills the single search slot and the one queue place,
// then checks that the next request is refused with 503 and Retry-After
// while the first two are answered once the slot frees.
func TestOverloadIsShed(t *testing.T) {
	gated := newGatedGame("gated")
	ts := newTestServer(t, api.Config{MaxSearches: 1, QueueSize: 1, QueueWait: time.Minute}, gated)
	body := `{"game":"gated","moves":[],"timeout_ms":5000}`

	var wg sync.WaitGroup
	statuses := make(chan int, 2)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses <- ts.post(t, body).status
		}()
	}
	<-gated.started // one search holds the slot
	// Wait until the other request is queued: a third is then refused.
	for start := time.Now(); testutil.ToFloat64(ts.api.Metrics().Queued) != 1; time.Sleep(time.Millisecond) {
		if time.Since(start) > 5*time.Second {
			t.Fatal("the second request never queued")
		}
	}
	r := ts.post(t, body)
	if r.status != http.StatusServiceUnavailable {
		t.Fatalf("third request got %d while the slot and queue are full: %s", r.status, r.body)
	}
	if r.header.Get("Retry-After") == "" {
		t.Errorf("503 without Retry-After")
	}
	var p problem
	r.decode(t, &p)
	if p.Type != "/problems/overloaded" {
		t.Errorf("problem type %q", p.Type)
	}
	close(gated.gate)
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != http.StatusOK {
			t.Errorf("admitted request answered %d", s)
		}
	}
	if got := testutil.ToFloat64(ts.api.Metrics().Rejections); got != 1 {
		t.Errorf("rejections metric %v, want 1", got)
	}
}

// TestDeadlineGivesBestSoFar runs a search that cannot finish before its
// deadline: the answer is still a legal move, marked incomplete.
func TestDeadlineGivesBestSoFar(t *testing.T) {
	gated := newGatedGame("gated")
	ts := newTestServer(t, api.Config{}, gated)
	r := ts.post(t, `{"game":"gated","board":["x..","...","..."],"timeout_ms":30}`)
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var got moveResponse
	r.decode(t, &got)
	if got.Complete || got.Depth < 1 || got.Outcome != "unknown" || got.PliesToEnd != nil {
		t.Errorf("got %+v, want an incomplete answer from depth >= 1", got)
	}
	if row := []string{"x..", "...", "..."}[got.Move.Row]; row[got.Move.Col] != '.' {
		t.Errorf("move %+v is not legal", got.Move)
	}
	if hits := testutil.ToFloat64(ts.api.Metrics().DeadlineHits.WithLabelValues("gated")); hits != 1 {
		t.Errorf("deadline hits %v, want 1", hits)
	}
}

// TestPanicIsContained checks that a panicking search answers a generic 500
// with the request id, logs the detail, counts it, and leaves the server up.
func TestPanicIsContained(t *testing.T) {
	gated := newGatedGame("exploding")
	gated.panics = true
	ts := newTestServer(t, api.Config{}, gated)
	r := ts.post(t, `{"game":"exploding","moves":[]}`, "X-Request-Id", "boom-1")
	if r.status != http.StatusInternalServerError {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var p problem
	r.decode(t, &p)
	if p.Type != "/problems/internal-error" || p.RequestID != "boom-1" || strings.Contains(string(r.body), "exploded") {
		t.Errorf("problem %s: want a generic internal error with the request id", r.body)
	}
	if !containsAll(ts.logs.String(), "search exploded", `"request_id":"boom-1"`) {
		t.Errorf("the log does not have the panic with its request id")
	}
	if got := testutil.ToFloat64(ts.api.Metrics().Panics); got != 1 {
		t.Errorf("panics metric %v", got)
	}
	// The search slot was given back: the server still plays.
	for range 3 {
		if r := ts.post(t, `{"game":"tictactoe","moves":[]}`); r.status != http.StatusOK {
			t.Fatalf("after the panic: %d", r.status)
		}
	}
	if got := testutil.ToFloat64(ts.api.Metrics().SearchesInFlight); got != 0 {
		t.Errorf("searches in flight %v after the panic, want 0", got)
	}
}

func TestMetrics(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	var got moveResponse
	ts.post(t, `{"game":"tictactoe","moves":[]}`).decode(t, &got)
	ts.post(t, `{"game":"tictactoe"}`) // a 422

	m := ts.api.Metrics()
	if v := testutil.ToFloat64(m.SearchNodes.WithLabelValues("tictactoe")); v != float64(got.Nodes) {
		t.Errorf("search nodes %v, want %d", v, got.Nodes)
	}
	if n := testutil.CollectAndCount(m.SearchDuration); n != 1 {
		t.Errorf("%d duration series", n)
	}
	if v := testutil.ToFloat64(m.HTTPRequests.WithLabelValues("/move", "POST", "200")); v != 1 {
		t.Errorf("http_requests_total{/move,POST,200} = %v", v)
	}
	if v := testutil.ToFloat64(m.HTTPRequests.WithLabelValues("/move", "POST", "422")); v != 1 {
		t.Errorf("http_requests_total{/move,POST,422} = %v", v)
	}
	ts.do(t, http.MethodGet, "/no/such/path/12345", "", nil)
	if v := testutil.ToFloat64(m.HTTPRequests.WithLabelValues("unmatched", "GET", "404")); v != 1 {
		t.Errorf("unmatched paths are not folded into one label: %v", v)
	}
	problems, err := testutil.GatherAndLint(ts.prom)
	if err != nil || len(problems) > 0 {
		t.Errorf("metric lint: %v %v", err, problems)
	}
	r := ts.do(t, http.MethodGet, "/metrics", "", nil)
	text := string(r.body)
	for _, name := range []string{
		"movesvc_search_nodes_total", "movesvc_search_duration_seconds_bucket", "movesvc_search_depth_bucket",
		"movesvc_searches_in_flight", "movesvc_search_deadline_hits_total", "http_requests_total",
		"http_request_duration_seconds_bucket",
	} {
		if !strings.Contains(text, name) {
			t.Errorf("/metrics lacks %s", name)
		}
	}
	if !strings.Contains(text, `movesvc_search_depth_bucket{game="tictactoe",le="10"} 1`) {
		t.Errorf("the depth histogram does not show the depth-9 search")
	}
}

// TestClientDisconnectCancelsSearch checks that a client going away stops
// its search at once, counted as a cancellation, not a deadline hit.
func TestClientDisconnectCancelsSearch(t *testing.T) {
	gated := newGatedGame("gated")
	ts := newTestServer(t, api.Config{}, gated)
	if err := goAway(ts, gated, `{"game":"gated","moves":[],"timeout_ms":10000}`); err == nil {
		t.Fatal("the cancelled request got an answer")
	}
	m := ts.api.Metrics()
	for start := time.Now(); testutil.ToFloat64(m.Cancellations.WithLabelValues("gated")) != 1; time.Sleep(time.Millisecond) {
		if time.Since(start) > 5*time.Second {
			t.Fatal("the search was not cancelled by the disconnect")
		}
	}
	if hits := testutil.ToFloat64(m.DeadlineHits.WithLabelValues("gated")); hits != 0 {
		t.Errorf("a disconnect counted as %v deadline hits", hits)
	}
}

// TestClientDisconnectIsCounted499: a request whose client went away
// before its answer has no status of its own; it is counted in
// http_requests_total and the latency histogram, and logged, as 499 (as
// gateways do), never as a 200 that nobody received.
func TestClientDisconnectIsCounted499(t *testing.T) {
	gated := newGatedGame("gated")
	ts := newTestServer(t, api.Config{}, gated)
	_ = goAway(ts, gated, `{"game":"gated","moves":[],"timeout_ms":10000}`)
	m := ts.api.Metrics()
	waitFor(t, "the request to be counted", func() bool { return testutil.CollectAndCount(m.HTTPRequests) > 0 })
	if n := testutil.CollectAndCount(m.HTTPRequests); n != 1 {
		t.Errorf("%d series of http_requests_total, want the 499 alone", n)
	}
	if n := testutil.CollectAndCount(m.HTTPDuration); n != 1 {
		t.Errorf("%d series of http_request_duration_seconds, want the 499 alone", n)
	}
	if v := testutil.ToFloat64(m.HTTPRequests.WithLabelValues("/move", "POST", "499")); v != 1 {
		t.Errorf("http_requests_total{/move,POST,499} = %v, want 1", v)
	}
	if logs := ts.logs.String(); !containsAll(logs, `"path":"/move"`, `"status":499`) {
		t.Errorf("the request is not logged with status 499:\n%s", logs)
	}
}

// TestClientDisconnectStopsEveryGame holds a search of each game's slowest
// kind of position until its client disconnects, then lets it search: every
// node it visits comes after the cancellation, and the count must stay
// within the first protected iteration and one poll interval (measured:
// 256 to 4096), far below the seconds of search the request asked for.
func TestClientDisconnectStopsEveryGame(t *testing.T) {
	for _, tc := range []struct{ game, body string }{
		{"tictactoe", `"moves":[]`},
		{"connect4", `"moves":["2","7","1","3","3","2","1","2"]`},
		{"connect4", `"moves":["2","7","1","3","3","2","1","2"],"depth":30`},
		{"gomoku", `"moves":["j10","k11","k10","j11","l9","h12","m8","k9"],"size":19,"depth":20`},
	} {
		base, _ := games.Registry().Lookup(tc.game)
		gated := newGatedGameOf("gated-"+tc.game, base)
		ts := newTestServer(t, api.Config{}, gated)
		if err := goAway(ts, gated, `{"game":"gated-`+tc.game+`",`+tc.body+`,"timeout_ms":10000}`); err == nil {
			t.Fatalf("%s: the cancelled request got an answer", tc.game)
		}
		m := ts.api.Metrics()
		waitFor(t, "the cancellation to be counted", func() bool {
			return testutil.ToFloat64(m.Cancellations.WithLabelValues(gated.name)) == 1
		})
		nodes := testutil.ToFloat64(m.SearchNodes.WithLabelValues(gated.name))
		if nodes <= 0 || nodes > 10000 {
			t.Errorf("%s %s: %v nodes searched after the client went away, want 1..10000", tc.game, tc.body, nodes)
		}
		if hits := testutil.ToFloat64(m.DeadlineHits.WithLabelValues(gated.name)); hits != 0 {
			t.Errorf("%s: a disconnect counted as %v deadline hits", tc.game, hits)
		}
	}
}

// goAway posts body to POST /move of ts, a search of gated, and goes away
// once the search has started: it returns the client's error, which is
// nil only if an answer came anyway.
func goAway(ts *testServer, gated *gatedGame, body string) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/move", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	done := make(chan error, 1)
	go func() {
		resp, err := ts.Client().Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	<-gated.started
	cancel()
	return <-done
}
