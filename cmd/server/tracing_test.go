package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	"google.golang.org/protobuf/proto"

	"movesvc/engine/games"
)

// TestTracesWanted: traces are off unless the OTEL_ environment asks for
// them, and what this build cannot export is refused naming the variable.
func TestTracesWanted(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want bool
		err  string
	}{
		{nil, false, ""},
		{map[string]string{"OTEL_SERVICE_NAME": "movesvc-eu"}, false, ""},
		{map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318"}, true, ""},
		{map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://collector:4318/v1/traces"}, true, ""},
		{map[string]string{"OTEL_TRACES_EXPORTER": "otlp"}, true, ""},
		{map[string]string{"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"}, false, ""},
		{map[string]string{"OTEL_SDK_DISABLED": "true", "OTEL_TRACES_EXPORTER": "otlp"}, false, ""},
		{map[string]string{"OTEL_TRACES_EXPORTER": "zipkin"}, false, "OTEL_TRACES_EXPORTER"},
		{map[string]string{"OTEL_TRACES_EXPORTER": "otlp", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"}, false, "OTEL_EXPORTER_OTLP_PROTOCOL"},
		{map[string]string{"OTEL_TRACES_EXPORTER": "otlp", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc",
			"OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/protobuf"}, true, ""},
		{map[string]string{"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"}, false, ""},
	} {
		got, err := tracesWanted(env(tc.env))
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%v: %v, %v; want %v and an error naming %q", tc.env, got, err, tc.want, tc.err)
		}
	}
	tp, err := NewTracerProvider(context.Background(), env(nil), "test")
	if tp != nil || err != nil {
		t.Errorf("told nothing: %v, %v; want no provider", tp, err)
	}
}

// collector is an OTLP/HTTP trace receiver: it keeps the names of the
// spans and the resources' attributes posted to /v1/traces.
type collector struct {
	mu        sync.Mutex
	spans     []string
	resources []string
}

func (c *collector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	var req coltracepb.ExportTraceServiceRequest
	if err != nil || r.URL.Path != "/v1/traces" || r.Header.Get("Content-Type") != "application/x-protobuf" || proto.Unmarshal(body, &req) != nil {
		http.Error(w, "not an OTLP/HTTP trace export", http.StatusBadRequest)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, rs := range req.ResourceSpans {
		for _, kv := range rs.Resource.Attributes {
			c.resources = append(c.resources, kv.Key+"="+kv.Value.GetStringValue())
		}
		for _, ss := range rs.ScopeSpans {
			for _, s := range ss.Spans {
				c.spans = append(c.spans, s.Name)
			}
		}
	}
	w.Header().Set("Content-Type", "application/x-protobuf")
	_, _ = w.Write(nil)
}

// TestTracesExportedByOTLP runs the server with the tracer provider that
// OTEL_EXPORTER_OTLP_ENDPOINT asks for: a search's spans reach the
// collector by OTLP over HTTP when the server stops, under the resource
// OTEL_SERVICE_NAME names.
func TestTracesExportedByOTLP(t *testing.T) {
	col := &collector{}
	receiver := httptest.NewServer(col)
	defer receiver.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.URL)
	t.Setenv("OTEL_SERVICE_NAME", "movesvc-test")
	t.Setenv("OTEL_BSP_SCHEDULE_DELAY", "60000") // no export before the flush at Close
	tp, err := NewTracerProvider(context.Background(), env(map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.URL}), "v9.9.9")
	if err != nil || tp == nil {
		t.Fatalf("NewTracerProvider: %v, %v", tp, err)
	}
	cfg, err := ParseFlags([]string{"-addr", "127.0.0.1:0", "-shutdown-delay", "-1s"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	cfg.API.Tracer = tp
	m := NewMain(cfg, games.Registry(), io.Discard)
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Post("http://"+m.Addr()+"/move", "application/json", strings.NewReader(`{"game":"connect4","moves":["4","4"]}`))
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	client.CloseIdleConnections()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /move: %d", resp.StatusCode)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	col.mu.Lock()
	defer col.mu.Unlock()
	for _, name := range []string{"POST /move", "lease", "search"} {
		if !slices.Contains(col.spans, name) {
			t.Errorf("the collector got spans %q, not %q", col.spans, name)
		}
	}
	for _, attr := range []string{"service.name=movesvc-test", "service.version=v9.9.9"} {
		if !slices.Contains(col.resources, attr) {
			t.Errorf("the collector got the resource %q, without %s", col.resources, attr)
		}
	}
}
