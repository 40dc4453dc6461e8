package api_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"movesvc/api"
)

// TestResultCache: a proved answer is remembered and given again for the
// same position (as a board or as moves), side to move and depth, without
// a search and without a search slot; a heuristic answer or another depth
// is searched.
func TestResultCache(t *testing.T) {
	gated := newGatedGame("gated")
	ts := newTestServer(t, api.Config{MaxSearches: 1, QueueSize: -1}, gated)
	m := ts.api.Metrics()
	var first, again, asBoard moveResponse
	ts.post(t, `{"game":"tictactoe","moves":["b2","a3"]}`).decode(t, &first)
	nodes := testutil.ToFloat64(m.SearchNodes.WithLabelValues("tictactoe"))
	if first.Outcome == "unknown" || first.Cached {
		t.Fatalf("first answer %+v: want a proved result, searched", first)
	}

	// Hold the only search slot: a remembered answer needs none.
	gatedDone := make(chan struct{})
	go func() {
		defer close(gatedDone)
		ts.post(t, `{"game":"gated","moves":[],"timeout_ms":5000}`)
	}()
	<-gated.started
	ts.post(t, `{"game":"tictactoe","moves":["b2","a3"]}`).decode(t, &again)
	ts.post(t, `{"game":"tictactoe","board":["o..",".x.","..."]}`).decode(t, &asBoard)
	for _, got := range []moveResponse{again, asBoard} {
		if !got.Cached || got.ElapsedMS != 0 || got.Move != first.Move || got.Score != first.Score ||
			got.Nodes != first.Nodes || !slices.Equal(got.PV, first.PV) {
			t.Errorf("repeated request: %+v, want the first answer %+v marked cached", got, first)
		}
	}
	if got := testutil.ToFloat64(m.CacheHits); got != 2 {
		t.Errorf("cache hits %v, want 2", got)
	}
	if got := testutil.ToFloat64(m.SearchNodes.WithLabelValues("tictactoe")); got != nodes {
		t.Errorf("search nodes went from %v to %v: a remembered answer was searched", nodes, got)
	}
	// Another depth is another search: it needs the slot, which is held.
	if r := ts.post(t, `{"game":"tictactoe","moves":["b2","a3"],"depth":8,"timeout_ms":50}`); r.status != http.StatusServiceUnavailable {
		t.Errorf("another depth with the slot held: %d, want 503", r.status)
	}
	close(gated.gate)
	<-gatedDone // answered after its slot was given back
	// A heuristic answer is not remembered.
	var shallow moveResponse
	for range 2 {
		ts.post(t, `{"game":"tictactoe","moves":["a1"],"depth":2}`).decode(t, &shallow)
		if shallow.Cached || shallow.Outcome != "unknown" {
			t.Errorf("depth-2 answer %+v: a heuristic result must not be remembered", shallow)
		}
	}
	if got := testutil.ToFloat64(m.CacheEntries); got != 2 {
		t.Errorf("cache entries %v, want 2", got)
	}
}

// TestResultCacheSkipsLevelsAndAnalysis: a weaker level's seeded choice and
// an analysis are answers of their own, neither remembered nor given from
// the cache, even for a position whose full-strength answer is remembered.
func TestResultCacheSkipsLevelsAndAnalysis(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	m := ts.api.Metrics()
	ts.post(t, `{"game":"tictactoe","moves":["b2","a3"]}`)
	for _, body := range []string{
		`{"game":"tictactoe","moves":["b2","a3"],"level":3,"seed":7}`,
		`{"game":"tictactoe","moves":["b2","a3"],"analysis":true}`,
	} {
		for range 2 {
			var got moveResponse
			r := ts.post(t, body)
			if r.status != http.StatusOK {
				t.Fatalf("%s: %d %s", body, r.status, r.body)
			}
			r.decode(t, &got)
			if got.Cached {
				t.Errorf("%s: answered from the cache", body)
			}
		}
	}
	if got := testutil.ToFloat64(m.CacheHits); got != 0 {
		t.Errorf("cache hits %v, want 0", got)
	}
	if got := testutil.ToFloat64(m.CacheEntries); got != 1 {
		t.Errorf("cache entries %v, want only the full-strength answer", got)
	}
}
