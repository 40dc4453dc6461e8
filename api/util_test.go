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
	return api.New(cfg, games.Registry(), slog.New(slog.NewTextHandler(io.Discard, nil)), reg, reg)
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
