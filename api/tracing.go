package api

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel/attribute"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"
)

// Traces (OpenTelemetry): with Config.Tracer set, every request has a
// server span (otelhttp), named by its method and route pattern ("POST
// /move"), continuing the trace of a W3C traceparent header. A search's
// request has two child spans: "lease", the wait for a search slot and
// memory (Server.lease), and "search", the search itself (runJob), with
// the attributes below. Without a tracer the spans are no-ops and the
// server spans are not made at all.

// tracerName is the instrumentation scope of the server's own spans.
const tracerName = "movesvc/api"

// The attributes of the lease and search spans.
const (
	attrRequestID   = attribute.Key("movesvc.request_id")
	attrLeaseMemory = attribute.Key("movesvc.lease.memory_bytes")
	attrLeaseResult = attribute.Key("movesvc.lease.outcome") // granted or refused
	attrLeaseReason = attribute.Key("movesvc.lease.refusal") // why, when refused
	attrThreads     = attribute.Key("movesvc.search.threads")
	attrGame        = attribute.Key("movesvc.game")
	attrLevel       = attribute.Key("movesvc.search.level")
	attrDepth       = attribute.Key("movesvc.search.depth")
	attrNodes       = attribute.Key("movesvc.search.nodes")
	attrStoppedBy   = attribute.Key("movesvc.search.stopped_by")
	attrOutcome     = attribute.Key("movesvc.search.outcome")
	attrComplete    = attribute.Key("movesvc.search.complete")
)

// newTracer returns the tracer of the server's spans from tp, or a no-op
// one when tp is nil.
func newTracer(tp trace.TracerProvider) trace.Tracer {
	if tp == nil {
		tp = noop.NewTracerProvider()
	}
	return tp.Tracer(tracerName)
}

// traceRequests returns the middleware that opens each request's server
// span, or nil without a tracer. The span takes its parent from a W3C
// traceparent header (and baggage), is named by the route pattern once
// the router has matched it, and carries the request id; otelhttp records
// no metrics of its own (the service's are Prometheus').
func (s *Server) traceRequests() func(http.Handler) http.Handler {
	if s.cfg.Tracer == nil {
		return nil
	}
	server := otelhttp.NewMiddleware("movesvc",
		otelhttp.WithTracerProvider(s.cfg.Tracer),
		otelhttp.WithPropagators(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})),
		otelhttp.WithMeterProvider(metricnoop.NewMeterProvider()))
	return func(next http.Handler) http.Handler {
		return server(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r)
			span := trace.SpanFromContext(r.Context())
			span.SetAttributes(attrRequestID.String(RequestID(r.Context())))
			if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
				span.SetName(r.Method + " " + rc.RoutePattern())
				span.SetAttributes(attribute.String("http.route", rc.RoutePattern()))
			}
		}))
	}
}

// noSpan is the span of a server without traces: it records nothing.
var noSpan = trace.SpanFromContext(context.Background())

// startSpan starts the child span name of ctx's span, with what opts
// say, or returns noSpan without a tracer, at no cost. opts is called
// only with a tracer.
func (s *Server) startSpan(ctx context.Context, name string, opts func() trace.SpanStartOption) (context.Context, trace.Span) {
	if s.cfg.Tracer == nil {
		return ctx, noSpan
	}
	return s.tracer.Start(ctx, name, opts())
}

// endLeaseSpan records on span what Server.lease got, l or err, and ends
// it.
func endLeaseSpan(span trace.Span, l *Lease, err error) {
	switch {
	case !span.IsRecording():
	case err != nil:
		span.SetAttributes(attrLeaseResult.String("refused"), attrLeaseReason.String(err.Error()))
	default:
		span.SetAttributes(attrLeaseResult.String("granted"), attrThreads.Int(l.Threads))
	}
	span.End()
}

// leaseSpanStart is what the lease span knows when it starts: the memory
// asked for.
func leaseSpanStart(need int64) func() trace.SpanStartOption {
	return func() trace.SpanStartOption { return trace.WithAttributes(attrLeaseMemory.Int64(need)) }
}

// endSearchSpan records on span what the search of job found and how many
// nodes it and its analysis visited, and ends it.
func endSearchSpan(span trace.Span, job *moveJob, jr jobResult, nodes uint64) {
	if !span.IsRecording() {
		span.End()
		return
	}
	res := jr.res
	span.SetAttributes(attrDepth.Int(res.Depth), attrNodes.Int64(int64(min(nodes, 1<<63-1))),
		attrStoppedBy.String(stoppedBy(res)), attrOutcome.String(res.Outcome.String()),
		attrComplete.Bool(res.Complete), attrThreads.Int(job.params.Threads))
	span.End()
}

// searchSpanStart is what the search span knows when it starts: the game
// and the level.
func searchSpanStart(job *moveJob) func() trace.SpanStartOption {
	return func() trace.SpanStartOption {
		return trace.WithAttributes(attrGame.String(job.game.Name), attrLevel.Int(job.params.Level))
	}
}
