package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"strings"
	"time"

	"movesvc/api"
)

// DefaultShutdownDelay is -shutdown-delay's default: a readiness probe
// every 1 to 2 s (deploy/kubernetes) fails within it, endpoint lists
// propagate a removal within a few seconds, and the delay plus the grace
// period plus -max-timeout's searches still end well within Kubernetes'
// default 30 s termination grace period.
const DefaultShutdownDelay = 5 * time.Second

// Config is everything the binary can be told, by flag or environment.
type Config struct {
	Addr              string
	API               api.Config
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	ShutdownDelay     time.Duration
	ShutdownGrace     time.Duration
	LogLevel          slog.Level
	HealthCheck       bool
	Version           bool
	// TableMB is the search memory budget in MiB; 0 means automatic.
	TableMB int
	// ResultCache is how many proved answers are remembered; 0 means none.
	ResultCache int
	// CORSOrigins is the comma-separated list of origins whose pages may
	// call the API (api.ParseCORSOrigins); empty means none.
	CORSOrigins string
}

// ParseFlags reads the configuration from args (without the program name),
// each flag's default overridden by its environment variable as getenv
// reports it, and an explicit flag overriding both. It returns flag.ErrHelp
// for -h.
func ParseFlags(args []string, getenv func(string) string, usage io.Writer) (Config, error) {
	var c Config
	fs := flag.NewFlagSet("movesvc", flag.ContinueOnError)
	fs.SetOutput(usage)
	env := map[string]string{}
	bind := func(name, envName string) {
		env[name] = envName
		f := fs.Lookup(name)
		f.Usage += " (env " + envName + ")"
	}
	fs.StringVar(&c.Addr, "addr", ":8080", "address to listen on")
	bind("addr", "MOVESVC_ADDR")
	fs.DurationVar(&c.API.DefaultTimeout, "default-timeout", time.Second, "search deadline when a request gives no timeout_ms")
	bind("default-timeout", "MOVESVC_DEFAULT_TIMEOUT")
	fs.DurationVar(&c.API.MaxTimeout, "max-timeout", 10*time.Second, "largest timeout_ms a request may ask for")
	bind("max-timeout", "MOVESVC_MAX_TIMEOUT")
	// GOMAXPROCS is the CPUs this process may use: those of its CPU
	// affinity (a cpuset), or fewer under a cgroup CPU quota (a
	// container's CPU limit), which Go 1.25 and later read, rounding a
	// quota up to a whole CPU and to at least 2; GOMAXPROCS in the
	// environment overrides both.
	fs.IntVar(&c.API.MaxSearches, "max-searches", runtime.GOMAXPROCS(0), "searches that run at once; the default is GOMAXPROCS, the CPUs the process may use (a container's CPU limit)")
	bind("max-searches", "MOVESVC_MAX_SEARCHES")
	fs.IntVar(&c.API.SearchThreads, "search-threads", runtime.GOMAXPROCS(0), "goroutines one search may use where the game can split it (the Connect Four solver): one plus the search slots idle when it starts, up to this")
	bind("search-threads", "MOVESVC_SEARCH_THREADS")
	fs.IntVar(&c.API.QueueSize, "queue-size", 0, fmt.Sprintf("searches that may wait for a slot at once; 0 means %d x max-searches, -1 none", api.DefaultQueuePerSlot))
	bind("queue-size", "MOVESVC_QUEUE_SIZE")
	fs.DurationVar(&c.API.QueueWait, "queue-wait", 0, "longest a search may wait for a slot and memory; 0 means no cap but the rule: at most half its deadline, and only when a slot is expected well within that")
	bind("queue-wait", "MOVESVC_QUEUE_WAIT")
	fs.IntVar(&c.API.TableBits, "tt-bits", 16, "transposition table of each search: 2^bits entries of 16 bytes")
	bind("tt-bits", "MOVESVC_TT_BITS")
	fs.IntVar(&c.TableMB, "tt-mb", 0, "MiB that the tables and buffers of the searches running at once may hold together; 0 means max-searches x the hungriest game's search")
	bind("tt-mb", "MOVESVC_TT_MB")
	fs.IntVar(&c.ResultCache, "result-cache", 4096, "proved answers remembered and given again without a search; 0 turns it off")
	bind("result-cache", "MOVESVC_RESULT_CACHE")
	fs.IntVar(&c.API.MaxBatch, "max-batch", api.DefaultMaxBatch, "most requests POST /moves takes at once")
	bind("max-batch", "MOVESVC_MAX_BATCH")
	fs.Int64Var(&c.API.MaxBodyBytes, "max-body-bytes", 64<<10, "largest request body accepted")
	bind("max-body-bytes", "MOVESVC_MAX_BODY_BYTES")
	// Any origin by default: the API holds no cookies or credentials, so a
	// page elsewhere can do nothing a plain HTTP client cannot.
	fs.StringVar(&c.CORSOrigins, "cors-origins", "*", "comma-separated origins whose pages may call the API from a browser (CORS), such as https://app.example.org; * any; empty (-cors-origins=) none")
	bind("cors-origins", "MOVESVC_CORS_ORIGINS")
	fs.DurationVar(&c.ReadHeaderTimeout, "read-header-timeout", 5*time.Second, "time to read a request's headers")
	bind("read-header-timeout", "MOVESVC_READ_HEADER_TIMEOUT")
	fs.DurationVar(&c.ReadTimeout, "read-timeout", 10*time.Second, "time to read a whole request")
	bind("read-timeout", "MOVESVC_READ_TIMEOUT")
	fs.DurationVar(&c.WriteTimeout, "write-timeout", 0, "time to answer a request once read; 0 means max-timeout + 10s")
	bind("write-timeout", "MOVESVC_WRITE_TIMEOUT")
	fs.DurationVar(&c.IdleTimeout, "idle-timeout", 60*time.Second, "how long an idle keep-alive connection stays open")
	bind("idle-timeout", "MOVESVC_IDLE_TIMEOUT")
	fs.DurationVar(&c.ShutdownDelay, "shutdown-delay", DefaultShutdownDelay, "on SIGTERM, how long /readyz reports 503 (and new searches get 503) before the listener closes, for gateways and endpoint lists to stop sending work")
	bind("shutdown-delay", "MOVESVC_SHUTDOWN_DELAY")
	fs.DurationVar(&c.ShutdownGrace, "shutdown-grace", 15*time.Second, "on SIGTERM, how long in-flight requests may take to finish")
	bind("shutdown-grace", "MOVESVC_SHUTDOWN_GRACE")
	fs.TextVar(&c.LogLevel, "log-level", slog.LevelInfo, "debug, info, warn or error")
	bind("log-level", "MOVESVC_LOG_LEVEL")
	fs.BoolVar(&c.HealthCheck, "healthcheck", false, "check GET /healthz of the server at -addr and exit 0 if healthy, 1 if not")
	fs.BoolVar(&c.Version, "version", false, "print the version, commit and Go version of this build and exit")

	var err error
	fs.VisitAll(func(f *flag.Flag) {
		name, ok := env[f.Name]
		if !ok || err != nil {
			return
		}
		if v := getenv(name); v != "" {
			if e := f.Value.Set(v); e != nil {
				err = fmt.Errorf("%s=%q: %v", name, v, e)
			}
		}
	})
	if err != nil {
		return c, err
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	return c, c.validate()
}

func (c *Config) validate() error {
	switch {
	case c.API.MaxTimeout <= 0:
		return fmt.Errorf("max-timeout must be positive")
	case c.API.DefaultTimeout <= 0 || c.API.DefaultTimeout > c.API.MaxTimeout:
		return fmt.Errorf("default-timeout must be positive and at most max-timeout")
	case c.API.MaxSearches < 1:
		return fmt.Errorf("max-searches must be at least 1")
	case c.API.SearchThreads < 1:
		return fmt.Errorf("search-threads must be at least 1")
	case c.API.QueueWait < 0:
		return fmt.Errorf("queue-wait must be 0 (no cap) or positive")
	case c.API.TableBits < 4 || c.API.TableBits > 28:
		return fmt.Errorf("tt-bits must be 4..28")
	case c.API.MaxBatch < 1:
		return fmt.Errorf("max-batch must be at least 1")
	case c.API.MaxBodyBytes < 1024:
		return fmt.Errorf("max-body-bytes must be at least 1024")
	case c.TableMB < 0 || c.TableMB > 1<<20:
		return fmt.Errorf("tt-mb must be 0..%d", 1<<20)
	}
	c.API.MemoryBudget = int64(c.TableMB) << 20
	switch {
	case c.ResultCache < 0:
		return fmt.Errorf("result-cache must be 0 (off) or more")
	case c.ResultCache == 0:
		c.API.ResultCache = -1
	default:
		c.API.ResultCache = c.ResultCache
	}
	origins, err := api.ParseCORSOrigins(c.CORSOrigins)
	if err != nil {
		return fmt.Errorf("cors-origins: %w", err)
	}
	c.API.CORSOrigins = origins
	if c.WriteTimeout == 0 {
		c.WriteTimeout = c.API.MaxTimeout + 10*time.Second
	}
	if c.WriteTimeout <= c.API.MaxTimeout {
		return fmt.Errorf("write-timeout must exceed max-timeout, or searches would be cut off")
	}
	return nil
}
