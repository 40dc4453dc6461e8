// Command server runs movesvc, the HTTP move service: POST /move answers
// with the best move for a board game position. Configuration comes from
// flags, each with an environment override (see -h). With -healthcheck it
// instead checks a running server's /healthz, for container health checks;
// with -version it prints which build it is (internal/buildinfo).
package main

import (
	"context"
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
		if err := HealthCheck(cfg.Addr, 3*time.Second); err != nil {
			fmt.Fprintln(os.Stderr, "movesvc: unhealthy:", err)
			os.Exit(1)
		}
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m := NewMain(cfg, games.Registry(), os.Stderr)
	build := buildinfo.Get()
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
	}
}

// Run builds the games' lazily built tables (engine.Warmer), so that the
// first requests do not wait for them, binds the listener, so that an
// address in use fails here, then serves in the background. Errors from
// serving arrive on Errors.
func (m *Main) Run() error {
	m.games.Warm()
	ln, err := net.Listen("tcp", m.Config.Addr)
	if err != nil {
		return err
	}
	m.listener = ln
	m.Log.Info("listening", slog.String("addr", ln.Addr().String()),
		slog.Int("max_searches", m.API.Config().MaxSearches), slog.Int("queue_size", m.API.Config().QueueSize),
		slog.Duration("max_timeout", m.API.Config().MaxTimeout), slog.Int64("memory_budget_bytes", m.API.Config().MemoryBudget))
	go func() {
		if err := m.server.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			m.errs <- err
		}
	}()
	return nil
}

// Addr returns the address the server listens on, once Run has returned.
func (m *Main) Addr() string { return m.listener.Addr().String() }

// Errors delivers a failure of the server after Run.
func (m *Main) Errors() <-chan error { return m.errs }

// Close shuts down gracefully: /readyz turns 503 at once, new searches get
// 503, and after the shutdown delay the listener closes; requests in flight
// then have the grace period to finish before their connections are cut.
func (m *Main) Close() error {
	m.API.SetReady(false)
	m.Log.Info("shutting down", slog.Duration("delay", m.Config.ShutdownDelay), slog.Duration("grace", m.Config.ShutdownGrace))
	time.Sleep(m.Config.ShutdownDelay)
	ctx, cancel := context.WithTimeout(context.Background(), m.Config.ShutdownGrace)
	defer cancel()
	if err := m.server.Shutdown(ctx); err != nil {
		// Cut the connections still open; the Shutdown error says why.
		_ = m.server.Close()
		return fmt.Errorf("requests still running after %v: %w", m.Config.ShutdownGrace, err)
	}
	m.Log.Info("stopped")
	return nil
}

// HealthCheck asks the server at addr for GET /healthz and returns an error
// unless it answers 200 within timeout. An addr without a host means the
// local machine.
func HealthCheck(addr string, timeout time.Duration) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	client := &http.Client{Timeout: timeout}
	resp, err := client.Get("http://" + net.JoinHostPort(host, port) + "/healthz")
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
