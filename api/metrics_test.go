package api_test

import (
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"movesvc/api"
)

// TestConfigGauges: the search slots and the default deadline are
// exported, for alerts and dashboards to put saturation and latency
// against them.
func TestConfigGauges(t *testing.T) {
	ts := newTestServer(t, api.Config{MaxSearches: 3, DefaultTimeout: 2500 * time.Millisecond})
	m := ts.api.Metrics()
	if got := testutil.ToFloat64(m.Slots); got != 3 {
		t.Errorf("movesvc_search_slots %v, want 3", got)
	}
	if got := testutil.ToFloat64(m.DefaultTimeout); got != 2.5 {
		t.Errorf("movesvc_default_timeout_seconds %v, want 2.5", got)
	}
}
