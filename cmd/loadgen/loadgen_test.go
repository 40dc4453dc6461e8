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
	ts := httptest.NewServer(quiet())
	defer ts.Close()
	for _, mode := range []string{"closed", "open"} {
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
		if rep.ServerDiff["movesvc_search_nodes_total"] <= 0 {
			t.Errorf("%s: no search nodes counted", mode)
		}
		var out strings.Builder
		rep.Print(&out)
		if !strings.Contains(out.String(), "p99") || !strings.Contains(out.String(), "200: ") {
			t.Errorf("%s: report text:\n%s", mode, out.String())
		}
	}
}
