package web_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"movesvc/api"
)

// The answers of the API the tests compare the page with.
type (
	gameJSON struct {
		Name          string                    `json:"name"`
		Placement     string                    `json:"placement"`
		MaxTimeoutMS  int                       `json:"max_timeout_ms"`
		Options       []string                  `json:"options"`
		OptionSchemas map[string]map[string]any `json:"option_schemas"`
	}
	moveJSON struct {
		Notation string `json:"notation"`
		Row      int    `json:"row"`
		Col      int    `json:"col"`
	}
	positionJSON struct {
		Board      []string   `json:"board"`
		ToMove     string     `json:"to_move"`
		Over       bool       `json:"over"`
		Winner     string     `json:"winner"`
		LegalMoves []moveJSON `json:"legal_moves"`
	}
	entryJSON struct {
		Move     moveJSON `json:"move"`
		Score    int      `json:"score"`
		Outcome  string   `json:"outcome"`
		Complete bool     `json:"complete"`
		Bounds   *struct {
			Lower int `json:"lower"`
			Upper int `json:"upper"`
		} `json:"bounds"`
	}
	answerJSON struct {
		Move       moveJSON    `json:"move"`
		Score      int         `json:"score"`
		Outcome    string      `json:"outcome"`
		PliesToEnd *int        `json:"plies_to_end"`
		Analysis   []entryJSON `json:"analysis"`
	}
)

// TestPlayEveryGame plays a whole game of every game GET /games lists
// through the page, as a person would: it sets the game up with a link,
// plays its moves by clicks (the first by keyboard), takes a move back
// with Undo, and turns the analysis off half way with its checkbox. At
// every turn it checks the page against the API's own answers to the same
// requests: the board, the engine's move and the figures shown with it,
// the number of live progress updates, the analysis markers, and at the
// end the result. The searches are bounded by level and depth, not by
// time, so that every answer is reproducible. It saves a screenshot of
// each game at phone and desktop width, and checks that the console
// stayed clean and that no request left the service's origin.
func TestPlayEveryGame(t *testing.T) {
	browser := newBrowser(t)
	// More slots than the page and the test ever use at once: a search
	// whose answer is out but whose handler has not yet let go of its
	// slot must not turn the next request into a 503.
	svc := newService(t, api.Config{MaxSearches: 4})
	var all []gameJSON
	resp, err := svc.Client().Get(svc.URL + "/games")
	if err != nil {
		t.Fatal(err)
	}
	var body struct{ Games []gameJSON }
	err = json.NewDecoder(resp.Body).Decode(&body)
	resp.Body.Close()
	if err != nil || len(body.Games) == 0 {
		t.Fatalf("GET /games: %v, %d games", err, len(body.Games))
	}
	all = body.Games
	for i, g := range all {
		t.Run(g.Name, func(t *testing.T) {
			side := []string{"x", "o"}[i%2]
			p := &player{t: t, svc: svc, game: g, side: side, tab: newTab(t, browser), level: 5, depth: 4,
				options: smallestOptions(g)}
			p.play(all)
		})
	}
}

// smallestOptions sets each option of g to its default, integers to their
// minimum: the smallest board, the quickest game.
func smallestOptions(g gameJSON) map[string]any {
	out := map[string]any{}
	for _, name := range g.Options {
		s := g.OptionSchemas[name]
		out[name] = s["default"]
		if s["type"] == "integer" {
			out[name] = s["minimum"]
		}
	}
	return out
}

// player plays one game through the page and checks it against the API.
type player struct {
	t            *testing.T
	svc          *service
	tab          *tab
	game         gameJSON
	side         string
	level, depth int
	options      map[string]any
	analysis     bool
}

// request is the body of a request for the position after moves, as the
// page builds it: the game, its options and the search settings.
func (p *player) request(moves []string, extra map[string]any) map[string]any {
	req := map[string]any{"game": p.game.Name, "moves": moves}
	for k, v := range p.options {
		req[k] = v
	}
	for k, v := range extra {
		req[k] = v
	}
	return req
}

func (p *player) play(all []gameJSON) {
	t, tb := p.t, p.tab
	p.analysis = true
	settings := url.Values{"game": {p.game.Name}, "side": {p.side}, "level": {strconv.Itoa(p.level)},
		"timeout": {strconv.Itoa(p.game.MaxTimeoutMS)}, "depth": {strconv.Itoa(p.depth)}, "analysis": {"1"}}
	for k, v := range p.options {
		settings.Set(k, fmt.Sprint(v))
	}
	tb.run(chromedp.Navigate(p.svc.URL + "/#" + settings.Encode()))
	tb.settled()

	var names []string
	for _, g := range all {
		names = append(names, g.Name)
	}
	if got := eval[[]string](tb, `[...document.querySelectorAll("#game option")].map((o) => o.value)`); !slices.Equal(got, names) {
		t.Errorf("the page offers the games %q, GET /games lists %q", got, names)
	}

	played := []string{}
	undone := false
	for turn := 0; ; turn++ {
		state := tb.settled()
		if state == "error" {
			t.Fatalf("the page shows a problem: %s", tb.peek(`document.getElementById("alert-text").textContent`))
		}
		got := p.pageMoves()
		played = p.checkEngineReply(played, got)
		pos := p.checkBoard(played)
		if state == "over" {
			p.checkResult(pos)
			break
		}
		if p.analysis {
			p.checkMarkers(played)
		}
		if turn == 1 {
			tb.screenshot(p.game.Name + "-analysis")
		}
		switch {
		case turn == 1 && !undone:
			// Take the exchange back, then play on from there.
			undone = true
			tb.run(chromedp.Click(chromedp.ID("undo")))
			tb.waitFor(`document.querySelectorAll("#moves li").length < ` + strconv.Itoa(len(played)))
			played = p.pageMoves()
			if n := len(played); n != map[string]int{"x": 0, "o": 1}[p.side] {
				t.Fatalf("after Undo the page has %d moves %q, want back to the player's first turn", n, played)
			}
			continue
		case turn == 3:
			p.analysis = false
			tb.run(chromedp.Click(chromedp.ID("analysis")))
		}
		m := p.choose(played)
		if turn == 0 {
			p.keyboard(m)
		} else {
			p.click(m)
		}
		played = append(played, m.Notation)
		tb.waitFor(`document.querySelectorAll("#moves li").length > ` + strconv.Itoa(len(played)-1))
	}
	tb.screenshot(p.game.Name)
	tb.checkClean([]string{p.svc.URL})
	t.Logf("%s: %d moves: %s", p.game.Name, len(played), strings.Join(played, " "))
}

// pageMoves returns the moves the page lists.
func (p *player) pageMoves() []string {
	return eval[[]string](p.tab, `[...document.querySelectorAll("#moves li")].map((li) => li.dataset.notation)`)
}

// checkEngineReply checks the moves the page lists: the player's, then
// the engine's move the API gives for the same request, and the figures
// the page shows with it; it returns the page's moves.
func (p *player) checkEngineReply(played, got []string) []string {
	t := p.t
	if len(got) == len(played) || len(got) < len(played) {
		if !slices.Equal(got, played) {
			t.Fatalf("the page lists moves %q, want %q", got, played)
		}
		return got
	}
	if len(got) != len(played)+1 || !slices.Equal(got[:len(played)], played) {
		t.Fatalf("the page lists moves %q after %q, want one engine move more", got, played)
	}
	req := p.request(played, map[string]any{"level": p.level, "depth": p.depth, "timeout_ms": p.game.MaxTimeoutMS})
	var want answerJSON
	p.svc.post(t, "/move", req, &want)
	if got[len(played)] != want.Move.Notation {
		t.Fatalf("after %q the engine played %s in the page, the API answers %s", played, got[len(played)], want.Move.Notation)
	}
	shown := eval[map[string]string](p.tab, `Object.fromEntries([...document.querySelectorAll("#answer dd")].map((d) => [d.dataset.field, d.textContent]))`)
	if !strings.HasSuffix(shown["move"], " "+want.Move.Notation) || shown["outcome"] != want.Outcome || shown["score"] != signed(want.Score) {
		t.Errorf("the page shows the answer %v, the API answers %s, outcome %s, score %d", shown, want.Move.Notation, want.Outcome, want.Score)
	}
	if plies := shown["plies_to_end"]; want.PliesToEnd != nil && plies != strconv.Itoa(*want.PliesToEnd) || want.PliesToEnd == nil && plies != "–" {
		t.Errorf("the page shows plies_to_end %q, the API answers %v", plies, want.PliesToEnd)
	}
	if len(played) <= 1 {
		// The live progress: as many updates as the stream has iterations.
		if got, want := eval[string](p.tab, `document.getElementById("thinking").dataset.updates`), p.progressEvents(req); got != strconv.Itoa(want) {
			t.Errorf("the page counted %s progress updates, the stream of the same request has %d", got, want)
		}
	}
	return got
}

// progressEvents counts the progress events of the stream of req.
func (p *player) progressEvents(req map[string]any) int {
	data, _ := json.Marshal(req)
	r, _ := http.NewRequest(http.MethodPost, p.svc.URL+"/move", bytes.NewReader(data))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "text/event-stream")
	resp, err := p.svc.Client().Do(r)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	n := 0
	for sc := bufio.NewScanner(resp.Body); sc.Scan(); {
		if sc.Text() == "event: progress" {
			n++
		}
	}
	return n
}

// checkBoard checks the page's board against the API's position after
// played, and returns that position.
func (p *player) checkBoard(played []string) positionJSON {
	var pos positionJSON
	p.svc.post(p.t, "/position", p.request(played, nil), &pos)
	rows := eval[[]string](p.tab, `(() => {
		const b = document.getElementById("board");
		const rows = [];
		for (const c of b.querySelectorAll(".cell")) {
			const r = Number(c.dataset.row);
			rows[r] = (rows[r] ?? "") + (c.dataset.stone || ".");
		}
		return rows;
	})()`)
	if !slices.Equal(rows, pos.Board) {
		p.t.Fatalf("after %q the page shows the board %q, the API %q", played, rows, pos.Board)
	}
	return pos
}

// checkResult checks the result the page reports against the API's.
func (p *player) checkResult(pos positionJSON) {
	status := eval[map[string]string](p.tab, `({...document.getElementById("status").dataset, text: document.getElementById("status").textContent})`)
	want := "a draw"
	if pos.Winner != "" {
		want = pos.Winner + " wins"
	}
	if !pos.Over || status["over"] != "true" || status["winner"] != pos.Winner || !strings.Contains(status["text"], want) {
		p.t.Errorf("the page reports %v; the API: over %v, winner %q", status, pos.Over, pos.Winner)
	}
}

// checkMarkers checks the analysis markers against the analysis the API
// gives for the page's request: each scored move marked on its cell, or
// above its column, with its score.
func (p *player) checkMarkers(played []string) {
	var want answerJSON
	p.svc.post(p.t, "/move", p.request(played, map[string]any{"analysis": true, "depth": p.depth, "timeout_ms": p.game.MaxTimeoutMS}), &want)
	type mark struct {
		Notation, Outcome, Text string
		Score, Row, Col         int
	}
	got := eval[[]mark](p.tab, `[...document.querySelectorAll("#board .marker")].map((m) => {
		const cell = m.closest(".cell");
		const slot = m.closest(".marker-slot");
		return {Notation: m.dataset.notation, Outcome: m.dataset.outcome, Text: m.textContent, Score: Number(m.dataset.score),
			Row: cell ? Number(cell.dataset.row) : -1,
			Col: cell ? Number(cell.dataset.col) : [...slot.parentNode.children].indexOf(slot)};
	})`)
	var wanted []mark
	for _, e := range want.Analysis {
		row := e.Move.Row
		if p.game.Placement == "column" {
			row = -1 // above the column
		}
		wanted = append(wanted, mark{Notation: e.Move.Notation, Outcome: e.Outcome, Text: scoreText(e), Score: e.Score, Row: row, Col: e.Move.Col})
	}
	byPlace := func(a, b mark) int { return (a.Row-b.Row)*100 + a.Col - b.Col }
	slices.SortFunc(got, byPlace)
	slices.SortFunc(wanted, byPlace)
	if len(wanted) == 0 || !slices.Equal(got, wanted) {
		p.t.Errorf("after %q the board's markers are\n%+v\nthe API's analysis\n%+v", played, got, wanted)
	}
}

// scoreText is the text of an analysis marker (board.js's scoreText).
func scoreText(e entryJSON) string {
	if !e.Complete && e.Bounds != nil {
		switch e.Outcome {
		case "win":
			return "≥" + strconv.Itoa(e.Bounds.Lower)
		case "loss":
			return "≤" + signed(e.Bounds.Upper)
		}
		return "?"
	}
	return signed(e.Score)
}

// signed is a score as the page shows it: +3, 0, −2.
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}

// choose returns the player's move after played: the API's at a low level,
// with the ply as the seed, so that the games differ and replay the same.
func (p *player) choose(played []string) moveJSON {
	var a answerJSON
	p.svc.post(p.t, "/move", p.request(played, map[string]any{"level": 1, "seed": len(played), "depth": p.depth,
		"timeout_ms": p.game.MaxTimeoutMS}), &a)
	return a.Move
}

// target is the cell to pick for m: its own, or for a game played by
// columns the top of its column, which the page must drop down.
func (p *player) target(m moveJSON) (row, col int) {
	if p.game.Placement == "column" {
		return 0, m.Col
	}
	return m.Row, m.Col
}

// click plays m with a mouse click on its cell.
func (p *player) click(m moveJSON) {
	row, col := p.target(m)
	p.tab.run(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board .cell[data-row="%d"][data-col="%d"]`, row, col))))
}

// keyboard plays m with the keyboard: Tab onto the board, arrows to the
// cell, Enter.
func (p *player) keyboard(m moveJSON) {
	row, col := p.target(m)
	p.tab.run(chromedp.Focus(chromedp.CSS(`#board .cell[tabindex="0"]`)))
	start := eval[[]int](p.tab, `[Number(document.activeElement.dataset.row), Number(document.activeElement.dataset.col)]`)
	keys := strings.Repeat(kb.ArrowDown, max(0, row-start[0])) + strings.Repeat(kb.ArrowUp, max(0, start[0]-row)) +
		strings.Repeat(kb.ArrowRight, max(0, col-start[1])) + strings.Repeat(kb.ArrowLeft, max(0, start[1]-col))
	p.tab.run(chromedp.KeyEvent(keys))
	if got := eval[[]int](p.tab, `[Number(document.activeElement.dataset.row), Number(document.activeElement.dataset.col)]`); got[0] != row || got[1] != col {
		p.t.Fatalf("the arrow keys took the focus to %v, want row %d col %d", got, row, col)
	}
	p.tab.run(chromedp.KeyEvent(kb.Enter))
}
