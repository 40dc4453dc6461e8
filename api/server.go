package api

import (
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/go-chi/chi/v5"
	"github.com/go-playground/validator/v10"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/otel/trace"

	"movesvc/engine"
)

// Server answers the HTTP API. Create it with New; it is safe for
// concurrent use.
type Server struct {
	cfg      Config
	games    *engine.Registry
	log      *slog.Logger
	metrics  *Metrics
	gatherer prometheus.Gatherer
	validate *validator.Validate
	sched    *scheduler
	memory   *engine.MemoryBudget
	cache    *resultCache
	static   map[string]staticFile
	options  map[string]bool // every game's option names (optionNames)
	keys     keyRing         // nil: no key needed
	rates    *rateLimits
	tracer   trace.Tracer
	logged   atomic.Uint64 // answered requests under 400, for LogSample
	ready    atomic.Bool   // what GET /readyz reports (SetReady)
	draining atomic.Bool   // new searches refused (Drain)
	router   chi.Router
}

// New returns a server for the games in reg. Its metrics are registered with
// promReg and served from gatherer (usually the same *prometheus.Registry).
// The server starts ready.
func New(cfg Config, reg *engine.Registry, log *slog.Logger, promReg prometheus.Registerer, gatherer prometheus.Gatherer) *Server {
	cfg = cfg.WithDefaults()
	cfg.MemoryBudget = memoryBudget(cfg, reg, log)
	mem := engine.NewMemoryBudget(cfg.MemoryBudget)
	sched := newScheduler(cfg.MaxSearches, max(cfg.QueueSize, 0), cfg.SearchThreads, mem, 0)
	cache := newResultCache(cfg.ResultCache)
	s := &Server{
		cfg:      cfg,
		games:    reg,
		log:      log,
		metrics:  NewMetrics(promReg, sched.queued, sched.memoryWaiting, mem, cache.len),
		gatherer: gatherer,
		validate: newValidator(),
		sched:    sched,
		memory:   mem,
		cache:    cache,
		static:   loadStatic(),
		options:  optionNames(reg),
		keys:     newKeyRing(cfg.APIKeys),
		rates:    newRateLimits(cfg.RateWindow),
		tracer:   newTracer(cfg.Tracer),
	}
	s.metrics.Slots.Set(float64(cfg.MaxSearches))
	s.metrics.DefaultTimeout.Set(cfg.DefaultTimeout.Seconds())
	for _, name := range reg.Names() {
		// Every game's series exist from the start, at zero.
		s.metrics.SearchNodes.WithLabelValues(name)
		s.metrics.DeadlineHits.WithLabelValues(name)
		s.metrics.Cancellations.WithLabelValues(name)
	}
	s.ready.Store(true)
	s.router = s.routes()
	return s
}

// memoryBudget resolves cfg.MemoryBudget against the memory one search of
// each game in reg holds: zero means MaxSearches searches of the hungriest
// game plus room for as many idle tables, so that a table is reused even
// while every slot runs that game; a budget too small for one such search
// is raised to it.
func memoryBudget(cfg Config, reg *engine.Registry, log *slog.Logger) int64 {
	var most int64
	for _, g := range reg.Games() {
		most = max(most, engine.SearchMemory(g, engine.Limits{TableBits: cfg.TableBits}))
	}
	switch {
	case cfg.MemoryBudget == 0:
		return int64(cfg.MaxSearches) * (most + engine.TableBytes(cfg.TableBits))
	case cfg.MemoryBudget < most:
		log.Warn("memory budget raised to one search of the hungriest game",
			slog.Int64("asked_bytes", cfg.MemoryBudget), slog.Int64("bytes", most))
		return most
	}
	return cfg.MemoryBudget
}

// Metrics returns the server's metrics.
func (s *Server) Metrics() *Metrics { return s.metrics }

// Config returns the server's configuration with defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// SetReady sets what GET /readyz reports; a server shutting down sets false
// so that load balancers stop sending it work. Searches are still served:
// the requests a balancer sends before it notices are answered as usual.
func (s *Server) SetReady(ready bool) { s.ready.Store(ready) }

// Drain makes the server refuse every search that asks for a lease from
// now on with 503 /problems/shutting-down (Retry-After: 1), and /readyz
// report 503; the searches it runs finish. A server shutting down drains
// once balancers had their time to notice /readyz (the shutdown delay),
// just before it closes its listener: a request still arriving then, on a
// kept-alive connection, goes elsewhere instead of holding up the stop.
func (s *Server) Drain() {
	s.ready.Store(false)
	s.draining.Store(true)
}

// ServeHTTP makes Server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(withRequestID)
	if t := s.traceRequests(); t != nil {
		r.Use(t)
	}
	r.Use(s.metrics.instrument, s.accessLog, s.recoverPanics)
	if c := corsMiddleware(s.cfg.CORSOrigins); c != nil {
		r.Use(c)
	}
	r.NotFound(notFound)
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		allowed := allowedMethods(r, req.URL.Path)
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeProblem(w, req, &Problem{Type: typeMethod, Title: "Method not allowed", Status: http.StatusMethodNotAllowed,
			Detail: "method " + quote(req.Method) + " is not allowed here; allowed: " + strings.Join(allowed, ", "),
			Errors: []ProblemError{{Location: "method", Message: "must be one of: " + strings.Join(allowed, ", "), Value: clip(req.Method)}}})
	})
	r.Group(func(r chi.Router) {
		r.Use(s.authenticate, s.limitRate) // auth.go, ratelimit.go
		r.Post("/move", s.handleMove)
		r.Post("/moves", s.handleMoves)
		r.Post("/position", s.handlePosition)
	})
	get(r, "/games", http.HandlerFunc(s.handleGames))
	get(r, "/healthz", http.HandlerFunc(s.handleHealth))
	get(r, "/readyz", http.HandlerFunc(s.handleReady))
	get(r, "/openapi.yaml", http.HandlerFunc(s.handleOpenAPI))
	get(r, "/problems/{name}", http.HandlerFunc(s.handleProblemType))
	get(r, "/metrics", promhttp.HandlerFor(s.gatherer, promhttp.HandlerOpts{}))
	get(r, "/", http.HandlerFunc(s.handleIndex))
	get(r, "/static/{file}", http.HandlerFunc(s.handleStatic))
	get(r, "/docs*", http.HandlerFunc(s.handleDocs))
	return r
}

// get routes GET and HEAD of pattern to h: HEAD wherever GET works (RFC
// 9110 9.3.2), answered by the same handler, whose body net/http drops.
func get(r chi.Router, pattern string, h http.Handler) {
	r.Method(http.MethodGet, pattern, h)
	r.Method(http.MethodHead, pattern, h)
}

// notFound answers a path the service does not serve with a 404 problem.
func notFound(w http.ResponseWriter, r *http.Request) {
	writeProblem(w, r, &Problem{Type: typeNotFound, Title: "Not found", Status: http.StatusNotFound,
		Detail: "no such resource; see GET /openapi.yaml",
		Errors: []ProblemError{{Location: "path", Message: "is not a resource of this service", Value: clip(r.URL.Path)}}})
}

// allowedMethods lists the methods router serves at path.
func allowedMethods(router chi.Routes, path string) []string {
	var out []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if router.Match(chi.NewRouteContext(), m, path) {
			out = append(out, m)
		}
	}
	return out
}
