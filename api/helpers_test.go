package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/prometheus/client_golang/prometheus"

	movesvc "movesvc"
	"movesvc/api"
	"movesvc/engine"
	"movesvc/engine/enginetest"
	"movesvc/engine/games"
	"movesvc/engine/tictactoe"
)

// testServer is the API behind a real HTTP server, with every response
// checked against openapi.yaml.
type testServer struct {
	*httptest.Server
	api    *api.Server
	prom   *prometheus.Registry
	router routers.Router
	logs   *bytes.Buffer
}

var (
	specOnce sync.Once
	spec     *openapi3.T
	specErr  error
)

func loadSpec(t testing.TB) *openapi3.T {
	specOnce.Do(func() {
		spec, specErr = openapi3.NewLoader().LoadFromData(movesvc.OpenAPI)
		if specErr == nil {
			specErr = spec.Validate(context.Background())
		}
	})
	if specErr != nil {
		t.Fatalf("openapi.yaml: %v", specErr)
	}
	return spec
}

// newTestServer starts the API with the service's games plus extra ones.
func newTestServer(t testing.TB, cfg api.Config, extra ...engine.Game) *testServer {
	t.Helper()
	reg := engine.NewRegistry(append(games.All(), extra...)...)
	prom := prometheus.NewRegistry()
	logs := &bytes.Buffer{}
	srv := api.New(testConfig(cfg), reg, slog.New(slog.NewJSONHandler(&lockedWriter{w: logs}, nil)), prom, prom)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)

	doc := *loadSpec(t)
	doc.Servers = openapi3.Servers{{URL: ts.URL}}
	router, err := gorillamux.NewRouter(&doc)
	if err != nil {
		t.Fatal(err)
	}
	return &testServer{Server: ts, api: srv, prom: prom, router: router, logs: logs}
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// response is a finished HTTP exchange.
type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decoding %s: %v", r.body, err)
	}
}

// do sends a request and validates the response against the spec.
func (ts *testServer) do(t testing.TB, method, path, contentType string, body []byte, header ...string) response {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	ts.checkSpec(t, req, resp, got)
	return response{status: resp.StatusCode, header: resp.Header, body: got}
}

// post sends a JSON body to POST /move.
func (ts *testServer) post(t testing.TB, body string, header ...string) response {
	t.Helper()
	return ts.do(t, http.MethodPost, "/move", "application/json", []byte(body), header...)
}

// checkSpec validates a response against openapi.yaml. Requests to paths or
// methods the spec does not have are checked as problems only.
func (ts *testServer) checkSpec(t testing.TB, req *http.Request, resp *http.Response, body []byte) {
	t.Helper()
	route, params, err := ts.router.FindRoute(req)
	if err != nil {
		if ct := resp.Header.Get("Content-Type"); ct != "application/problem+json" {
			t.Errorf("%s %s: off-spec request answered with %s, not a problem", req.Method, req.URL.Path, ct)
		}
		return
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{IncludeResponseStatus: true},
		},
		Status:  resp.StatusCode,
		Header:  resp.Header,
		Body:    io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		t.Errorf("%s %s: response %d does not match openapi.yaml: %v\n%s", req.Method, req.URL.Path, resp.StatusCode, err, body)
	}
}

// problem is a decoded problem response.
type problem struct {
	Type      string `json:"type"`
	Title     string `json:"title"`
	Status    int    `json:"status"`
	Detail    string `json:"detail"`
	Instance  string `json:"instance"`
	RequestID string `json:"request_id"`
	Errors    []struct {
		Location string `json:"location"`
		Message  string `json:"message"`
		Value    any    `json:"value"`
	} `json:"errors"`
}

// moveResponse is a decoded 200 answer.
type moveResponse struct {
	Game string `json:"game"`
	Move struct {
		Notation string `json:"notation"`
		Row      int    `json:"row"`
		Col      int    `json:"col"`
	} `json:"move"`
	ToMove     string   `json:"to_move"`
	Score      int      `json:"score"`
	Outcome    string   `json:"outcome"`
	PliesToEnd *int     `json:"plies_to_end"`
	Depth      int      `json:"depth"`
	Nodes      uint64   `json:"nodes"`
	ElapsedMS  float64  `json:"elapsed_ms"`
	Complete   bool     `json:"complete"`
	PV         []string `json:"pv"`
	Cached     bool     `json:"cached"`
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// gatedGame is a game (tic-tac-toe unless another base is given) whose
// search waits for the gate to open (or its context to end) before it
// searches: a search that stays in flight as long as a test needs. Its
// searches announce themselves on started, and tell contexts when they
// started and their context's deadline.
type gatedGame struct {
	name     string
	base     engine.Game
	gate     chan struct{}
	started  chan struct{}
	contexts chan searchContext
	panics   bool
}

// searchContext is when a gated search started, its context's deadline
// (zero when none) and the threads it was given.
type searchContext struct {
	start, deadline time.Time
	threads         int
}

func newGatedGame(name string) *gatedGame { return newGatedGameOf(name, tictactoe.Game{}) }

func newGatedGameOf(name string, base engine.Game) *gatedGame {
	return &gatedGame{name: name, base: base, gate: make(chan struct{}), started: make(chan struct{}, 100),
		contexts: make(chan searchContext, 100)}
}

func (g *gatedGame) Name() string { return g.name }

func (g *gatedGame) Describe() engine.Description {
	d := g.base.Describe()
	d.Name = g.name
	d.Example = maps.Clone(d.Example)
	d.Example["game"] = g.name
	return d
}

func (g *gatedGame) SearchMemory(p engine.Limits) int64 { return engine.SearchMemory(g.base, p) }

func (g *gatedGame) NewState(setup engine.Setup) (engine.State, error) {
	st, err := g.base.NewState(setup)
	if err != nil {
		return nil, err
	}
	return &gatedState{PlacementState: st.(enginetest.PlacementState), game: g}, nil
}

type gatedState struct {
	enginetest.PlacementState
	game *gatedGame
}

func (s *gatedState) Search(ctx context.Context, p engine.Limits) engine.Result {
	s.game.started <- struct{}{}
	deadline, _ := ctx.Deadline()
	s.game.contexts <- searchContext{start: time.Now(), deadline: deadline, threads: p.Threads}
	if s.game.panics {
		panic("test game: search exploded")
	}
	select {
	case <-s.game.gate:
	case <-ctx.Done():
	}
	if _, ok := s.PlacementState.(*tictactoe.State); ok {
		// Tic-tac-toe answers from its solution table; these tests need a
		// search that runs, polls its context and uses a table.
		return engine.SearchTree(ctx, s.PlacementState, p)
	}
	return engine.Search(ctx, s.PlacementState, p)
}
