package web_test

import (
	"bufio"
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"movesvc/api"
	"movesvc/engine"
	"movesvc/engine/games"
)

// streamExample is the README's call of movesvc.js's stream: its request,
// a JavaScript object literal.
var streamExample = regexp.MustCompile(`(?s)await stream\((\{.*?\}),`)

// TestReadmeStreamExample checks that the README's example of stream
// shows live progress: its request streams several progress events, one
// per completed iteration, as the README says (not one shortcut answer).
func TestReadmeStreamExample(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := streamExample.FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no `await stream({...},` example")
	}
	// The literal's keys, unquoted in JavaScript, quoted for JSON.
	body := regexp.MustCompile(`(\w+):`).ReplaceAll(m[1], []byte(`"$1":`))
	// A deadline far beyond the example's search, which ends by depth in
	// milliseconds, so that a loaded machine does not cut it short.
	cfg := api.Config{DefaultTimeout: time.Minute, MaxTimeout: time.Minute}
	prom := prometheus.NewRegistry()
	srv := httptest.NewServer(api.New(cfg, engine.NewRegistry(games.All()...),
		slog.New(slog.NewTextHandler(io.Discard, nil)), prom, prom))
	defer srv.Close()
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/move", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	progress, results := 0, 0
	for sc := bufio.NewScanner(resp.Body); sc.Scan(); {
		switch sc.Text() {
		case "event: progress":
			progress++
		case "event: result":
			results++
		}
	}
	if resp.StatusCode != http.StatusOK || results != 1 || progress != 4 {
		t.Errorf("the README's stream example %s: %d, %d progress events and %d results; the README says four progress events",
			body, resp.StatusCode, progress, results)
	}
}
