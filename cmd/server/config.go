package main

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"movesvc/api"
	"movesvc/engine"
)

// DefaultShutdownDelay is -shutdown-delay's default: a readiness probe
// every 1 to 2 s (deploy/kubernetes) fails within it, endpoint lists
// propagate a removal within a few seconds, and the delay plus the grace
// period plus -max-timeout's searches still end well within Kubernetes'
// default 30 s termination grace period.
const DefaultShutdownDelay = 5 * time.Second

// Config is everything the binary can be told, by flag or environment.
// DefaultConfig gives what it runs with when told nothing. A number's 0,
// as a flag, an environment variable or a field here or in api.Config,
// means its default; a negative one means none where none is a value (no
// queue, no result cache, no shutdown delay) and is refused elsewhere.
type Config struct {
	Addr              string
	API               api.Config
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	// WriteTimeout is the time to answer a request once read; zero means
	// API.MaxTimeout plus writeMargin.
	WriteTimeout  time.Duration
	IdleTimeout   time.Duration
	ShutdownDelay time.Duration
	ShutdownGrace time.Duration
	LogLevel      slog.Level
	HealthCheck   bool
	Version       bool
	// TableMB is API.MemoryBudget in MiB; 0 means automatic.
	TableMB int
	// CORSOrigins is API.CORSOrigins as one comma-separated list
	// (api.ParseCORSOrigins); empty means none.
	CORSOrigins string
	// KeysFile is the file API.APIKeys are read from (api.ParseAPIKeys);
	// empty means no key is needed.
	KeysFile string
	// TrustedProxies is API.TrustedProxies as one comma-separated list
	// (api.ParseTrustedProxies); empty means none.
	TrustedProxies string
	// TLSCert and TLSKey are the files of the listener's certificate
	// chain and private key (PEM); both empty means plain HTTP.
	TLSCert, TLSKey string
	// AdminAddr is the address of the admin listener (pprof, metrics);
	// empty means none.
	AdminAddr string
}

// writeMargin is what a zero WriteTimeout adds to the longest search.
const writeMargin = 10 * time.Second

// DefaultConfig returns the binary's configuration before flags and
// environment: the API's defaults (api.DefaultConfig) and the server's
// own.
func DefaultConfig() Config {
	a := api.DefaultConfig()
	return Config{
		Addr:              ":8080",
		API:               a,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		IdleTimeout:       60 * time.Second,
		ShutdownDelay:     DefaultShutdownDelay,
		ShutdownGrace:     15 * time.Second,
		LogLevel:          slog.LevelInfo,
		CORSOrigins:       strings.Join(a.CORSOrigins, ","),
	}
}

// ParseFlags reads the configuration from args (without the program name)
// onto DefaultConfig: each flag's default overridden by its environment
// variable as getenv reports it, and an explicit flag overriding both. It
// returns flag.ErrHelp for -h, after printing every flag with its
// environment variable and default to usage.
func ParseFlags(args []string, getenv func(string) string, usage io.Writer) (Config, error) {
	c := DefaultConfig()
	fs := flag.NewFlagSet("movesvc", flag.ContinueOnError)
	fs.SetOutput(usage)
	fs.Usage = func() {
		_, _ = fmt.Fprintln(fs.Output(), "Usage of movesvc (an environment variable sets each flag's default; a number's 0 means its default, -1 none where none is a value):")
		fs.PrintDefaults()
	}
	env := c.bind(fs)
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

// bind defines a flag for each field of c, its default the field's value,
// and returns the environment variable of each flag that has one. A usage
// line says what the flag's 0 means where that is not the plain default.
func (c *Config) bind(fs *flag.FlagSet) map[string]string {
	env := map[string]string{}
	bind := func(name, envName string) {
		env[name] = envName
		f := fs.Lookup(name)
		f.Usage += " (env " + envName + ")"
	}
	a := &c.API
	fs.StringVar(&c.Addr, "addr", c.Addr, "address to listen on")
	bind("addr", "MOVESVC_ADDR")
	fs.DurationVar(&a.DefaultTimeout, "default-timeout", a.DefaultTimeout, "search deadline when a request gives no timeout_ms")
	bind("default-timeout", "MOVESVC_DEFAULT_TIMEOUT")
	fs.DurationVar(&a.MaxTimeout, "max-timeout", a.MaxTimeout, "largest timeout_ms a request may ask for")
	bind("max-timeout", "MOVESVC_MAX_TIMEOUT")
	// GOMAXPROCS is the CPUs this process may use: those of its CPU
	// affinity (a cpuset), or fewer under a cgroup CPU quota (a
	// container's CPU limit), which Go 1.25 and later read, rounding a
	// quota up to a whole CPU and to at least 2; GOMAXPROCS in the
	// environment overrides both.
	fs.IntVar(&a.MaxSearches, "max-searches", a.MaxSearches, "searches that run at once; the default is GOMAXPROCS, the CPUs the process may use (a container's CPU limit)")
	bind("max-searches", "MOVESVC_MAX_SEARCHES")
	fs.IntVar(&a.SearchThreads, "search-threads", a.SearchThreads, "goroutines one search may use where the game can split it (the Connect Four solver): one plus the search slots idle when it starts, up to this; the default is GOMAXPROCS")
	bind("search-threads", "MOVESVC_SEARCH_THREADS")
	fs.IntVar(&a.QueueSize, "queue-size", a.QueueSize, fmt.Sprintf("searches that may wait for a slot at once; 0 means %d x max-searches, -1 none", api.DefaultQueuePerSlot))
	bind("queue-size", "MOVESVC_QUEUE_SIZE")
	fs.DurationVar(&a.QueueWait, "queue-wait", a.QueueWait, "longest a search may wait for a slot and memory; 0 means no cap but the rule: at most half its deadline, and only when a slot is expected well within that")
	bind("queue-wait", "MOVESVC_QUEUE_WAIT")
	fs.IntVar(&a.TableBits, "tt-bits", a.TableBits, fmt.Sprintf("transposition table of each search: 2^bits entries of 16 bytes, at most %d", engine.MaxTableBits))
	bind("tt-bits", "MOVESVC_TT_BITS")
	fs.IntVar(&c.TableMB, "tt-mb", c.TableMB, "MiB that the tables and buffers of the searches running at once may hold together; 0 means max-searches x the hungriest game's search")
	bind("tt-mb", "MOVESVC_TT_MB")
	fs.IntVar(&a.ResultCache, "result-cache", a.ResultCache, "proved answers remembered and given again without a search; -1 none")
	bind("result-cache", "MOVESVC_RESULT_CACHE")
	fs.IntVar(&a.MaxBatch, "max-batch", a.MaxBatch, "most requests POST /moves takes at once")
	bind("max-batch", "MOVESVC_MAX_BATCH")
	fs.Int64Var(&a.MaxBodyBytes, "max-body-bytes", a.MaxBodyBytes, "largest request body accepted")
	bind("max-body-bytes", "MOVESVC_MAX_BODY_BYTES")
	fs.StringVar(&c.KeysFile, "keys-file", c.KeysFile, "file of the API keys, one a line: name, the SHA-256 of the key in hex, limits (rate=, concurrent=, timeout_ms=, depth=, threads=, batch=); POST /move, /moves and /position then need Authorization: Bearer and a key; empty: no key needed")
	bind("keys-file", "MOVESVC_KEYS_FILE")
	fs.IntVar(&a.RateLimit, "rate-limit", a.RateLimit, "requests to POST /move, /moves and /position a client (an API key, else an address) may send per rate-window; 0 means no limit")
	bind("rate-limit", "MOVESVC_RATE_LIMIT")
	fs.DurationVar(&a.RateWindow, "rate-window", a.RateWindow, "the window of -rate-limit and of the keys' rate=, in whole seconds")
	bind("rate-window", "MOVESVC_RATE_WINDOW")
	fs.StringVar(&c.TrustedProxies, "trusted-proxies", c.TrustedProxies, "comma-separated addresses or CIDR prefixes of the proxies whose X-Forwarded-For names the client (for rate limits and logs); empty: the client is the socket's peer")
	bind("trusted-proxies", "MOVESVC_TRUSTED_PROXIES")
	fs.StringVar(&c.TLSCert, "tls-cert", c.TLSCert, "PEM file of the listener's certificate chain, for HTTPS; with -tls-key")
	bind("tls-cert", "MOVESVC_TLS_CERT")
	fs.StringVar(&c.TLSKey, "tls-key", c.TLSKey, "PEM file of the listener's private key; with -tls-cert")
	bind("tls-key", "MOVESVC_TLS_KEY")
	fs.StringVar(&c.AdminAddr, "admin-addr", c.AdminAddr, "address of the admin listener, such as 127.0.0.1:6060: pprof under /debug/pprof/ and /metrics, never on -addr; empty: none")
	bind("admin-addr", "MOVESVC_ADMIN_ADDR")
	fs.IntVar(&a.LogSample, "log-sample", a.LogSample, "log one in this many requests answered under 400 at info and the rest at debug; errors are always at info")
	bind("log-sample", "MOVESVC_LOG_SAMPLE")
	fs.StringVar(&c.CORSOrigins, "cors-origins", c.CORSOrigins, "comma-separated origins whose pages may call the API from a browser (CORS), such as https://app.example.org; * any; empty (-cors-origins=) none")
	bind("cors-origins", "MOVESVC_CORS_ORIGINS")
	fs.DurationVar(&c.ReadHeaderTimeout, "read-header-timeout", c.ReadHeaderTimeout, "time to read a request's headers")
	bind("read-header-timeout", "MOVESVC_READ_HEADER_TIMEOUT")
	fs.DurationVar(&c.ReadTimeout, "read-timeout", c.ReadTimeout, "time to read a whole request")
	bind("read-timeout", "MOVESVC_READ_TIMEOUT")
	fs.DurationVar(&c.WriteTimeout, "write-timeout", c.WriteTimeout, fmt.Sprintf("time to answer a request once read; 0 means max-timeout + %v", writeMargin))
	bind("write-timeout", "MOVESVC_WRITE_TIMEOUT")
	fs.DurationVar(&c.IdleTimeout, "idle-timeout", c.IdleTimeout, "how long an idle keep-alive connection stays open")
	bind("idle-timeout", "MOVESVC_IDLE_TIMEOUT")
	fs.DurationVar(&c.ShutdownDelay, "shutdown-delay", c.ShutdownDelay, "on SIGTERM, how long /readyz reports 503 while searches are still served, for gateways and endpoint lists to stop sending work, before new searches get 503 and the listener closes; -1s none")
	bind("shutdown-delay", "MOVESVC_SHUTDOWN_DELAY")
	fs.DurationVar(&c.ShutdownGrace, "shutdown-grace", c.ShutdownGrace, "on SIGTERM, how long in-flight requests may take to finish")
	bind("shutdown-grace", "MOVESVC_SHUTDOWN_GRACE")
	fs.TextVar(&c.LogLevel, "log-level", c.LogLevel, "debug, info, warn or error")
	bind("log-level", "MOVESVC_LOG_LEVEL")
	fs.BoolVar(&c.HealthCheck, "healthcheck", false, "check GET /healthz of the server at -addr and exit 0 if healthy, 1 if not")
	fs.BoolVar(&c.Version, "version", false, "print the version, commit and Go version of this build and exit")
	return env
}

// validate refuses what no default can mend, naming the flag: a negative
// number where none is not a value, a table larger than the engine's, a
// default deadline over the maximum, a write timeout that would cut
// searches off. It leaves c resolved: every zero replaced by its default
// (api.Config.WithDefaults, DefaultConfig, the derived write timeout), a
// none left negative, and the API fields the binary takes in its own
// units (tt-mb, cors-origins) filled in.
func (c *Config) validate() error {
	if err := c.checkSigns(); err != nil {
		return err
	}
	a := c.API.WithDefaults()
	switch {
	case c.API.DefaultTimeout > a.MaxTimeout:
		return fmt.Errorf("default-timeout must be at most max-timeout, %v", a.MaxTimeout)
	case c.API.TableBits > engine.MaxTableBits:
		return fmt.Errorf("tt-bits must be 1..%d (0: the default, %d)", engine.MaxTableBits, engine.DefaultTableBits)
	case a.MaxBodyBytes < 1024:
		return fmt.Errorf("max-body-bytes must be at least 1024 (0: the default)")
	case c.TableMB > 1<<20:
		return fmt.Errorf("tt-mb must be 0 (automatic) to %d", 1<<20)
	case a.RateWindow%time.Second != 0:
		return fmt.Errorf("rate-window must be whole seconds, as RateLimit-Policy tells it")
	case (c.TLSCert == "") != (c.TLSKey == ""):
		return fmt.Errorf("tls-cert and tls-key must be given together")
	case c.AdminAddr != "" && c.AdminAddr == c.Addr && !strings.HasSuffix(c.Addr, ":0"):
		return fmt.Errorf("admin-addr must differ from addr: pprof is never served on the API's port")
	}
	origins, err := api.ParseCORSOrigins(c.CORSOrigins)
	if err != nil {
		return fmt.Errorf("cors-origins: %w", err)
	}
	a.CORSOrigins = origins
	a.MemoryBudget = int64(c.TableMB) << 20
	if err := c.access(&a); err != nil {
		return err
	}
	c.API = a
	d := DefaultConfig()
	c.ReadHeaderTimeout = positiveOr(c.ReadHeaderTimeout, d.ReadHeaderTimeout)
	c.ReadTimeout = positiveOr(c.ReadTimeout, d.ReadTimeout)
	c.IdleTimeout = positiveOr(c.IdleTimeout, d.IdleTimeout)
	c.ShutdownGrace = positiveOr(c.ShutdownGrace, d.ShutdownGrace)
	if c.ShutdownDelay == 0 {
		c.ShutdownDelay = d.ShutdownDelay
	}
	c.WriteTimeout = positiveOr(c.WriteTimeout, a.MaxTimeout+writeMargin)
	if c.WriteTimeout <= a.MaxTimeout {
		return fmt.Errorf("write-timeout must exceed max-timeout, or searches would be cut off")
	}
	return nil
}

// access fills in a's API keys from the keys file and its trusted
// proxies, with an error naming the flag.
func (c *Config) access(a *api.Config) error {
	proxies, err := api.ParseTrustedProxies(c.TrustedProxies)
	if err != nil {
		return fmt.Errorf("trusted-proxies: %w", err)
	}
	a.TrustedProxies = proxies
	if c.KeysFile == "" {
		return nil
	}
	f, err := os.Open(c.KeysFile)
	if err != nil {
		return fmt.Errorf("keys-file: %w", err)
	}
	defer func() { _ = f.Close() }() // read only
	if a.APIKeys, err = api.ParseAPIKeys(f); err != nil {
		return fmt.Errorf("keys-file %s: %w", c.KeysFile, err)
	}
	return nil
}

// checkSigns refuses a negative number where none is not a value: every
// one but queue-size, result-cache (-1: none) and shutdown-delay (any
// negative: none).
func (c *Config) checkSigns() error {
	a := &c.API
	for _, n := range []struct {
		flag     string
		negative bool
	}{
		{"default-timeout", a.DefaultTimeout < 0}, {"max-timeout", a.MaxTimeout < 0},
		{"max-searches", a.MaxSearches < 0}, {"search-threads", a.SearchThreads < 0},
		{"queue-size", a.QueueSize < -1}, {"queue-wait", a.QueueWait < 0},
		{"tt-bits", a.TableBits < 0}, {"tt-mb", c.TableMB < 0},
		{"result-cache", a.ResultCache < -1}, {"max-batch", a.MaxBatch < 0},
		{"max-body-bytes", a.MaxBodyBytes < 0}, {"read-header-timeout", c.ReadHeaderTimeout < 0},
		{"read-timeout", c.ReadTimeout < 0}, {"write-timeout", c.WriteTimeout < 0},
		{"idle-timeout", c.IdleTimeout < 0}, {"shutdown-grace", c.ShutdownGrace < 0},
		{"rate-limit", a.RateLimit < 0}, {"rate-window", a.RateWindow < 0}, {"log-sample", a.LogSample < 0},
	} {
		if n.negative {
			return fmt.Errorf("%s must not be negative (0: the default)", n.flag)
		}
	}
	return nil
}

// positiveOr returns v when it is positive, else def.
func positiveOr(v, def time.Duration) time.Duration {
	if v > 0 {
		return v
	}
	return def
}
