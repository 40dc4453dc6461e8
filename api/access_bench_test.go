package api_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"movesvc/api"
)

// BenchmarkMoveAccess is BenchmarkMoveHandler's request under what
// access control and tracing add: none (open), an API key and a rate
// limit that never refuses (keyed), and every request traced by the SDK
// with its spans recorded and dropped (traced). Compare the three as
// ratios of one run: docs/operations.md has the figures.
func BenchmarkMoveAccess(b *testing.B) {
	keys := []api.APIKey{{Name: "bench", Hash: api.HashToken("bench-token")}}
	for _, bc := range []struct {
		name string
		cfg  api.Config
	}{
		{"open", api.Config{}},
		{"keyed", api.Config{APIKeys: keys, RateLimit: 1 << 30, RateWindow: time.Second}},
		{"traced", api.Config{Tracer: sdktrace.NewTracerProvider()}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			bc.cfg.ResultCache = -1
			srv := quietServer(bc.cfg)
			body := []byte(`{"game":"tictactoe","board":["x.o","...","..."]}`)
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, "/move", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer bench-token")
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("status %d: %s", rec.Code, rec.Body)
				}
			}
		})
	}
}
