package api

import (
	"net/netip"
	"runtime"
	"time"

	"go.opentelemetry.io/otel/trace"

	"movesvc/engine"
)

// Config holds the HTTP layer's limits. DefaultConfig gives every field's
// default, and is the one place the defaults are declared: cmd/server's
// flags start from it. In a Config, zero means the same for every number:
// the default, as DefaultConfig gives it or derives it (the queue from the
// slots, the memory budget from the games), so that Config{} runs as
// DefaultConfig(); a negative QueueSize or ResultCache means none.
type Config struct {
	// DefaultTimeout is the search deadline when a request sets no timeout_ms
	// (1s); MaxTimeout is the largest timeout_ms accepted (10s).
	DefaultTimeout time.Duration
	MaxTimeout     time.Duration
	// MaxSearches is how many searches run at once (GOMAXPROCS, the CPUs
	// the process may use); QueueSize how many more may wait for one (0:
	// DefaultQueuePerSlot × MaxSearches; negative: none). A request waits
	// for a slot, and then for search memory, for at most half its time,
	// when the wait is expected to end well within that (admission), and
	// no longer than QueueWait when that is positive (0: no cap).
	MaxSearches int
	QueueSize   int
	QueueWait   time.Duration
	// SearchThreads is how many goroutines one search may use (GOMAXPROCS),
	// for games whose search can split (engine.Limits.Threads). A search
	// gets one plus the slots idle when it is admitted, up to
	// SearchThreads, so that a quiet server lends its idle CPUs to the
	// searches it has and a busy one runs each search on one.
	SearchThreads int
	// MaxBodyBytes bounds a request body (64 KiB).
	MaxBodyBytes int64
	// TableBits sizes each search's transposition table: 1<<TableBits
	// entries of 16 bytes (engine.DefaultTableBits), at most
	// engine.MaxTableBits.
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
	// browser: "*" for any, or origins as ParseCORSOrigins takes them. It
	// is taken as given: none (nil) allows no cross-origin calls;
	// DefaultConfig allows any, as the API holds no cookies or credentials.
	CORSOrigins []string
	// APIKeys are the keys of which a client must send one (Authorization:
	// Bearer) to POST /move, /moves and /position, each with its limits;
	// none (nil) means no key is needed. ParseAPIKeys reads a keys file.
	APIKeys []APIKey
	// RateLimit is how many requests to those paths a client may send per
	// RateWindow (1m): per API key when there are keys, else per client
	// address (clientAddr); a key's own Rate replaces it. 0 means no limit.
	RateLimit  int
	RateWindow time.Duration
	// TrustedProxies are the proxies whose X-Forwarded-For names the
	// client (ParseTrustedProxies); none (nil) means the client is the
	// socket's peer, whatever a request says.
	TrustedProxies []netip.Prefix
	// LogSample logs one in LogSample answered requests under 400 at info
	// and the others at debug (1: every one at info); the others are
	// always at info.
	LogSample int
	// Tracer provides the tracer of the server's spans (OpenTelemetry,
	// tracing.go); nil means no traces.
	Tracer trace.TracerProvider
}

// DefaultQueuePerSlot is how many requests may wait for each search slot
// when Config.QueueSize is zero. The wait rule (admission), not the queue's
// size, is what refuses under overload: the queue only bounds the requests
// held in memory, and is long enough for half a 1 s deadline of ~20 ms
// searches.
const DefaultQueuePerSlot = 32

// DefaultConfig returns the configuration of a server told nothing: the
// default of every field, those derived from others (QueueSize,
// MemoryBudget) left at zero for New to derive.
func DefaultConfig() Config {
	procs := runtime.GOMAXPROCS(0)
	return Config{
		DefaultTimeout: time.Second,
		MaxTimeout:     10 * time.Second,
		MaxSearches:    procs,
		SearchThreads:  procs,
		MaxBodyBytes:   64 << 10,
		TableBits:      engine.DefaultTableBits,
		ResultCache:    4096,
		MaxBatch:       DefaultMaxBatch,
		CORSOrigins:    []string{"*"},
		RateWindow:     time.Minute,
		LogSample:      1,
	}
}

// WithDefaults returns c as New runs it: every zero (or, where none is not
// a value, negative) number replaced by its default from DefaultConfig,
// the queue derived from the slots, and the default timeout at most the
// maximum; a negative QueueSize or ResultCache stays negative, none. The
// memory budget is left to New, which derives it from its games.
func (c Config) WithDefaults() Config {
	d := DefaultConfig()
	c.DefaultTimeout = positiveOr(c.DefaultTimeout, d.DefaultTimeout)
	c.MaxTimeout = positiveOr(c.MaxTimeout, d.MaxTimeout)
	c.DefaultTimeout = min(c.DefaultTimeout, c.MaxTimeout)
	c.MaxSearches = positiveOr(c.MaxSearches, d.MaxSearches)
	c.SearchThreads = positiveOr(c.SearchThreads, d.SearchThreads)
	c.MaxBodyBytes = positiveOr(c.MaxBodyBytes, d.MaxBodyBytes)
	c.TableBits = min(positiveOr(c.TableBits, d.TableBits), engine.MaxTableBits)
	c.MaxBatch = positiveOr(c.MaxBatch, d.MaxBatch)
	c.QueueWait = max(c.QueueWait, 0)
	c.RateLimit = max(c.RateLimit, 0)
	c.RateWindow = positiveOr(c.RateWindow, d.RateWindow)
	c.LogSample = positiveOr(c.LogSample, d.LogSample)
	if c.QueueSize == 0 {
		c.QueueSize = DefaultQueuePerSlot * c.MaxSearches
	}
	if c.ResultCache == 0 {
		c.ResultCache = d.ResultCache
	}
	return c
}

// positiveOr returns v when it is positive, else def.
func positiveOr[T int | int64 | time.Duration](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}
