package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
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
	if _, err := Positions([]string{"chess"}, 1, 1, 0, 0, 1); err == nil {
		t.Error("unknown game accepted")
	}
}

func quiet() *api.Server {
	reg := prometheus.NewRegistry()
	return api.New(api.Config{}, games.Registry(), slog.New(slog.NewTextHandler(io.Discard, nil)), reg, reg)
}

// TestRunCountsWhatTheServerCounts runs a short closed loop against a real
// server and checks the report against the server's own metrics.
func TestRunCountsWhatTheServerCounts(t *testing.T) {
	for _, mode := range []string{"closed", "open"} {
		ts := httptest.NewServer(quiet()) // a fresh server: nothing remembered
		defer ts.Close()
		rep, err := Run(context.Background(), Options{
			URL: ts.URL, Path: "/move", Mode: mode, Concurrency: 4, Rate: 2000, Duration: 20 * time.Second,
			MaxRequests: 200, Games: []string{"tictactoe"}, MaxPlies: 6, Seed: 1, Positions: 50,
		})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Requests+rep.Skipped != 200 || rep.Statuses[200] != rep.Requests || rep.OK.N != rep.Requests || rep.OK.Max < rep.OK.P50 {
			t.Errorf("%s: report %+v, want 200 requests, all answered 200 or skipped", mode, rep)
		}
		if mode == "closed" && rep.Skipped != 0 {
			t.Errorf("closed loop skipped %d", rep.Skipped)
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
		rep.Print(&out)
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
