package web_test

// The harness of the browser tests: a real server, headless Chromium driven
// by chromedp, a record of what each tab logs and requests, waits on the
// page's own state, and screenshots. docs/frontend.md says how to run them.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/prometheus/client_golang/prometheus"

	"movesvc/api"
	"movesvc/engine"
	"movesvc/engine/games"
	"movesvc/internal/longtest"
)

// waitLimit bounds every wait on the page. It is a safety net for a page
// that hangs, never what a test measures: the searches the tests ask for
// are bounded by level and depth.
const waitLimit = 90 * time.Second

// chromium returns the browser the tests drive: $MOVESVC_CHROMIUM, or the
// first of chromium (Debian's package), chromium-browser, google-chrome on
// the PATH. Without one it skips t, but fails it under CI=true: CI must run
// the browser tests.
func chromium(t *testing.T) string {
	t.Helper()
	if path := os.Getenv("MOVESVC_CHROMIUM"); path != "" {
		return path
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	const how = "no Chromium found: install it (Debian: apt-get install -y chromium) or set MOVESVC_CHROMIUM to a Chrome binary"
	if os.Getenv("CI") == "true" {
		t.Fatal(how + "; CI=true, where the browser tests must run")
	}
	t.Skip(how)
	return ""
}

// newBrowser starts headless Chromium with a fresh profile for t, gated as
// a long test, and returns its context; it closes when t ends. The flags
// keep it from reaching out to Google's services, which it cannot here.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	longtest.Skip(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(1280, 900),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // starts the browser with no deadline
		t.Fatalf("starting %s: %v", chromium(t), err)
	}
	return ctx
}

// tab is one browser tab and what it logged and requested.
type tab struct {
	ctx context.Context
	t   *testing.T

	mu       sync.Mutex
	errors   []string // console errors, uncaught exceptions, browser log errors
	requests []string // every URL the tab requested
}

// newTab opens a tab in browser and records its console and network from
// the start.
func newTab(t *testing.T, browser context.Context) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	tb := &tab{ctx: ctx, t: t}
	if err := chromedp.Listen(ctx, tb.record); err != nil {
		t.Fatal(err)
	}
	return tb
}

// record keeps the events a test checks. It runs in the tab's read loop.
func (tb *tab) record(ev any) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value)+a.Description)
			}
			tb.errors = append(tb.errors, "console."+string(ev.Type)+": "+strings.Join(args, " "))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		text := d.Text
		if d.Exception != nil {
			text += " " + d.Exception.Description
		}
		tb.errors = append(tb.errors, fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber+1, text))
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError {
			tb.errors = append(tb.errors, fmt.Sprintf("log (%s) %s: %s", ev.Entry.Source, ev.Entry.URL, ev.Entry.Text))
		}
	case *network.EventRequestWillBeSent:
		tb.requests = append(tb.requests, ev.Request.URL)
	}
}

// run runs actions in the tab, failing the test on an error.
func (tb *tab) run(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, waitLimit)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression in the page and decodes its value.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, waitLimit)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// waitFor waits until a JavaScript expression is truthy in the page.
func (tb *tab) waitFor(expr string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, waitLimit+time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr,
		chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(waitLimit)))
	if err != nil {
		tb.t.Fatalf("waiting for %s: %v (page state %q, status %q, alert %q)", expr, err,
			tb.peek(`document.body.dataset.state`), tb.peek(`document.getElementById("status")?.textContent`),
			tb.peek(`document.getElementById("alert-text")?.textContent`))
	}
}

// peek is eval for a failure message: it never fails the test.
func (tb *tab) peek(expr string) string {
	ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[*string](expr))
	if err != nil || v == nil {
		return fmt.Sprint(err)
	}
	return *v
}

// settled waits until the page is idle: the player's move, the game over,
// or a message shown; and returns which.
func (tb *tab) settled() string {
	tb.t.Helper()
	tb.waitFor(`["ready", "over", "error"].includes(document.body.dataset.state)`)
	return eval[string](tb, `document.body.dataset.state`)
}

// checkClean fails the test if the tab logged an error other than the
// browser's notes of the expected error statuses ("status of 503"), or
// requested anything outside origins (data: URLs, which name their content,
// aside).
func (tb *tab) checkClean(origins []string, expected ...string) {
	tb.t.Helper()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, e := range tb.errors {
		if !slices.ContainsFunc(expected, func(status string) bool {
			return strings.HasPrefix(e, "log (network)") && strings.Contains(e, "status of "+status)
		}) {
			tb.t.Errorf("browser console: %s", e)
		}
	}
	for _, u := range tb.requests {
		if strings.HasPrefix(u, "data:") {
			continue
		}
		if !slices.ContainsFunc(origins, func(o string) bool { return u == o || strings.HasPrefix(u, o+"/") }) {
			tb.t.Errorf("request left the origins %q: %s", origins, u)
		}
	}
	if len(tb.requests) == 0 {
		tb.t.Error("no request recorded: the network events are not seen")
	}
}

// display is a screen the page is shown on: a size and a colour scheme.
type display struct {
	name          string
	width, height int64
	mobile, dark  bool
}

// displays are the screens the browser tests check the page on: a phone
// and a desktop, light and dark.
var displays = []display{
	{"phone-light", 390, 844, true, false},
	{"phone-dark", 390, 844, true, true},
	{"desktop-light", 1280, 900, false, false},
	{"desktop-dark", 1280, 900, false, true},
}

// show makes the tab a display: its viewport (a phone's is mobile, in
// portrait) and its preferred colour scheme. Set it before the page loads,
// which lays itself out for the screen it starts on.
func (tb *tab) show(d display) {
	tb.t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateLandscape}
	if d.mobile {
		opts = []chromedp.EmulateViewportOption{chromedp.EmulateMobile, chromedp.EmulatePortrait}
	}
	scheme := "light"
	if d.dark {
		scheme = "dark"
	}
	tb.run(chromedp.EmulateViewport(d.width, d.height, opts...),
		func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
			return chromedp.Void{}, err
		})
}

// capture saves the whole page as <name>.png in the artifact folder, once
// no animation runs; with docs set and $MOVESVC_DOCS_IMG=1 also in
// docs/img, where the README and docs/frontend.md show it.
func (tb *tab) capture(name string, docs bool) {
	tb.t.Helper()
	tb.waitFor(`document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity)`)
	ctx, cancel := context.WithTimeout(tb.ctx, waitLimit)
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	cancel()
	if err != nil {
		tb.t.Fatal(err)
	}
	dirs := []string{artifacts(tb.t)}
	if docs && os.Getenv("MOVESVC_DOCS_IMG") == "1" {
		dirs = append(dirs, filepath.Join("..", "docs", "img"))
	}
	for _, dir := range dirs {
		path := filepath.Join(dir, name+".png")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			tb.t.Fatal(err)
		}
		if err := os.WriteFile(path, png, 0o644); err != nil {
			tb.t.Fatal(err)
		}
		tb.t.Logf("screenshot: %s", path)
	}
}

// screenshot saves the page at a phone's and a desktop's width, light, as
// <name>-<display>.png, and leaves the tab on the desktop.
func (tb *tab) screenshot(name string) {
	tb.t.Helper()
	for _, d := range []display{displays[0], displays[2]} {
		tb.show(d)
		tb.waitFor(fmt.Sprintf(`document.documentElement.clientWidth === %d`, d.width))
		tb.capture(name+"-"+d.name, false)
	}
}

var (
	artifactOnce sync.Once
	artifactDir  string
	artifactErr  error
)

// artifacts returns the folder the screenshots go to: $MOVESVC_ARTIFACTS,
// created if need be, or a new temporary folder, kept after the tests.
func artifacts(t *testing.T) string {
	t.Helper()
	artifactOnce.Do(func() {
		if dir := os.Getenv("MOVESVC_ARTIFACTS"); dir != "" {
			artifactDir, artifactErr = dir, os.MkdirAll(dir, 0o755)
			return
		}
		artifactDir, artifactErr = os.MkdirTemp("", "movesvc-browser-")
	})
	if artifactErr != nil {
		t.Fatal(artifactErr)
	}
	return artifactDir
}

// service is the API with the service's games behind a real HTTP server.
type service struct {
	*httptest.Server
	api *api.Server
}

// newService starts the API with cfg, for the service's games and extra
// ones; it stops when t ends.
func newService(t *testing.T, cfg api.Config, extra ...engine.Game) *service {
	t.Helper()
	prom := prometheus.NewRegistry()
	reg := engine.NewRegistry(append(games.All(), extra...)...)
	srv := api.New(cfg, reg, slog.New(slog.NewTextHandler(io.Discard, nil)), prom, prom)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return &service{Server: ts, api: srv}
}

// post sends body as JSON to the service and decodes a 200 answer into out.
func (s *service) post(t *testing.T, path string, body any, out any) {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := s.Client().Post(s.URL+path, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s %s: %d %s", path, data, resp.StatusCode, got)
	}
	if err := json.Unmarshal(got, out); err != nil {
		t.Fatalf("POST %s: %v in %s", path, err, got)
	}
}
