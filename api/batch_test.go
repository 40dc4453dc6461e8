package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"movesvc/api"
)

// batchResponse is a decoded 200 answer to POST /moves.
type batchResponse struct {
	Results []struct {
		Index   int           `json:"index"`
		Status  int           `json:"status"`
		Result  *moveResponse `json:"result"`
		Problem *problem      `json:"problem"`
	} `json:"results"`
}

func (ts *testServer) postBatch(t *testing.T, body string) response {
	t.Helper()
	return ts.do(t, http.MethodPost, "/moves", "application/json", []byte(body))
}

// TestBatchAnswersInOrderWithItemErrors checks that a batch answers every
// request in order, its bad requests with their own problems naming the
// item, without failing the others.
func TestBatchAnswersInOrderWithItemErrors(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	r := ts.postBatch(t, `{"requests":[
		{"game":"tictactoe","board":["x.o","...","..."]},
		{"game":"shogi","moves":[]},
		{"game":"connect4","moves":["4","4","4","4"]},
		{"game":"tictactoe","moves":[],"bogus":true},
		{"game":"tictactoe","moves":["b2","b2"]},
		{"game":"gomoku","moves":["h8","h9","i9"],"depth":2},
		null
	],"timeout_ms":5000}`)
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var got batchResponse
	r.decode(t, &got)
	want := []struct {
		status   int
		game     string
		location string
	}{
		{200, "tictactoe", ""},
		{422, "", "body.requests[1].game"},
		{200, "connect4", ""},
		{400, "", "body.requests[3].bogus"},
		{422, "", "body.requests[4].moves[1]"},
		{200, "gomoku", ""},
		{400, "", "body.requests[6]"},
	}
	if len(got.Results) != len(want) {
		t.Fatalf("%d results, want %d", len(got.Results), len(want))
	}
	for i, w := range want {
		g := got.Results[i]
		if g.Index != i || g.Status != w.status {
			t.Errorf("result %d: index %d status %d, want status %d", i, g.Index, g.Status, w.status)
			continue
		}
		if w.status == 200 {
			if g.Result == nil || g.Result.Game != w.game || g.Problem != nil {
				t.Errorf("result %d: %+v, want a %s move", i, g.Result, w.game)
			}
			continue
		}
		if g.Problem == nil || g.Result != nil || g.Problem.Status != w.status || g.Problem.Instance != "/moves" {
			t.Errorf("result %d: problem %+v", i, g.Problem)
			continue
		}
		if w.location != "" && (len(g.Problem.Errors) == 0 || g.Problem.Errors[0].Location != w.location) {
			t.Errorf("result %d: errors %+v, want one at %s", i, g.Problem.Errors, w.location)
		}
	}
	// The first position is the one TestMoveFromBoard answers: a win in 5.
	if res := got.Results[0].Result; res.Outcome != "win" || res.PliesToEnd == nil || *res.PliesToEnd != 5 {
		t.Errorf("first result %+v", res)
	}
}

// TestBatchLimits checks the batch's own validation: its size, its
// timeout, an empty list.
func TestBatchLimits(t *testing.T) {
	ts := newTestServer(t, api.Config{MaxBatch: 3})
	item := `{"game":"tictactoe","moves":[]}`
	cases := []struct {
		body     string
		status   int
		location string
	}{
		{`{"requests":[` + strings.Repeat(item+",", 3) + item + `]}`, 422, "body.requests"},
		{`{"requests":[]}`, 422, "body.requests"},
		{`{"requests":[` + item + `],"timeout_ms":999999}`, 422, "body.timeout_ms"},
		{`{"requests":[` + item + `],"extra":1}`, 400, "body.extra"},
		{`{"requests":{}}`, 400, "body.requests"},
	}
	for _, tc := range cases {
		r := ts.postBatch(t, tc.body)
		var p problem
		r.decode(t, &p)
		if r.status != tc.status || len(p.Errors) == 0 || p.Errors[0].Location != tc.location {
			t.Errorf("%s: %d %+v, want %d naming %s", tc.body, r.status, p.Errors, tc.status, tc.location)
		}
	}
	r := ts.postBatch(t, `{"requests":[`+strings.Repeat(item+",", 2)+item+`]}`)
	if r.status != http.StatusOK {
		t.Errorf("a batch of the maximum size: %d %s", r.status, r.body)
	}
}

// TestBatchSharesTheDeadline sends a batch whose searches could each use
// far more than the batch's time: every one is answered, each with a move
// of a completed first iteration from a search that ran (nodes and time
// of its own) and that the deadline stopped. How the time is split is
// TestBatchItemDeadlinesShareTheBatchDeadline's and
// TestItemDeadlineSharesFairly's.
func TestBatchSharesTheDeadline(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	items := make([]string, 4)
	for i := range items {
		items[i] = `{"game":"gomoku","moves":["h8","h9","i9"],"depth":20}`
	}
	r := ts.postBatch(t, fmt.Sprintf(`{"requests":[%s],"timeout_ms":400}`, strings.Join(items, ",")))
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var got batchResponse
	r.decode(t, &got)
	for i, g := range got.Results {
		if g.Status != 200 || g.Result == nil || g.Result.Depth < 1 || g.Result.Complete || g.Result.Nodes == 0 || g.Result.ElapsedMS <= 0 {
			t.Errorf("result %d: %+v, want a move from a search the deadline stopped", i, g.Result)
		}
	}
}

// TestBatchItemsAreAsStrictAsMove sends every hostile request that is a
// JSON object as an item of POST /moves: each item is answered exactly as
// POST /move answers it alone, the same status and the same field at
// fault under body.requests[i]. A field name that only matches when case is
// folded ("GAME", "moveſ", the Kelvin sign) or a field given twice is a 400
// in a batch too, not a move for a request /move refuses.
func TestBatchItemsAreAsStrictAsMove(t *testing.T) {
	ts := newTestServer(t, api.Config{MaxTimeout: 10 * time.Second})
	var cases []hostileCase
	for _, tc := range hostileRequests() {
		if tc.method == "" && tc.path == "" && tc.contentType == "" && len(tc.body) < 4096 &&
			strings.HasPrefix(tc.body, "{") && json.Valid([]byte(tc.body)) {
			cases = append(cases, tc)
		}
	}
	for _, name := range []string{"case-folded field name", "long s in a field name", "Kelvin sign in a field name", "duplicate field"} {
		if !slices.ContainsFunc(cases, func(tc hostileCase) bool { return tc.name == name }) {
			t.Fatalf("hostile case %q is not among the batch items", name)
		}
	}
	for chunk := range slices.Chunk(cases, api.DefaultMaxBatch) {
		items := make([]string, len(chunk))
		for i, tc := range chunk {
			items[i] = tc.body
		}
		r := ts.postBatch(t, `{"requests":[`+strings.Join(items, ",")+`],"timeout_ms":5000}`)
		if r.status != http.StatusOK {
			t.Fatalf("status %d: %.300s", r.status, r.body)
		}
		var got batchResponse
		r.decode(t, &got)
		if len(got.Results) != len(chunk) {
			t.Fatalf("%d results for %d requests", len(got.Results), len(chunk))
		}
		for i, tc := range chunk {
			g := got.Results[i]
			want := ts.post(t, tc.body).status // POST /move's answer to the same request
			if g.Status != want || tc.status != 0 && want != tc.status {
				t.Errorf("%s: item status %d, POST /move %d, want %d", tc.name, g.Status, want, tc.status)
				continue
			}
			if want == http.StatusOK {
				continue
			}
			loc := fmt.Sprintf("body.requests[%d]", i) + strings.TrimPrefix(tc.location, "body")
			if g.Problem == nil || len(g.Problem.Errors) == 0 || g.Problem.Errors[0].Location != loc {
				t.Errorf("%s: item problem %+v, want one at %s", tc.name, g.Problem, loc)
			}
		}
	}
}

// TestBatchPanicIsContainedToItsItem puts a search that panics between two
// good requests: the batch is answered 200, the panicking item with a
// generic 500 problem carrying the request id (the panic's text is only in
// the log, with the id and the item's index), the others with their moves;
// the panic is counted, and the slot, the memory and the in-flight gauge
// are given back.
func TestBatchPanicIsContainedToItsItem(t *testing.T) {
	exploding := newGatedGame("exploding")
	exploding.panics = true
	ts := newTestServer(t, api.Config{MaxSearches: 1}, exploding)
	r := ts.do(t, http.MethodPost, "/moves", "application/json", []byte(`{"requests":[
		{"game":"tictactoe","moves":[]},
		{"game":"exploding","moves":[]},
		{"game":"connect4","moves":["4","4","4","4"]}
	],"timeout_ms":5000}`), "X-Request-Id", "boom-batch")
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var got batchResponse
	r.decode(t, &got)
	if len(got.Results) != 3 {
		t.Fatalf("%d results: %s", len(got.Results), r.body)
	}
	for _, i := range []int{0, 2} {
		if g := got.Results[i]; g.Status != 200 || g.Result == nil || g.Result.Move.Notation == "" {
			t.Errorf("result %d: %+v, want a move", i, g)
		}
	}
	g := got.Results[1]
	if g.Status != 500 || g.Problem == nil || g.Problem.Status != 500 || g.Problem.Type != "/problems/internal-error" ||
		g.Problem.RequestID != "boom-batch" || g.Problem.Instance != "/moves" {
		t.Errorf("result 1: %+v, want a 500 internal-error problem with the request id", g.Problem)
	}
	if strings.Contains(string(r.body), "exploded") || strings.Contains(string(r.body), ".go:") {
		t.Errorf("the answer leaks the panic: %s", r.body)
	}
	if !containsAll(ts.logs.String(), "search exploded", `"request_id":"boom-batch"`, `"item":1`, "goroutine") {
		t.Errorf("the log does not have the panic with its request id, item and stack:\n%s", ts.logs)
	}
	m := ts.api.Metrics()
	if got := testutil.ToFloat64(m.Panics); got != 1 {
		t.Errorf("panics metric %v, want 1", got)
	}
	if got := testutil.ToFloat64(m.SearchesInFlight); got != 0 {
		t.Errorf("searches in flight %v after the panic, want 0", got)
	}
	if got := testutil.ToFloat64(m.MemoryReserved); got != 0 {
		t.Errorf("memory reserved %v after the panic, want 0", got)
	}
	// The only search slot was given back.
	if r := ts.post(t, `{"game":"connect4","moves":["4"],"depth":4}`); r.status != http.StatusOK {
		t.Errorf("after the panic: %d %s", r.status, r.body)
	}
}

// TestBatchItemDeadlinesShareTheBatchDeadline sends a batch of four
// searches that each run until their deadline, the second with its own
// timeout_ms of 50, and reads the deadline each search was given. From
// the moment it starts, each item has at most an equal share of the time
// left to the batch's deadline (the second at most its own 50 ms), and at
// least that share counted from the end of the item before it; only the
// last runs to the batch's deadline. These are orderings of the clock
// readings, which hold however slowly the machine runs.
func TestBatchItemDeadlinesShareTheBatchDeadline(t *testing.T) {
	gated := newGatedGame("gated") // never opened: each search runs to its deadline
	ts := newTestServer(t, api.Config{MaxSearches: 1}, gated)
	const timeout = 400 * time.Millisecond
	item := `{"game":"gated","moves":["b2"]}`
	sent := time.Now()
	r := ts.postBatch(t, `{"requests":[`+item+`,{"game":"gated","moves":["b2"],"timeout_ms":50},`+item+`,`+item+`],"timeout_ms":400}`)
	done := time.Now()
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var got batchResponse
	r.decode(t, &got)
	for i, g := range got.Results {
		if g.Status != 200 || g.Result == nil || g.Result.Depth < 1 || g.Result.Nodes == 0 || g.Result.Complete {
			t.Errorf("result %d: %+v, want a move of a search its deadline stopped", i, g.Result)
		}
	}
	var items []searchContext
	for range 4 {
		items = append(items, <-gated.contexts)
	}
	batch := items[3].deadline
	if batch.Before(sent.Add(timeout)) || batch.After(done.Add(timeout)) {
		t.Fatalf("the last item's deadline is not the batch's: %v after the request was sent, timeout %v", batch.Sub(sent), timeout)
	}
	for i, it := range items[:3] {
		if !it.deadline.Before(batch) {
			t.Errorf("item %d has the whole batch's deadline", i)
		}
	}
	own := []time.Duration{0, 50 * time.Millisecond, 0, 0}
	for i, it := range items {
		k := time.Duration(4 - i) // items left to search, this one included
		share := it.deadline.Sub(it.start)
		if most := batch.Sub(it.start) / k; share > most {
			t.Errorf("item %d: %v from its start to its deadline, more than its equal share %v of the %v left", i, share, most, batch.Sub(it.start))
		}
		if own[i] > 0 && share > own[i] {
			t.Errorf("item %d: %v to its deadline, beyond its own timeout_ms %v", i, share, own[i])
		}
		if i == 0 || own[i] > 0 {
			continue
		}
		// The item started no earlier than the one before it ended (its
		// deadline), so its deadline is at least its share from then.
		prev := items[i-1].deadline
		if least := prev.Add(batch.Sub(prev) / k); it.deadline.Before(least) {
			t.Errorf("item %d: deadline %v before the batch's, less than its equal share %v of the %v left after item %d",
				i, batch.Sub(it.deadline), batch.Sub(prev)/k, batch.Sub(prev), i-1)
		}
	}
	// The first item's share counts from the request's arrival, no earlier
	// than it was sent.
	if least := sent.Add(batch.Sub(sent) / 4); items[0].deadline.Before(least) {
		t.Errorf("item 0: less than a quarter of the batch's time")
	}
}
