package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"movesvc/api"
	"movesvc/engine/games"
)

func TestPositionsAreLegalAndReproducible(t *testing.T) {
	a, err := Positions([]string{"tictactoe"}, 50, 8, 100, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Positions([]string{"tictactoe"}, 50, 8, 100, 0, 3)
	if len(a) != 50 || !bytes.Equal(bytes.Join(a, nil), bytes.Join(b, nil)) {
		t.Fatal("the same seed gave different positions")
	}
	srv := quiet()
	for _, body := range a {
		var req map[string]any
		if err := json.Unmarshal(body, &req); err != nil || req["timeout_ms"] != 100.0 {
			t.Fatalf("body %s", body)
		}
		rec := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "/move", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		srv.ServeHTTP(rec, r)
		if rec.Code != 200 {
			t.Fatalf("position %s: %d %s", body, rec.Code, rec.Body)
		}
	}
	if _, err := Positions([]string{"shogi"}, 1, 1, 0, 0, 1); err == nil {
		t.Error("unknown game accepted")
	}
}

func quiet() *api.Server { return quietWith(api.Config{}) }

// quietWith returns a server with cfg that logs nothing.
func quietWith(cfg api.Config) *api.Server {
	reg := prometheus.NewRegistry()
	return api.New(cfg, games.Registry(), slog.New(slog.NewTextHandler(io.Discard, nil)), reg, reg)
}

// TestRunCountsWhatTheServerCounts runs a short closed loop against a real
// server and checks the report against the server's own metrics. The
// server runs a search for every connection at once, so that none waits in
// the admission queue: a wait past half a request's 100 ms would be a 503
// on a machine busy with other tests, and admission is not what this
// checks.
func TestRunCountsWhatTheServerCounts(t *testing.T) {
	const connections = 4
	for _, mode := range []string{"closed", "open"} {
		ts := httptest.NewServer(quietWith(api.Config{MaxSearches: connections})) // a fresh server: nothing remembered
		defer ts.Close()
		rep, err := Run(context.Background(), Options{
			URL: ts.URL, Path: "/move", Mode: mode, Concurrency: connections, Rate: 2000, Duration: 20 * time.Second,
			MaxRequests: 200, Games: []string{"tictactoe"}, MaxPlies: 6, Seed: 1, Positions: 50,
		})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Requests != 200 || rep.Unsent != 0 || rep.Statuses[200] != rep.Requests || rep.OK.N != rep.Requests || rep.OK.Max < rep.OK.P50 {
			t.Errorf("%s: report %+v, want 200 requests, all answered 200", mode, rep)
		}
		if mode == "closed" && rep.Late != 0 {
			t.Errorf("closed loop: %d requests late", rep.Late)
		}
		// The scrape of /metrics itself is one request of the "after" count.
		if got := rep.ServerDiff["http_requests_total"]; got != float64(rep.Requests+1) {
			t.Errorf("%s: the server counted %v requests, want %d + 1 scrape", mode, got, rep.Requests)
		}
		// Tic-tac-toe answers from its solution table (no nodes), but every
		// answer is a search the server counts.
		if rep.ServerDiff["movesvc_search_duration_seconds_count"] <= 0 {
			t.Errorf("%s: no searches counted", mode)
		}
		var out strings.Builder
		if err := rep.Print(&out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "p99") || !strings.Contains(out.String(), "200: ") {
			t.Errorf("%s: report text:\n%s", mode, out.String())
		}
	}
}

// TestCheckFlagsWhatAHealthyServerNeverDoes checks Report.Check against
// made-up reports.
func TestCheckFlagsWhatAHealthyServerNeverDoes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rep     Report
		want503 bool
		ok      bool
	}{
		{"all 200", Report{Statuses: map[int]int{200: 10}}, false, true},
		{"shed with Retry-After", Report{Statuses: map[int]int{200: 10, 503: 5}}, true, true},
		{"nothing shed in an overload run", Report{Statuses: map[int]int{200: 10}}, true, false},
		{"a 500", Report{Statuses: map[int]int{200: 10, 500: 1}}, false, false},
		{"a transport error", Report{Statuses: map[int]int{0: 1}}, false, false},
		{"a 503 without Retry-After", Report{Statuses: map[int]int{503: 1}, NoRetryAfter: 1}, false, false},
		{"a panic", Report{Statuses: map[int]int{200: 1}, ServerDiff: map[string]float64{"movesvc_panics_total": 1}}, false, false},
		{"a few late", Report{Options: Options{MaxOffSchedule: 0.05}, Requests: 100, Statuses: map[int]int{200: 100}, Late: 5}, false, true},
		{"many late", Report{Options: Options{MaxOffSchedule: 0.05}, Requests: 100, Statuses: map[int]int{200: 100}, Late: 6}, false, false},
		{"many never sent", Report{Options: Options{MaxOffSchedule: 0.05}, Requests: 90, Statuses: map[int]int{200: 90}, Unsent: 10}, false, false},
		{"late, not checked", Report{Requests: 100, Statuses: map[int]int{200: 100}, Late: 60}, false, true},
	} {
		if err := tc.rep.Check(tc.want503); (err == nil) != tc.ok {
			t.Errorf("%s: Check = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

// TestOverloadRunSheds drives a server with one search slot and no queue
// far past its capacity with searches that run to a 100 ms deadline: the
// run sheds with 503 + Retry-After and passes Check.
func TestOverloadRunSheds(t *testing.T) {
	reg := prometheus.NewRegistry()
	srv := api.New(api.Config{MaxSearches: 1, QueueSize: -1}, games.Registry(), slog.New(slog.NewTextHandler(io.Discard, nil)), reg, reg)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	rep, err := Run(context.Background(), Options{
		URL: ts.URL, Path: "/move", Mode: "open", Concurrency: 16, Rate: 400, Duration: 20 * time.Second,
		MaxRequests: 40, Games: []string{"gomoku"}, MaxPlies: 4, TimeoutMS: 100, Depth: 20, Seed: 1, Positions: 10,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Check(true); err != nil {
		t.Errorf("%v; report %+v", err, rep)
	}
	if rep.Statuses[200] == 0 || rep.Rejected.N != rep.Statuses[503] {
		t.Errorf("statuses %v: want some accepted and the 503s timed", rep.Statuses)
	}
}

// TestOpenLoopCountsFromTheSchedule runs the open loop at 100 requests a
// second on one connection against a server whose first answer takes 200
// ms and every other none. The requests due meanwhile (every 10 ms) wait
// for the connection: each is counted late and charged from its due time,
// so at least 18 of the 30 have a latency of 20 ms or more (200 ms minus
// how long after the first each was due) although the server answered
// them at once. A generator that times from the send would report all but
// one near zero.
func TestOpenLoopCountsFromTheSchedule(t *testing.T) {
	const stall = 200 * time.Millisecond
	var first atomic.Bool
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/metrics" {
			return
		}
		if first.CompareAndSwap(false, true) {
			time.Sleep(stall)
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer ts.Close()
	rep, err := Run(context.Background(), Options{
		URL: ts.URL, Path: "/healthz", Mode: "open", Concurrency: 1, Rate: 100, Duration: 20 * time.Second,
		MaxRequests: 30, LateAfter: 10 * time.Millisecond, MaxOffSchedule: 0.05,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("late %d, unsent %d; latency p50 %v max %v; sent p50 %v", rep.Late, rep.Unsent, rep.All.P50, rep.All.Max, rep.Service.P50)
	if rep.Requests != 30 || rep.Statuses[200] != 30 || rep.Unsent != 0 {
		t.Fatalf("report %+v, want 30 answers", rep)
	}
	// Requests 1..18 were due 10..180 ms into the stall: each left at
	// least 20 ms late, and waited at least that long for its answer.
	if rep.Late < 18 {
		t.Errorf("%d requests counted late, want at least the 18 due during the stall", rep.Late)
	}
	if rep.All.P50 < 20*time.Millisecond || rep.All.Max < stall {
		t.Errorf("latency from the schedule p50 %v max %v: the requests that waited behind the stall are not charged for it", rep.All.P50, rep.All.Max)
	}
	if rep.Service.P50 >= rep.All.P50 {
		t.Errorf("latency from the send p50 %v, not below the one from the schedule %v", rep.Service.P50, rep.All.P50)
	}
	if err := rep.Check(false); err == nil || !strings.Contains(err.Error(), "off schedule") {
		t.Errorf("Check = %v, want a failure for the requests off schedule", err)
	}
	var out strings.Builder
	if err := rep.Print(&out); err != nil {
		t.Fatal(err)
	}
	if text := out.String(); !strings.Contains(text, "off schedule: ") || !strings.Contains(text, "from the send") ||
		!strings.Contains(text, fmt.Sprintf(" late=%d ", rep.Late)) {
		t.Errorf("report text does not show the late requests:\n%s", out.String())
	}
}

// TestParseGamesWeights checks -games: weights repeat a name, so that
// Positions draws it that much more often.
func TestParseGamesWeights(t *testing.T) {
	got, err := ParseGames("tictactoe:3, gomoku")
	if err != nil || !slices.Equal(got, []string{"tictactoe", "tictactoe", "tictactoe", "gomoku"}) {
		t.Fatalf("ParseGames = %v, %v", got, err)
	}
	for _, bad := range []string{"", "tictactoe,", "tictactoe:0", "tictactoe:-1", "tictactoe:x", "gomoku:1001", ":2"} {
		if _, err := ParseGames(bad); err == nil {
			t.Errorf("ParseGames(%q) accepted", bad)
		}
	}
	names, _ := ParseGames("tictactoe:3,connect4:1")
	bodies, err := Positions(names, 400, 4, 0, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range bodies {
		if bytes.Contains(b, []byte(`"game":"tictactoe"`)) {
			n++
		}
	}
	if n < 250 || n > 350 { // 300 expected
		t.Errorf("%d of 400 positions are tic-tac-toe with weight 3 against 1", n)
	}
}

// TestBodyIsSentAsGiven: with Options.Body every POST /move carries that
// body, byte for byte, instead of random positions.
func TestBodyIsSentAsGiven(t *testing.T) {
	const body = `{"game":"connect4","moves":["4","4","5"],"depth":2}`
	var other atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/move" {
			if got, _ := io.ReadAll(r.Body); string(got) != body {
				other.Add(1)
			}
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer ts.Close()
	rep, err := Run(context.Background(), Options{URL: ts.URL, Path: "/move", Mode: "closed", Concurrency: 2,
		Duration: 20 * time.Second, MaxRequests: 20, Games: []string{"tictactoe"}, Body: body})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Statuses[200] != 20 || other.Load() != 0 {
		t.Errorf("%d answered 200 of 20, %d bodies other than the one given", rep.Statuses[200], other.Load())
	}
}
