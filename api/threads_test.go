package api_test

import (
	"testing"

	"movesvc/api"
)

// TestSearchThreadsComeFromIdleSlots: a search may use one goroutine plus
// the search slots idle when it is admitted, up to SearchThreads, so the
// first of three searches on a quiet server gets three and the last one.
func TestSearchThreadsComeFromIdleSlots(t *testing.T) {
	for _, tc := range []struct {
		limit int
		want  []int
	}{
		{limit: 8, want: []int{3, 2, 1}},
		{limit: 2, want: []int{2, 2, 1}},
		{limit: 1, want: []int{1, 1, 1}},
	} {
		gated := newGatedGame("gated")
		ts := newTestServer(t, api.Config{MaxSearches: 3, SearchThreads: tc.limit}, gated)
		done := make(chan int, len(tc.want))
		for i, want := range tc.want {
			go func() { done <- ts.post(t, `{"game":"gated","moves":[],"timeout_ms":10000}`).status }()
			<-gated.started
			if got := (<-gated.contexts).threads; got != want {
				t.Errorf("SearchThreads %d, search %d of %d: %d threads, want %d", tc.limit, i+1, len(tc.want), got, want)
			}
		}
		close(gated.gate)
		for range tc.want {
			if status := <-done; status != 200 {
				t.Errorf("status %d", status)
			}
		}
		ts.Close()
	}
}
