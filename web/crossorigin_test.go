package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"movesvc/api"
)

// elsewhere is a page of another site that uses the service through its
// client module, loaded from the service, and reports what it got in
// window.done. A refusal (the module or a fetch blocked by CORS) ends it
// with an error.
const elsewhere = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another site</title>
<link rel="icon" href="data:,">
<script type="module">
const service = %q;
window.done = (async () => {
  const out = {};
  try {
    const api = await import(service + "/static/movesvc.js");
    out.games = (await api.games()).map((g) => g.name);
    out.move = await api.move({ game: "tictactoe", moves: ["b2"] });
    let updates = 0;
    out.stream = await api.stream({ game: "gomoku", moves: ["e5"], size: 9, depth: 3, timeout_ms: 10000 }, () => updates++);
    out.updates = updates;
    try {
      await api.move({ game: "shogi", moves: [] });
    } catch (e) {
      out.problem = { name: e.name, status: e.status, detail: e.problem.detail };
    }
    const res = await fetch(service + "/position", { method: "POST",
      headers: { "Content-Type": "application/json", "X-Request-Id": "from-elsewhere" },
      body: JSON.stringify({ game: "connect4", moves: ["4"] }) });
    out.requestId = res.headers.get("X-Request-Id");
  } catch (e) {
    out.error = String(e);
    try {
      await fetch(service + "/games");
    } catch (e) {
      out.fetchError = String(e);
    }
  }
  return out;
})();
</script></head><body><p>Another site.</p></body></html>`

// TestCrossOrigin serves a page from a second local origin that calls the
// service through movesvc.js: move, stream with its progress, a problem as
// a MovesvcError, and a request id sent and read back across origins. A
// third origin the service does not allow cannot load the module or read
// an answer.
func TestCrossOrigin(t *testing.T) {
	browser := newBrowser(t)
	var svcURL string
	site := func() *httptest.Server {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = fmt.Fprintf(w, elsewhere, svcURL)
		}))
		t.Cleanup(s.Close)
		return s
	}
	allowed, refused := site(), site()
	svc := newService(t, api.Config{CORSOrigins: []string{allowed.URL}, MaxSearches: 4})
	svcURL = svc.URL

	type notation struct {
		Notation string `json:"notation"`
	}
	type result struct {
		Games []string `json:"games"`
		Move  struct {
			Move notation `json:"move"`
		} `json:"move"`
		Stream struct {
			Move     notation `json:"move"`
			Complete bool     `json:"complete"`
		} `json:"stream"`
		Updates int `json:"updates"`
		Problem struct {
			Name   string `json:"name"`
			Detail string `json:"detail"`
			Status int    `json:"status"`
		} `json:"problem"`
		RequestID  string `json:"requestId"`
		Error      string `json:"error"`
		FetchError string `json:"fetchError"`
	}
	visit := func(site *httptest.Server) (*tab, result) {
		tb := newTab(t, browser)
		tb.run(chromedp.Navigate(site.URL + "/"))
		tb.waitFor(`window.done !== undefined`)
		ctx, cancel := context.WithTimeout(tb.ctx, waitLimit)
		defer cancel()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[result](`window.done`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		return tb, got
	}

	tb, got := visit(allowed)
	if got.Error != "" {
		t.Fatalf("the allowed origin's page failed: %s", got.Error)
	}
	var want answerJSON
	svc.post(t, "/move", map[string]any{"game": "tictactoe", "moves": []string{"b2"}}, &want)
	streamed := (&player{t: t, svc: svc}).progressEvents(map[string]any{"game": "gomoku", "moves": []string{"e5"}, "size": 9, "depth": 3, "timeout_ms": 10000})
	var names []string
	for _, g := range listGames(t, svc) {
		names = append(names, g.Name)
	}
	switch {
	case !slices.Equal(got.Games, names):
		t.Errorf("games %q across origins, %q directly", got.Games, names)
	case got.Move.Move.Notation != want.Move.Notation:
		t.Errorf("move answered %q across origins, %q directly", got.Move.Move.Notation, want.Move.Notation)
	case got.Stream.Move.Notation == "" || !got.Stream.Complete || got.Updates != streamed || streamed == 0:
		t.Errorf("stream: result %+v after %d progress updates; the same stream directly has %d", got.Stream, got.Updates, streamed)
	case got.Problem.Name != "MovesvcError" || got.Problem.Status != http.StatusUnprocessableEntity || !strings.Contains(got.Problem.Detail, "unknown game"):
		t.Errorf("problem across origins: %+v", got.Problem)
	case got.RequestID != "from-elsewhere":
		t.Errorf("X-Request-Id read across origins: %q, want the one sent", got.RequestID)
	}
	tb.checkClean([]string{allowed.URL, svc.URL}, "422")
	t.Logf("across origins: %+v", got)

	_, got = visit(refused)
	t.Logf("from a refused origin: %+v", got)
	if !strings.Contains(got.Error, "import") || !strings.Contains(got.FetchError, "Failed to fetch") {
		t.Errorf("a refused origin's page: module %q, fetch %q; want both refused", got.Error, got.FetchError)
	}
}
