package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"movesvc/api"
	"movesvc/engine"
	"movesvc/engine/enginetest"
	"movesvc/engine/tictactoe"
)

// TestProblemMessages checks that the page shows a problem's detail and
// recovers from it: a 422 for a time per move the server does not take,
// typed into the form, and a 503 while the one search slot is held, with
// the wait its Retry-After asks for; Try again then plays on, and New game
// starts over.
func TestProblemMessages(t *testing.T) {
	browser := newBrowser(t)
	blocking := newBlockingGame()
	svc := newService(t, api.Config{MaxSearches: 1, QueueSize: -1}, blocking)
	tb := newTab(t, browser)
	tb.run(chromedp.Navigate(svc.URL + "/#game=tictactoe&side=x&level=1"))
	if state := tb.settled(); state != "ready" {
		t.Fatalf("page state %s, want ready", state)
	}

	// 422: 100 s is above the server's 10 s.
	tb.run(chromedp.SendKeys(chromedp.ID("timeout"), "100000"))
	tb.run(chromedp.Click(chromedp.CSS(`#board .cell[data-row="1"][data-col="1"]`)))
	checkAlert(t, tb, "timeout_ms is out of range", "body.timeout_ms must be at most 10000")
	checkNoAnswer(t, tb, "error")
	tb.run(chromedp.Focus(chromedp.ID("timeout")),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.KeyEvent("2000"+kb.Tab),
		chromedp.Click(chromedp.ID("retry")))
	if state := tb.settled(); state != "ready" || len(pageMoves(tb)) != 2 {
		t.Fatalf("after Try again: state %s, moves %q; want the engine's reply and the player's turn", state, pageMoves(tb))
	}

	// 503: the only search slot is held by a batch of one search of the
	// blocking game, asked for until the page's last search has let go
	// of the slot. Nothing else uses POST /moves, so its count of 200s
	// says when its handler has returned, and let go of the slot.
	answered := svc.api.Metrics().HTTPRequests.WithLabelValues("/moves", http.MethodPost, "200")
	held := make(chan error, 1)
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	go func() {
		for {
			req, _ := http.NewRequestWithContext(ctx, http.MethodPost, svc.URL+"/moves",
				strings.NewReader(`{"requests":[{"game":"blocking","moves":[]}],"timeout_ms":10000}`))
			req.Header.Set("Content-Type", "application/json")
			resp, err := svc.Client().Do(req)
			if err != nil {
				held <- err
				return
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusServiceUnavailable {
				held <- nil
				return
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()
	select {
	case <-blocking.started:
	case err := <-held:
		t.Fatalf("the search to hold the slot ended before it started: %v", err)
	}
	if n := eval[int](tb, `document.querySelectorAll("#answer dd").length`); n == 0 {
		t.Fatal("no answer shown after the engine's move")
	}
	tb.run(chromedp.Click(chromedp.CSS(`#board .cell:not([aria-disabled])`)))
	checkAlert(t, tb, "Service overloaded", "try again in 1 s")
	checkNoAnswer(t, tb, "error")
	tb.screenshot("overloaded")
	close(blocking.release)
	if err := <-held; err != nil {
		t.Fatalf("the search that held the slot: %v", err)
	}
	for testutil.ToFloat64(answered) < 1 {
		if ctx.Err() != nil {
			t.Fatal("the batch that held the slot was never counted as answered")
		}
		time.Sleep(time.Millisecond)
	}
	tb.run(chromedp.Click(chromedp.ID("retry")))
	if state := tb.settled(); state != "ready" || len(pageMoves(tb)) != 4 {
		t.Fatalf("after Try again: state %s, moves %q; want 4 moves and the player's turn", state, pageMoves(tb))
	}

	tb.run(chromedp.Click(chromedp.ID("new")))
	if state := tb.settled(); state != "ready" || len(pageMoves(tb)) != 0 {
		t.Fatalf("after New game: state %s, moves %q", state, pageMoves(tb))
	}
	tb.checkClean([]string{svc.URL}, "422", "503")
}

// checkAlert waits for the page to stop on a problem and checks that its
// message says each of want.
func checkAlert(t *testing.T, tb *tab, want ...string) {
	t.Helper()
	if state := tb.settled(); state != "error" {
		t.Fatalf("page state %s, want error", state)
	}
	text := eval[string](tb, `document.getElementById("alert").hidden ? "" : document.getElementById("alert-text").textContent`)
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the page's message %q does not say %q", text, w)
		}
	}
}

// checkNoAnswer checks that the engine panel is in state and shows no
// answer: none of an earlier search, during a new one or after a problem.
func checkNoAnswer(t *testing.T, tb *tab, state string) {
	t.Helper()
	got := eval[map[string]any](tb, `({state: document.getElementById("engine").dataset.state,
		answers: document.querySelectorAll("#answer dd").length, line: document.getElementById("thinking").textContent})`)
	if got["state"] != state || got["answers"] != 0.0 {
		t.Errorf("the engine panel is %v; want %s, with no answer shown", got, state)
	}
}

// pageMoves returns the moves the page lists.
func pageMoves(tb *tab) []string {
	return eval[[]string](tb, `[...document.querySelectorAll("#moves li")].map((li) => li.dataset.notation)`)
}

// blockingGame is tic-tac-toe whose searches announce themselves on
// started and then wait for release (or their deadline): a search that
// holds its slot for as long as a test needs.
type blockingGame struct {
	tictactoe.Game
	started, release chan struct{}
}

func newBlockingGame() *blockingGame {
	return &blockingGame{started: make(chan struct{}, 1), release: make(chan struct{})}
}

func (g *blockingGame) Name() string { return "blocking" }

func (g *blockingGame) Describe() engine.Description {
	d := g.Game.Describe()
	d.Name, d.Title = "blocking", "Tic-tac-toe that waits (a test's)"
	d.Example = map[string]any{"game": "blocking", "moves": []string{}}
	return d
}

func (g *blockingGame) NewState(setup engine.Setup) (engine.State, error) {
	st, err := g.Game.NewState(setup)
	if err != nil {
		return nil, err
	}
	return blockingState{st.(enginetest.PlacementState), g}, nil
}

type blockingState struct {
	enginetest.PlacementState
	g *blockingGame
}

func (s blockingState) Search(ctx context.Context, p engine.Limits) engine.Result {
	s.g.started <- struct{}{}
	select {
	case <-s.g.release:
	case <-ctx.Done():
	}
	return engine.Search(ctx, s.PlacementState, p)
}
