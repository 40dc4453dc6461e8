package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"

	"movesvc/engine"
)

// Metrics are the service's Prometheus metrics. Labels are low-cardinality:
// game names, chi route patterns, methods and status codes.
type Metrics struct {
	SearchNodes      *prometheus.CounterVec
	SearchDuration   *prometheus.HistogramVec
	SearchDepth      *prometheus.HistogramVec
	SearchesInFlight prometheus.Gauge
	DeadlineHits     *prometheus.CounterVec
	Cancellations    *prometheus.CounterVec
	Rejections       prometheus.Counter
	Slots            prometheus.Gauge
	DefaultTimeout   prometheus.Gauge
	Queued           prometheus.GaugeFunc
	Panics           prometheus.Counter
	MemoryReserved   prometheus.GaugeFunc
	MemoryIdle       prometheus.GaugeFunc
	MemoryBudget     prometheus.Gauge
	MemoryWaiting    prometheus.GaugeFunc
	CacheHits        prometheus.Counter
	CacheEntries     prometheus.GaugeFunc
	HTTPRequests     *prometheus.CounterVec
	HTTPDuration     *prometheus.HistogramVec
}

// NewMetrics creates the metrics and registers them with reg. queued reports
// how many searches wait for their lease, memoryWaiting how many of them
// the memory budget holds back; mem is the searches' memory budget;
// cached reports how many answers the result cache holds.
func NewMetrics(reg prometheus.Registerer, queued, memoryWaiting func() int, mem *engine.MemoryBudget, cached func() int) *Metrics {
	m := &Metrics{
		SearchNodes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "movesvc_search_nodes_total", Help: "Positions visited by searches.",
		}, []string{"game"}),
		SearchDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "movesvc_search_duration_seconds", Help: "Time spent in one search.",
			Buckets: []float64{.0001, .0005, .001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"game"}),
		SearchDepth: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "movesvc_search_depth", Help: "Deepest completed iteration of a search, in plies.",
			Buckets: []float64{1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 32, 42},
		}, []string{"game"}),
		SearchesInFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "movesvc_searches_in_flight", Help: "Searches running now.",
		}),
		DeadlineHits: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "movesvc_search_deadline_hits_total", Help: "Searches stopped by their deadline before completing.",
		}, []string{"game"}),
		Cancellations: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "movesvc_search_cancellations_total", Help: "Searches stopped because the client went away.",
		}, []string{"game"}),
		Rejections: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "movesvc_admission_rejections_total", Help: "Searches refused with 503 because no search slot or memory would come in the time they may wait.",
		}),
		Slots: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "movesvc_search_slots", Help: "Searches that may run at once (-max-searches): what movesvc_searches_in_flight saturates at.",
		}),
		DefaultTimeout: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "movesvc_default_timeout_seconds", Help: "The search deadline of a request that sets no timeout_ms (-default-timeout).",
		}),
		Queued: prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "movesvc_admission_queued", Help: "Searches waiting for a search slot and their memory.",
		}, func() float64 { return float64(queued()) }),
		Panics: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "movesvc_panics_total", Help: "Panics recovered while serving a request.",
		}),
		MemoryReserved: prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "movesvc_search_memory_reserved_bytes", Help: "Memory reserved by the searches running now (tables and buffers).",
		}, func() float64 { return float64(mem.Reserved()) }),
		MemoryIdle: prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "movesvc_search_memory_idle_bytes", Help: "Memory of transposition tables kept for reuse by later searches.",
		}, func() float64 { return float64(mem.Idle()) }),
		MemoryBudget: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "movesvc_search_memory_budget_bytes", Help: "The memory budget that reserved and idle search memory stay within.",
		}),
		MemoryWaiting: prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "movesvc_search_memory_waiting", Help: "Searches waiting while a search slot is free: held back by the memory budget.",
		}, func() float64 { return float64(memoryWaiting()) }),
		CacheHits: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "movesvc_result_cache_hits_total", Help: "Requests answered from remembered proved results, without a search.",
		}),
		CacheEntries: prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "movesvc_result_cache_entries", Help: "Proved results remembered.",
		}, func() float64 { return float64(cached()) }),
		HTTPRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "http_requests_total", Help: "HTTP requests answered, by route pattern, method and status code (499: the client went away first).",
		}, []string{"route", "method", "code"}),
		HTTPDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "http_request_duration_seconds", Help: "Time to answer an HTTP request, by route pattern, method and status code (499: the client went away first).",
			Buckets: []float64{.0005, .001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route", "method", "code"}),
	}
	reg.MustRegister(m.SearchNodes, m.SearchDuration, m.SearchDepth, m.SearchesInFlight, m.DeadlineHits, m.Cancellations,
		m.Rejections, m.Slots, m.DefaultTimeout, m.Queued, m.Panics, m.MemoryReserved, m.MemoryIdle, m.MemoryBudget, m.MemoryWaiting, m.CacheHits, m.CacheEntries, m.HTTPRequests, m.HTTPDuration)
	m.MemoryBudget.Set(float64(mem.Size()))
	return m
}

// knownMethods bounds the method label; anything else counts as "other".
var knownMethods = map[string]bool{
	http.MethodGet: true, http.MethodHead: true, http.MethodPost: true, http.MethodPut: true,
	http.MethodPatch: true, http.MethodDelete: true, http.MethodOptions: true,
}

// instrument counts and times each request under its chi route pattern,
// read after the handler ran, and its status (responseStatus: 499 for a
// client that went away); unmatched paths share one label.
func (m *Metrics) instrument(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		route := "unmatched"
		if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
			route = rc.RoutePattern()
		}
		method := r.Method
		if !knownMethods[method] {
			method = "other"
		}
		code := strconv.Itoa(responseStatus(ww, r))
		m.HTTPRequests.WithLabelValues(route, method, code).Inc()
		m.HTTPDuration.WithLabelValues(route, method, code).Observe(time.Since(start).Seconds())
	})
}
