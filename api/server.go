package api

import (
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-playground/validator/v10"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"movesvc/engine"
)

// Config holds the HTTP layer's limits. The zero value of a field means its
// default, as listed.
type Config struct {
	// DefaultTimeout is the search deadline when a request sets no timeout_ms
	// (1s); MaxTimeout is the largest timeout_ms accepted (10s).
	DefaultTimeout time.Duration
	MaxTimeout     time.Duration
	// MaxSearches is how many searches run at once (1); QueueSize how many
	// more may wait for one (DefaultQueuePerSlot × MaxSearches; negative
	// means none). A request waits for a slot, and then for search memory,
	// for at most half its time, when the wait is expected to end well
	// within that (admission), and no longer than QueueWait when that is
	// positive (0: no cap).
	MaxSearches int
	QueueSize   int
	QueueWait   time.Duration
	// SearchThreads is how many goroutines one search may use (1), for
	// games whose search can split (engine.Params.Threads). A search gets
	// one plus the slots idle when it is admitted, up to SearchThreads, so
	// that a quiet server lends its idle CPUs to the searches it has and a
	// busy one runs each search on one.
	SearchThreads int
	// MaxBodyBytes bounds a request body (64 KiB).
	MaxBodyBytes int64
	// TableBits sizes each search's transposition table: 1<<TableBits
	// entries of 16 bytes (engine.DefaultTableBits).
	TableBits int
	// MemoryBudget bounds, in bytes, what the searches running at once hold
	// in tables and per-search buffers together (engine.MemoryBudget); a
	// search waits for its share within its deadline. Zero means enough for
	// MaxSearches searches of the hungriest game plus one idle table of
	// TableBits per search kept for reuse; less than one search of that game
	// is raised to it.
	MemoryBudget int64
	// ResultCache is how many proved answers are remembered, so that a
	// repeated position is answered without a search (4096); negative
	// means none.
	ResultCache int
	// MaxBatch is how many requests POST /moves takes at once
	// (DefaultMaxBatch).
	MaxBatch int
	// CORSOrigins lists the origins whose pages may call the API from a
	// browser: "*" for any, or origins as ParseCORSOrigins takes them.
	// None (the zero value) allows no cross-origin calls.
	CORSOrigins []string
}

func (c Config) withDefaults() Config {
	if c.DefaultTimeout <= 0 {
		c.DefaultTimeout = time.Second
	}
	if c.MaxTimeout <= 0 {
		c.MaxTimeout = 10 * time.Second
	}
	c.DefaultTimeout = min(c.DefaultTimeout, c.MaxTimeout)
	if c.MaxSearches <= 0 {
		c.MaxSearches = 1
	}
	if c.QueueSize < 0 {
		c.QueueSize = 0
	} else if c.QueueSize == 0 {
		c.QueueSize = DefaultQueuePerSlot * c.MaxSearches
	}
	if c.SearchThreads <= 0 {
		c.SearchThreads = 1
	}
	if c.QueueWait < 0 {
		c.QueueWait = 0
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = 64 << 10
	}
	if c.TableBits <= 0 {
		c.TableBits = engine.DefaultTableBits
	}
	if c.ResultCache == 0 {
		c.ResultCache = 4096
	}
	if c.MaxBatch <= 0 {
		c.MaxBatch = DefaultMaxBatch
	}
	return c
}

// DefaultQueuePerSlot is how many requests may wait for each search slot
// when Config.QueueSize is zero. The wait rule (admission), not the queue's
// size, is what refuses under overload: the queue only bounds the requests
// held in memory, and is long enough for half a 1 s deadline of ~20 ms
// searches.
const DefaultQueuePerSlot = 32

// Server answers the HTTP API. Create it with New; it is safe for
// concurrent use.
type Server struct {
	cfg       Config
	games     *engine.Registry
	log       *slog.Logger
	metrics   *Metrics
	gatherer  prometheus.Gatherer
	validate  *validator.Validate
	admission *admission
	memory    *engine.MemoryBudget
	cache     *resultCache
	static    map[string]staticFile
	options   map[string]bool // every game's option names (optionNames)
	ready     atomic.Bool
	router    chi.Router
}

// New returns a server for the games in reg. Its metrics are registered with
// promReg and served from gatherer (usually the same *prometheus.Registry).
// The server starts ready.
func New(cfg Config, reg *engine.Registry, log *slog.Logger, promReg prometheus.Registerer, gatherer prometheus.Gatherer) *Server {
	cfg = cfg.withDefaults()
	cfg.MemoryBudget = memoryBudget(cfg, reg, log)
	adm := newAdmission(cfg.MaxSearches, cfg.QueueSize, cfg.DefaultTimeout)
	mem := engine.NewMemoryBudget(cfg.MemoryBudget)
	cache := newResultCache(cfg.ResultCache)
	s := &Server{
		cfg:       cfg,
		games:     reg,
		log:       log,
		metrics:   NewMetrics(promReg, adm.queued, mem, cache.len),
		gatherer:  gatherer,
		validate:  newValidator(),
		admission: adm,
		memory:    mem,
		cache:     cache,
		static:    loadStatic(),
		options:   optionNames(reg),
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
		most = max(most, engine.SearchMemory(g, engine.Params{TableBits: cfg.TableBits}))
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
// so that load balancers stop sending it work.
func (s *Server) SetReady(ready bool) { s.ready.Store(ready) }

// ServeHTTP makes Server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(withRequestID, s.metrics.instrument, s.accessLog, s.recoverPanics)
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
	r.Post("/move", s.handleMove)
	r.Post("/moves", s.handleMoves)
	r.Post("/position", s.handlePosition)
	r.Get("/games", s.handleGames)
	r.Get("/healthz", s.handleHealth)
	r.Head("/healthz", s.handleHealth)
	r.Get("/readyz", s.handleReady)
	r.Head("/readyz", s.handleReady)
	r.Get("/openapi.yaml", s.handleOpenAPI)
	r.Get("/problems/{name}", s.handleProblemType)
	r.Method(http.MethodGet, "/metrics", promhttp.HandlerFor(s.gatherer, promhttp.HandlerOpts{}))
	r.Get("/", s.handleIndex)
	r.Get("/static/{file}", s.handleStatic)
	r.Get("/docs*", s.handleDocs)
	return r
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
