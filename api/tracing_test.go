package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"movesvc/api"
	"movesvc/engine"
)

// tracedServer is a test server whose spans go to an in-memory exporter.
func tracedServer(t *testing.T, cfg api.Config, extra ...*gatedGame) (*testServer, *tracetest.InMemoryExporter) {
	t.Helper()
	exp := tracetest.NewInMemoryExporter()
	cfg.Tracer = sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	var games []engine.Game
	for _, g := range extra {
		games = append(games, g)
	}
	ts := newTestServer(t, cfg, games...)
	return ts, exp
}

// spansNamed waits until the exporter holds a span of each name (the
// server span ends as its answer is sent) and returns the last of each.
func spansNamed(t *testing.T, exp *tracetest.InMemoryExporter, names ...string) map[string]tracetest.SpanStub {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		got := map[string]tracetest.SpanStub{}
		for _, s := range exp.GetSpans() {
			got[s.Name] = s
		}
		missing := false
		for _, n := range names {
			_, ok := got[n]
			missing = missing || !ok
		}
		if !missing {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("spans %v, want %v", exp.GetSpans().Snapshots(), names)
		}
	}
}

// attrs returns a span's attributes by key.
func attrs(s tracetest.SpanStub) map[attribute.Key]attribute.Value {
	out := map[attribute.Key]attribute.Value{}
	for _, kv := range s.Attributes {
		out[kv.Key] = kv.Value
	}
	return out
}

// TestTraces: a search's request is a server span named by its route,
// child of the caller's traceparent, with a "lease" and a "search" span
// under it; the search span has what the answer says of the search.
func TestTraces(t *testing.T) {
	ts, exp := tracedServer(t, api.Config{})
	const traceID, parentID = "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"
	r := ts.post(t, `{"game":"gomoku","moves":["h8","h9"],"depth":2}`, "traceparent", "00-"+traceID+"-"+parentID+"-01")
	var m struct {
		Depth     int    `json:"depth"`
		Nodes     int64  `json:"nodes"`
		StoppedBy string `json:"stopped_by"`
		Outcome   string `json:"outcome"`
	}
	r.decode(t, &m)
	if r.status != http.StatusOK || m.Nodes == 0 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	spans := spansNamed(t, exp, "POST /move", "lease", "search")
	server, lease, search := spans["POST /move"], spans["lease"], spans["search"]
	if server.SpanContext.TraceID().String() != traceID || server.Parent.SpanID().String() != parentID || !server.Parent.IsRemote() ||
		server.SpanKind != trace.SpanKindServer {
		t.Errorf("server span: trace %s, parent %s (remote %v), kind %v; want the traceparent's", server.SpanContext.TraceID(),
			server.Parent.SpanID(), server.Parent.IsRemote(), server.SpanKind)
	}
	sa := attrs(server)
	if sa["http.route"].AsString() != "/move" || sa["movesvc.request_id"].AsString() != r.header.Get("X-Request-Id") ||
		sa["http.response.status_code"].AsInt64() != 200 {
		t.Errorf("server span attributes: %v", server.Attributes)
	}
	for _, child := range []tracetest.SpanStub{lease, search} {
		if child.Parent.SpanID() != server.SpanContext.SpanID() || child.SpanContext.TraceID() != server.SpanContext.TraceID() {
			t.Errorf("%s span: parent %s, want the server span %s", child.Name, child.Parent.SpanID(), server.SpanContext.SpanID())
		}
	}
	if la := attrs(lease); la["movesvc.lease.outcome"].AsString() != "granted" || la["movesvc.lease.memory_bytes"].AsInt64() <= 0 {
		t.Errorf("lease span attributes: %v", lease.Attributes)
	}
	a := attrs(search)
	if a["movesvc.game"].AsString() != "gomoku" || a["movesvc.search.depth"].AsInt64() != int64(m.Depth) ||
		a["movesvc.search.nodes"].AsInt64() != m.Nodes || a["movesvc.search.stopped_by"].AsString() != m.StoppedBy ||
		a["movesvc.search.outcome"].AsString() != m.Outcome || a["movesvc.search.threads"].AsInt64() != 1 {
		t.Errorf("search span attributes %v; the answer says depth %d, nodes %d, stopped by %s, outcome %s",
			search.Attributes, m.Depth, m.Nodes, m.StoppedBy, m.Outcome)
	}
	if logs := ts.logs.String(); !strings.Contains(logs, `"trace_id":"`+traceID+`"`) {
		t.Errorf("the access log does not have the trace id:\n%s", logs)
	}
}

// TestTraceOfARefusedLease: a request refused for want of a search slot
// has a lease span that says it was refused and why, and no search span.
func TestTraceOfARefusedLease(t *testing.T) {
	gated := newGatedGame("gated")
	ts, exp := tracedServer(t, api.Config{QueueSize: -1}, gated)
	first := make(chan int, 1)
	go func() { first <- ts.post(t, `{"game":"gated","moves":[],"timeout_ms":10000}`).status }()
	<-gated.started
	exp.Reset()
	if r := ts.post(t, `{"game":"gated","moves":["b2"]}`); r.status != http.StatusServiceUnavailable {
		t.Errorf("a second search on one busy slot: %d, want 503", r.status)
	}
	spans := spansNamed(t, exp, "POST /move", "lease")
	if a := attrs(spans["lease"]); a["movesvc.lease.outcome"].AsString() != "refused" ||
		!strings.Contains(a["movesvc.lease.refusal"].AsString(), "every search slot is busy") {
		t.Errorf("lease span attributes: %v", spans["lease"].Attributes)
	}
	if _, ok := spans["search"]; ok {
		t.Error("a refused request has a search span")
	}
	close(gated.gate)
	if s := <-first; s != http.StatusOK {
		t.Errorf("the first search: %d", s)
	}
}
