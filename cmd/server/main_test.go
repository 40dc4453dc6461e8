package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"movesvc/engine"
	"movesvc/engine/enginetest"
	"movesvc/engine/games"
	"movesvc/engine/tictactoe"
	"movesvc/internal/race"
)

// TestMain checks that no test leaves a goroutine behind, removes the
// binary the tests built, and exits without the race runtime's second of
// sleep (race.Exit).
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.Cleanup(func(code int) {
		removeBuilds()
		race.Exit(code)
	}))
}

func env(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }

func TestParseFlags(t *testing.T) {
	c, err := ParseFlags(nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.API.DefaultTimeout != time.Second || c.API.MaxTimeout != 10*time.Second ||
		c.WriteTimeout != 20*time.Second || c.API.MaxBodyBytes != 64<<10 || c.ShutdownDelay != DefaultShutdownDelay ||
		c.API.QueueWait != 0 || c.Version {
		t.Errorf("defaults: %+v", c)
	}
	// Searches and their threads follow the CPUs the process may use.
	if procs := runtime.GOMAXPROCS(0); c.API.MaxSearches != procs || c.API.SearchThreads != procs {
		t.Errorf("max-searches %d, search-threads %d, want GOMAXPROCS (%d)", c.API.MaxSearches, c.API.SearchThreads, procs)
	}
	if c, err := ParseFlags([]string{"-version"}, env(nil), io.Discard); err != nil || !c.Version {
		t.Errorf("-version: %+v, %v", c.Version, err)
	}
	c, err = ParseFlags([]string{"-max-timeout", "3s"}, env(map[string]string{
		"MOVESVC_ADDR": "127.0.0.1:9999", "MOVESVC_MAX_TIMEOUT": "5s", "MOVESVC_MAX_SEARCHES": "3", "MOVESVC_LOG_LEVEL": "debug",
	}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9999" || c.API.MaxTimeout != 3*time.Second || c.API.MaxSearches != 3 || c.LogLevel.String() != "DEBUG" {
		t.Errorf("env then flags: %+v", c)
	}
	c, err = ParseFlags([]string{"-result-cache", "-1"}, env(map[string]string{"MOVESVC_TT_MB": "64"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.API.MemoryBudget != 64<<20 || c.API.ResultCache >= 0 {
		t.Errorf("MOVESVC_TT_MB=64 -result-cache -1: budget %d, cache %d; want 64 MiB and the cache off", c.API.MemoryBudget, c.API.ResultCache)
	}
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{nil, map[string]string{"MOVESVC_MAX_TIMEOUT": "soon"}, "MOVESVC_MAX_TIMEOUT"},
		{[]string{"-max-searches", "-1"}, nil, "max-searches"},
		{[]string{"-tt-bits", "29"}, nil, "tt-bits"},
		{[]string{"-shutdown-grace", "-1s"}, nil, "shutdown-grace"},
		{[]string{"-default-timeout", "20s"}, nil, "default-timeout"},
		{[]string{"-write-timeout", "1s"}, nil, "write-timeout"},
		{[]string{"stray"}, nil, "unexpected arguments"},
		{[]string{"-tt-mb", "-1"}, nil, "tt-mb"},
		{nil, map[string]string{"MOVESVC_RESULT_CACHE": "-2"}, "result-cache"},
	} {
		if _, err := ParseFlags(tc.args, env(tc.env), io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseFlags(%v, %v): %v, want an error about %s", tc.args, tc.env, err, tc.want)
		}
	}
	if _, err := ParseFlags([]string{"-h"}, env(nil), io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v", err)
	}
}

// slowGame is tic-tac-toe whose searches wait for release before they
// search, to keep one in flight during a shutdown.
type slowGame struct{ release, started chan struct{} }

func (slowGame) Name() string { return "slow" }
func (slowGame) Describe() engine.Description {
	d := tictactoe.Game{}.Describe()
	d.Name = "slow"
	return d
}
func (g slowGame) NewState(s engine.Setup) (engine.State, error) {
	st, err := tictactoe.Game{}.NewState(s)
	if err != nil {
		return nil, err
	}
	return slowState{st.(enginetest.PlacementState), g}, nil
}

type slowState struct {
	enginetest.PlacementState
	g slowGame
}

func (s slowState) Search(ctx context.Context, p engine.Limits) engine.Result {
	close(s.g.started)
	<-s.g.release
	return engine.Search(ctx, s.PlacementState, p)
}

// TestGracefulShutdown starts the real server, puts a search in flight and
// shuts down: /readyz turns 503 first while new searches are still served
// (the shutdown delay), then the listener closes while the in-flight
// search runs on, and that search is still answered before Close returns.
func TestGracefulShutdown(t *testing.T) {
	cfg, err := ParseFlags([]string{"-addr", "127.0.0.1:0", "-shutdown-delay", "2s", "-shutdown-grace", "5s"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	slow := slowGame{release: make(chan struct{}), started: make(chan struct{})}
	m := NewMain(cfg, engine.NewRegistry(append(games.All(), slow)...), io.Discard)
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	base := "http://" + m.Addr()
	if err := HealthCheck(m.Addr(), false, time.Second); err != nil {
		t.Fatalf("healthcheck: %v", err)
	}

	type answer struct {
		status int
		body   map[string]any
		err    error
	}
	inFlight := make(chan answer, 1)
	go func() {
		resp, err := http.Post(base+"/move", "application/json", strings.NewReader(`{"game":"slow","moves":["b2"],"timeout_ms":8000}`))
		if err != nil {
			inFlight <- answer{err: err}
			return
		}
		defer func() { _ = resp.Body.Close() }()
		var body map[string]any
		err = json.NewDecoder(resp.Body).Decode(&body)
		inFlight <- answer{resp.StatusCode, body, err}
	}()
	<-slow.started

	closed := make(chan error, 1)
	go func() { closed <- m.Close() }()

	// Readiness turns false while the listener still takes requests.
	deadline := time.Now().Add(3 * time.Second)
	for {
		resp, err := http.Get(base + "/readyz")
		if err != nil {
			t.Fatalf("readyz: %v", err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode == http.StatusServiceUnavailable {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("readyz never turned 503")
		}
		time.Sleep(5 * time.Millisecond)
	}
	resp, err := http.Post(base+"/move", "application/json", strings.NewReader(`{"game":"tictactoe","moves":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("new search in the shutdown delay: %d, want 200", resp.StatusCode)
	}
	if err := HealthCheck(m.Addr(), false, time.Second); err != nil {
		t.Errorf("liveness must hold in the shutdown delay: %v", err)
	}
	http.DefaultClient.CloseIdleConnections()
	// After the delay the listener closes; the search in flight runs on.
	for deadline := time.Now().Add(10 * time.Second); HealthCheck(m.Addr(), false, 200*time.Millisecond) == nil; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the listener still takes connections 10 s after Close began, with a 2 s delay")
		}
	}
	select {
	case a := <-inFlight:
		t.Fatalf("the in-flight search ended (%d %v) before it was released", a.status, a.err)
	default:
	}

	close(slow.release)
	a := <-inFlight
	if a.err != nil || a.status != http.StatusOK || a.body["move"] == nil {
		t.Fatalf("in-flight search: %d %v %v", a.status, a.body, a.err)
	}
	if err := <-closed; err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := HealthCheck(m.Addr(), false, 200*time.Millisecond); err == nil {
		t.Error("server still answers after Close")
	}
	http.DefaultClient.CloseIdleConnections()
}

func TestRunFailsOnBusyAddress(t *testing.T) {
	cfg, _ := ParseFlags([]string{"-addr", "127.0.0.1:0", "-shutdown-delay", "-1s"}, env(nil), io.Discard)
	first := NewMain(cfg, games.Registry(), io.Discard)
	if err := first.Run(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = first.Close() }()
	cfg.Addr = first.Addr()
	if err := NewMain(cfg, games.Registry(), io.Discard).Run(); err == nil {
		t.Error("second Run on the same address succeeded")
	}
}
