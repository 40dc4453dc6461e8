package api

import (
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// probeRoutes are the routes that probes and scrapers call every few
// seconds: their requests are logged at debug, so that they do not drown
// the requests of clients.
var probeRoutes = map[string]bool{"/healthz": true, "/readyz": true, "/metrics": true}

// accessLog logs one line per request with its id, route, status and time
// (a duration, which the server's log handler writes as a string such as
// "12.5ms"): at info, or at debug for probes and scrapes (probeRoutes).
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		level := slog.LevelInfo
		if rc := chi.RouteContext(r.Context()); rc != nil && probeRoutes[rc.RoutePattern()] {
			level = slog.LevelDebug
		}
		s.log.LogAttrs(r.Context(), level, "request",
			slog.String("request_id", RequestID(r.Context())),
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", responseStatus(ww, r)),
			slog.Int("bytes", ww.BytesWritten()),
			slog.Duration("duration", time.Since(start)),
			slog.String("remote", r.RemoteAddr),
		)
	})
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
