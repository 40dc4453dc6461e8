// Command server runs movesvc, the HTTP move service: POST /move answers
// with the best move for a board game position. Configuration comes from
// flags, each with an environment override (see -h). With -healthcheck it
// instead checks a running server's /healthz, for container health checks;
// with -version it prints which build it is (internal/buildinfo).
package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"movesvc/api"
	"movesvc/engine"
	"movesvc/engine/games"
	"movesvc/internal/buildinfo"
)

func main() {
	cfg, err := ParseFlags(os.Args[1:], os.Getenv, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "movesvc:", err)
		os.Exit(2)
	}
	if cfg.Version {
		fmt.Println(buildinfo.Get())
		return
	}
	if cfg.HealthCheck {
		if err := HealthCheck(cfg.Addr, cfg.TLSCert != "", 3*time.Second); err != nil {
			fmt.Fprintln(os.Stderr, "movesvc: unhealthy:", err)
			os.Exit(1)
		}
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	build := buildinfo.Get()
	tp, err := NewTracerProvider(ctx, os.Getenv, build.Version)
	if err != nil {
		fmt.Fprintln(os.Stderr, "movesvc:", err)
		os.Exit(2)
	}
	if tp != nil {
		cfg.API.Tracer = tp
	}
	m := NewMain(cfg, games.Registry(), os.Stderr)
	m.Log.Info("starting", slog.String("version", build.Version), slog.String("commit", build.Commit),
		slog.String("go", build.GoVersion), slog.Int("gomaxprocs", runtime.GOMAXPROCS(0)), slog.Int("cpus", runtime.NumCPU()))
	if err := m.Run(); err != nil {
		m.Log.Error("start failed", slog.Any("error", err))
		os.Exit(1)
	}
	select {
	case <-ctx.Done():
	case err := <-m.Errors():
		m.Log.Error("server failed", slog.Any("error", err))
	}
	stop() // a second signal kills the process at once
	if err := m.Close(); err != nil {
		m.Log.Error("shutdown incomplete", slog.Any("error", err))
		os.Exit(1)
	}
}

// Main is the running program: the API server and its listener. Tests use it
// to run the real server on a random port.
type Main struct {
	Config Config
	Log    *slog.Logger
	API    *api.Server
	// Registry is the Prometheus registry the metrics live in.
	Registry *prometheus.Registry

	listener net.Listener
	games    *engine.Registry
	server   *http.Server
	admin    *http.Server // nil without -admin-addr
	adminLn  net.Listener
	errs     chan error
}

// NewMain builds the program for cfg and the games in reg, logging JSON to
// logOut (newLogger). Its registry holds the API's metrics, the Go and
// process collectors and movesvc_build_info.
func NewMain(cfg Config, reg *engine.Registry, logOut io.Writer) *Main {
	log := newLogger(logOut, cfg.LogLevel)
	promReg := prometheus.NewRegistry()
	promReg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		buildinfo.Get().Collector())
	srv := api.New(cfg.API, reg, log, promReg, promReg)
	return &Main{
		Config:   cfg,
		Log:      log,
		API:      srv,
		Registry: promReg,
		games:    reg,
		errs:     make(chan error, 1),
		server: &http.Server{
			Handler:           srv,
			ReadHeaderTimeout: cfg.ReadHeaderTimeout,
			ReadTimeout:       cfg.ReadTimeout,
			WriteTimeout:      cfg.WriteTimeout,
			IdleTimeout:       cfg.IdleTimeout,
			MaxHeaderBytes:    16 << 10,
			ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		},
		admin: newAdminServer(cfg, promReg, log),
	}
}

// newAdminServer returns the server of the admin listener (adminHandler),
// or nil without one. It has no write timeout: a CPU profile or an
// execution trace takes as long as it is asked to (?seconds=).
func newAdminServer(cfg Config, gatherer prometheus.Gatherer, log *slog.Logger) *http.Server {
	if cfg.AdminAddr == "" {
		return nil
	}
	return &http.Server{Handler: adminHandler(gatherer), ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		IdleTimeout: cfg.IdleTimeout, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
}

// Run builds the games' lazily built tables (engine.Warmer), so that the
// first requests do not wait for them, loads the TLS certificate, binds
// the listeners, so that a bad certificate or an address in use fails
// here, then serves in the background: HTTPS when given a certificate,
// else HTTP, and the admin listener when there is one. Errors from
// serving arrive on Errors.
func (m *Main) Run() error {
	m.games.Warm()
	if err := m.loadCertificate(); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", m.Config.Addr)
	if err != nil {
		return err
	}
	m.listener = ln
	if m.admin != nil {
		if m.adminLn, err = net.Listen("tcp", m.Config.AdminAddr); err != nil {
			_ = ln.Close()
			return fmt.Errorf("admin-addr: %w", err)
		}
		m.Log.Info("admin listening", slog.String("addr", m.adminLn.Addr().String()))
		m.serve(m.admin, m.adminLn, false)
	}
	c := m.API.Config()
	m.Log.Info("listening", slog.String("addr", ln.Addr().String()), slog.Bool("tls", m.server.TLSConfig != nil),
		slog.Int("max_searches", c.MaxSearches), slog.Int("queue_size", c.QueueSize), slog.Duration("max_timeout", c.MaxTimeout),
		slog.Int64("memory_budget_bytes", c.MemoryBudget), slog.Int("api_keys", len(c.APIKeys)), slog.Int("rate_limit", c.RateLimit))
	m.serve(m.server, ln, m.server.TLSConfig != nil)
	return nil
}

// loadCertificate loads -tls-cert and -tls-key, when given, into the API
// server's TLS configuration: TLS 1.2 at least, HTTP/2 offered.
func (m *Main) loadCertificate() error {
	if m.Config.TLSCert == "" {
		return nil
	}
	cert, err := tls.LoadX509KeyPair(m.Config.TLSCert, m.Config.TLSKey)
	if err != nil {
		return fmt.Errorf("tls-cert, tls-key: %w", err)
	}
	m.server.TLSConfig = &tls.Config{MinVersion: tls.VersionTLS12, Certificates: []tls.Certificate{cert}}
	return nil
}

// serve runs srv on ln in the background, over TLS with srv's
// configuration when secure, sending a failure to Errors.
func (m *Main) serve(srv *http.Server, ln net.Listener, secure bool) {
	go func() {
		var err error
		if secure {
			err = srv.ServeTLS(ln, "", "")
		} else {
			err = srv.Serve(ln)
		}
		if !errors.Is(err, http.ErrServerClosed) {
			select {
			case m.errs <- err:
			default: // one failure is enough to stop
			}
		}
	}()
}

// AdminAddr returns the address the admin listener listens on, once Run
// has returned, or "" without one.
func (m *Main) AdminAddr() string {
	if m.adminLn == nil {
		return ""
	}
	return m.adminLn.Addr().String()
}

// Addr returns the address the server listens on, once Run has returned.
func (m *Main) Addr() string { return m.listener.Addr().String() }

// Errors delivers a failure of the server after Run.
func (m *Main) Errors() <-chan error { return m.errs }

// Close shuts down gracefully: /readyz turns 503 at once, and for the
// shutdown delay the server still answers every request, so that what a
// gateway or an endpoint list sends before it notices is served. Then new
// searches get 503 /problems/shutting-down and the listener closes;
// requests in flight have the grace period to finish before their
// connections are cut.
func (m *Main) Close() error {
	m.API.SetReady(false)
	m.Log.Info("shutting down", slog.Duration("delay", m.Config.ShutdownDelay), slog.Duration("grace", m.Config.ShutdownGrace))
	time.Sleep(m.Config.ShutdownDelay)
	m.API.Drain()
	m.Log.Info("draining")
	ctx, cancel := context.WithTimeout(context.Background(), m.Config.ShutdownGrace)
	defer cancel()
	defer m.closeAside(ctx)
	if err := m.server.Shutdown(ctx); err != nil {
		// Cut the connections still open; the Shutdown error says why.
		_ = m.server.Close()
		return fmt.Errorf("requests still running after %v: %w", m.Config.ShutdownGrace, err)
	}
	m.Log.Info("stopped")
	return nil
}

// closeAside closes what runs beside the API once it has stopped: the
// admin listener, at once (a profile being taken is cut off), and the
// tracer provider, flushing its spans within ctx.
func (m *Main) closeAside(ctx context.Context) {
	if m.admin != nil {
		_ = m.admin.Close()
	}
	if tp, ok := m.Config.API.Tracer.(interface{ Shutdown(context.Context) error }); ok {
		if err := tp.Shutdown(ctx); err != nil {
			m.Log.Warn("traces not flushed", slog.Any("error", err))
		}
	}
}

// HealthCheck asks the server at addr for GET /healthz, over HTTPS when
// secure, and returns an error unless it answers 200 within timeout. An
// addr without a host means the local machine. Over HTTPS the certificate
// is not verified: the check asks whether this process serves, not who it
// is, and a certificate seldom names the loopback address.
func HealthCheck(addr string, secure bool, timeout time.Duration) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	client := &http.Client{Timeout: timeout}
	scheme := "http://"
	if secure {
		scheme = "https://"
		client.Transport = &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}} //nolint:gosec // see above
	}
	resp, err := client.Get(scheme + net.JoinHostPort(host, port) + "/healthz")
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }() // read only: a failed close loses nothing
	_, _ = io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET /healthz: %s", resp.Status)
	}
	return nil
}
