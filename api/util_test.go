package api_test

import (
	"encoding/json"
	"io"
	"log/slog"

	"github.com/prometheus/client_golang/prometheus"

	"movesvc/api"
	"movesvc/engine/games"
)

// quietServer is the API with the service's games, no logs and a private
// metrics registry, for use without a network.
func quietServer(cfg api.Config) *api.Server {
	reg := prometheus.NewRegistry()
	return api.New(testConfig(cfg), games.Registry(), slog.New(slog.NewTextHandler(io.Discard, nil)), reg, reg)
}

// testConfig is cfg as the tests run it: one search slot and one thread
// a search unless a test asks for more, so that what a test sees (node
// counts, waits, budgets) does not depend on the machine's CPUs, which
// the server's defaults follow (GOMAXPROCS).
func testConfig(cfg api.Config) api.Config {
	if cfg.MaxSearches == 0 {
		cfg.MaxSearches = 1
	}
	if cfg.SearchThreads == 0 {
		cfg.SearchThreads = 1
	}
	return cfg
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
