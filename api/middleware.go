package api

import (
	"context"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.opentelemetry.io/otel/trace"
)

// probeRoutes are the routes that probes and scrapers call every few
// seconds: their requests are logged at debug, so that they do not drown
// the requests of clients.
var probeRoutes = map[string]bool{"/healthz": true, "/readyz": true, "/metrics": true}

// accessLog logs one line per request with its id, route, status, time
// (a duration, which the server's log handler writes as a string such as
// "12.5ms") and the socket's peer (remote); with trusted proxies the
// client too (clientAddr: the peer, or from X-Forwarded-For when the peer
// is a trusted proxy); and where they apply the API key's name and the
// trace id. The level is logLevel's.
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		var key *clientKey
		if s.keys != nil {
			r = r.WithContext(context.WithValue(r.Context(), keySeenKey{}, &key))
		}
		next.ServeHTTP(ww, r)
		status := responseStatus(ww, r)
		level, sample := s.logLevel(r, status)
		attrs := make([]slog.Attr, 0, 12)
		attrs = append(attrs,
			slog.String("request_id", RequestID(r.Context())),
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", status),
			slog.Int("bytes", ww.BytesWritten()),
			slog.Duration("duration", time.Since(start)),
			slog.String("remote", r.RemoteAddr),
		)
		if len(s.cfg.TrustedProxies) > 0 {
			attrs = append(attrs, slog.String("client", s.clientAddr(r).String()))
		}
		if key != nil {
			attrs = append(attrs, slog.String("key", key.Name))
		}
		if sc := trace.SpanContextFromContext(r.Context()); sc.IsValid() {
			attrs = append(attrs, slog.String("trace_id", sc.TraceID().String()))
		}
		if sample > 1 {
			attrs = append(attrs, slog.Int("sample", sample))
		}
		s.log.LogAttrs(r.Context(), level, "request", attrs...)
	})
}

// logLevel returns the level of the request line of r answered with
// status, and the sampling rate it stands for (1: itself only): debug for
// probes and scrapes (probeRoutes); for an answer under 400, info for one
// in Config.LogSample, with the rate, and debug for the rest; info for
// every other.
func (s *Server) logLevel(r *http.Request, status int) (slog.Level, int) {
	if rc := chi.RouteContext(r.Context()); rc != nil && probeRoutes[rc.RoutePattern()] {
		return slog.LevelDebug, 1
	}
	n := s.cfg.LogSample
	if status >= 400 || n <= 1 {
		return slog.LevelInfo, 1
	}
	if s.logged.Add(1)%uint64(n) != 1 {
		return slog.LevelDebug, 1
	}
	return slog.LevelInfo, n
}

// statusClientClosed is the status of a request whose client went away
// before anything was answered, as nginx logs it: it has none of its own,
// and counting it as the 200 net/http would have sent hides it.
const statusClientClosed = 499

// responseStatus is the status r was answered with, as ww recorded it; when
// the handler wrote nothing, 499 if the client has gone (r's context ended
// while it was being served), else the 200 net/http sends. It is what the
// access log and the HTTP metrics report.
func responseStatus(ww middleware.WrapResponseWriter, r *http.Request) int {
	switch {
	case ww.Status() != 0:
		return ww.Status()
	case r.Context().Err() != nil:
		return statusClientClosed
	}
	return http.StatusOK
}

// recoverPanics turns a panic in a handler into a logged error and a generic
// 500 problem, so that one bad request cannot take the process down.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if s.recovered(r, recover()) {
				writeProblem(w, r, internalError())
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// recovered handles v, what a deferred function's recover returned: false
// for nil (no panic); http.ErrAbortHandler, the deliberate abort of a
// response, panics again; any other value is recorded (recordPanic with
// attrs) and recovered returns true, for the caller to answer with a
// generic 500. Call it as s.recovered(r, recover()) in the deferred
// function itself.
func (s *Server) recovered(r *http.Request, v any, attrs ...slog.Attr) bool {
	if v == nil {
		return false
	}
	if v == http.ErrAbortHandler {
		panic(v)
	}
	s.recordPanic(r, v, attrs...)
	return true
}

// recordPanic counts a recovered panic and logs it at error with the
// request id, the value, the stack and attrs. Called from the deferred
// function that recovered v, the stack shows where the panic began.
func (s *Server) recordPanic(r *http.Request, v any, attrs ...slog.Attr) {
	s.metrics.Panics.Inc()
	s.log.LogAttrs(r.Context(), slog.LevelError, "panic serving request", append([]slog.Attr{
		slog.String("request_id", RequestID(r.Context())),
		slog.Any("panic", v),
		slog.String("stack", string(debug.Stack())),
	}, attrs...)...)
}
