package web_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"movesvc/api"
)

// The answers of the API the tests compare the page with.
type (
	gameJSON struct {
		Name          string                    `json:"name"`
		Placement     string                    `json:"placement"`
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
		LastMove   *moveJSON  `json:"last_move"`
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
		ToMove     string      `json:"to_move"`
		Score      int         `json:"score"`
		Outcome    string      `json:"outcome"`
		PliesToEnd *int        `json:"plies_to_end"`
		StoppedBy  string      `json:"stopped_by"`
		Analysis   []entryJSON `json:"analysis"`
	}
)

// TestPlayEveryGame plays a whole game of every game GET /games lists
// through the page, as a person would, on each display (a phone and a
// desktop, light and dark): it sets the game up with a link, plays its
// moves by clicks (the first by keyboard), takes a move back with Undo,
// and turns the analysis off and on again with its checkbox. At every turn
// it checks the page against the API's own answers to the same requests:
// the board and its coordinates, the engine's move and the figures shown
// with it (scored from the player's side), the number of live progress
// updates, the analysis markers (their place, score and size in their
// cell), the evaluation bar, and at the end the result and the winning
// line. The searches are bounded by level and depth, not by time, so that
// every answer is reproducible. It checks the layout of each display (the
// board first and whole on a phone), saves screenshots, and checks that
// the console stayed clean and that no request left the service's origin.
func TestPlayEveryGame(t *testing.T) {
	browser := newBrowser(t)
	svc := newService(t, unhurried)
	all := listGames(t, svc)
	// The seeds of the player's moves on each display. The player changes
	// sides from one display to the next; these seeds give games that end
	// in wins of either side and in draws, none of them a long Gomoku draw
	// that fills the board (the games were played with the API first).
	seeds := []int{0, 500, 200, 700}
	// The games that place stones; the others (backgammon, chess) have
	// browser tests of their own (TestBackgammonByClicks, TestPlayChess).
	placed := slices.DeleteFunc(slices.Clone(all), func(g gameJSON) bool { return g.Placement == "" })
	for j, d := range displays {
		t.Run(d.name, func(t *testing.T) {
			for i, g := range placed {
				t.Run(g.Name, func(t *testing.T) {
					side := []string{"x", "o"}[(i+j)%2]
					tb := newTab(t, browser)
					tb.show(d)
					p := &player{t: t, svc: svc, game: g, side: side, tab: tb, display: d, level: 10, depth: 4,
						seed: seeds[j], options: smallestOptions(g)}
					p.play(all)
				})
			}
		})
	}
}

// unhurried is the service's configuration for the tests that play: more
// slots than the page and the test ever use at once (a search whose answer
// is out but whose handler has not yet let go of its slot must not turn
// the next request into a 503), and a default time per move that no search
// bounded by depth or level reaches, even under the race detector on a
// loaded machine, so that every answer replays. The page and the tests
// leave the time per move to that default: a time the player sets may
// make the engine think until it runs out (app.js's useTime).
var unhurried = api.Config{MaxSearches: 4, DefaultTimeout: 10 * time.Minute, MaxTimeout: 10 * time.Minute}

// listGames returns the games GET /games lists.
func listGames(t *testing.T, svc *service) []gameJSON {
	t.Helper()
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
	return body.Games
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
	display      display
	game         gameJSON
	side         string
	level, depth int
	seed         int // added to the ply, the seed of the player's moves
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

// link is the address of the page with the game set up, and moves played.
func (p *player) link(moves ...string) string {
	settings := url.Values{"game": {p.game.Name}, "side": {p.side}, "level": {strconv.Itoa(p.level)},
		"depth": {strconv.Itoa(p.depth)}, "analysis": {"0"}}
	if p.analysis {
		settings.Set("analysis", "1")
	}
	for k, v := range p.options {
		settings.Set(k, fmt.Sprint(v))
	}
	if len(moves) > 0 {
		settings.Set("moves", strings.Join(moves, ","))
	}
	return p.svc.URL + "/#" + settings.Encode()
}

func (p *player) play(all []gameJSON) {
	t, tb := p.t, p.tab
	p.analysis = true
	tb.run(chromedp.Navigate(p.link()))
	tb.settled()
	p.checkLayout()

	var names []string
	for _, g := range all {
		names = append(names, g.Name)
	}
	if got := eval[[]string](tb, `[...document.querySelectorAll("#game option")].map((o) => o.value)`); !slices.Equal(got, names) {
		t.Errorf("the page offers the games %q, GET /games lists %q", got, names)
	}

	played := []string{}
	undone := false
	var reply *answerJSON
	for turn := 0; ; turn++ {
		state := tb.settled()
		if state == "error" {
			t.Fatalf("the page shows a problem: %s", tb.peek(`document.getElementById("alert-text").textContent`))
		}
		got := p.pageMoves()
		played, reply = p.checkEngineReply(played, got, reply)
		pos := p.checkBoard(played)
		if state == "over" {
			p.checkResult(pos)
			p.checkEval(pos, nil, reply)
			break
		}
		var best *entryJSON
		if p.analysis {
			best = p.checkMarkers(played)
		}
		p.checkEval(pos, best, reply)
		if turn == 1 {
			tb.capture(p.game.Name+"-analysis-"+p.display.name, true)
		}
		switch {
		case turn == 1 && !undone:
			// Take the exchange back, then play on from there.
			undone = true
			tb.run(chromedp.Click(chromedp.ID("undo")))
			tb.waitFor(`document.querySelectorAll("#moves li").length < ` + strconv.Itoa(len(played)))
			tb.settled()
			played = p.pageMoves()
			reply = nil
			if n := len(played); n != map[string]int{"x": 0, "o": 1}[p.side] {
				t.Fatalf("after Undo the page has %d moves %q, want back to the player's first turn", n, played)
			}
			continue
		case turn == 3 || turn == 4 || turn == 6:
			// The analysis off, on again, and off for the rest of the game
			// (which halves the searches of a long one): the markers go,
			// come back, and go.
			p.analysis = turn == 4
			tb.run(chromedp.Click(chromedp.ID("analysis")))
			tb.waitFor(fmt.Sprintf(`(document.querySelectorAll("#board .marker").length > 0) === %v && document.body.dataset.state === "ready"`, p.analysis))
			if p.analysis {
				p.checkMarkers(played)
			}
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
	// docs/img keeps the end of every game on a desktop, light, and a
	// phone, dark: the winning line at both widths in both schemes.
	tb.capture(p.game.Name+"-"+p.display.name, p.display.name == "desktop-light" || p.display.name == "phone-dark")
	tb.checkClean([]string{p.svc.URL})
	t.Logf("%s: %d moves: %s", p.game.Name, len(played), strings.Join(played, " "))
}

// box is an element's place on the page, in CSS pixels.
type box struct{ Top, Bottom, Left, Right float64 }

// checkLayout checks the page's layout on the display: on a phone the
// board comes first and is whole on the first screen, with the settings
// folded away; on a desktop the settings are open and the whole board is
// on the screen. It checks the colour scheme too.
func (p *player) checkLayout() {
	t, tb := p.t, p.tab
	boxes := eval[map[string]box](tb, `Object.fromEntries(["board", "engine", "settings"].map((id) => {
		const r = document.getElementById(id).getBoundingClientRect();
		return [id, {Top: r.top + scrollY, Bottom: r.bottom + scrollY, Left: r.left, Right: r.right}];
	}))`)
	b := boxes["board"]
	if b.Bottom > float64(p.display.height) || b.Right > float64(p.display.width) || b.Bottom-b.Top < 100 {
		t.Errorf("the board %+v is not whole on the %dx%d screen", b, p.display.width, p.display.height)
	}
	open := eval[bool](tb, `document.getElementById("settings").open`)
	if p.display.mobile {
		if !(b.Top < boxes["engine"].Top && boxes["engine"].Top < boxes["settings"].Top) || open {
			t.Errorf("on a phone: board %+v, engine %+v, settings %+v (open %v); want the board first, the settings last and folded",
				b, boxes["engine"], boxes["settings"], open)
		}
	} else if !open || !(boxes["settings"].Right <= b.Left && b.Right <= boxes["engine"].Left) {
		t.Errorf("on a desktop: settings %+v (open %v), board %+v, engine %+v; want them side by side, the settings open",
			boxes["settings"], open, b, boxes["engine"])
	}
	light := eval[float64](tb, `(() => {
		const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
		return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
	})()`)
	if p.display.dark != (light < 0.3) {
		t.Errorf("the page's background has a lightness of %.2f on a %s display", light, p.display.name)
	}
}

// pageMoves returns the moves the page lists.
func (p *player) pageMoves() []string {
	return eval[[]string](p.tab, `[...document.querySelectorAll("#moves li")].map((li) => li.dataset.notation)`)
}

// checkEngineReply checks the moves the page lists: the player's, then
// the engine's move the API gives for the same request, and the figures
// the page shows with it, its score from the player's side; it returns the
// page's moves, and the API's answer when the engine moved (else reply).
func (p *player) checkEngineReply(played, got []string, reply *answerJSON) ([]string, *answerJSON) {
	t := p.t
	if len(got) <= len(played) {
		if !slices.Equal(got, played) {
			t.Fatalf("the page lists moves %q, want %q", got, played)
		}
		return got, reply
	}
	if len(got) != len(played)+1 || !slices.Equal(got[:len(played)], played) {
		t.Fatalf("the page lists moves %q after %q, want one engine move more", got, played)
	}
	req := p.request(played, map[string]any{"level": p.level, "depth": p.depth})
	var want answerJSON
	p.svc.post(t, "/move", req, &want)
	if got[len(played)] != want.Move.Notation {
		t.Fatalf("after %q the engine played %s in the page, the API answers %s", played, got[len(played)], want.Move.Notation)
	}
	type field struct{ Text, Value string }
	shown := eval[map[string]field](p.tab, `Object.fromEntries([...document.querySelectorAll("#answer dd")].map((d) => [d.dataset.field, {Text: d.textContent, Value: d.dataset.value}]))`)
	if shown["move"].Value != want.Move.Notation || shown["outcome"].Value != want.Outcome || shown["score"].Value != strconv.Itoa(want.Score) ||
		shown["complete"].Value != want.StoppedBy {
		t.Errorf("the page shows the answer %v, the API answers %s, outcome %s, score %d, stopped by %s", shown, want.Move.Notation, want.Outcome, want.Score, want.StoppedBy)
	}
	// The engine's score, shown for the player: the other side's.
	if mine := -want.Score; shown["score"].Text != signed(mine) {
		t.Errorf("the page shows the engine's score %d as %q, want %q: the player's side", want.Score, shown["score"].Text, signed(mine))
	}
	if plies := shown["plies_to_end"].Text; want.PliesToEnd != nil && plies != strconv.Itoa(*want.PliesToEnd) || want.PliesToEnd == nil && plies != "–" {
		t.Errorf("the page shows plies_to_end %q, the API answers %v", plies, want.PliesToEnd)
	}
	if len(played) <= 1 {
		// The live progress: as many updates as the stream has iterations.
		if got, want := eval[string](p.tab, `document.getElementById("thinking").dataset.updates`), p.progressEvents(req); got != strconv.Itoa(want) {
			t.Errorf("the page counted %s progress updates, the stream of the same request has %d", got, want)
		}
	}
	return got, &want
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

// position returns the API's position after played.
func (p *player) position(played []string) positionJSON {
	var pos positionJSON
	p.svc.post(p.t, "/position", p.request(played, nil), &pos)
	return pos
}

// checkBoard checks the page's board against the API's position after
// played, and its coordinates against the notation of the legal moves;
// it returns that position.
func (p *player) checkBoard(played []string) positionJSON {
	pos := p.position(played)
	if rows := pageBoard(p.tab); !slices.Equal(rows, pos.Board) {
		p.t.Fatalf("after %q the page shows the board %q, the API %q", played, rows, pos.Board)
	}
	coords := eval[map[string][]string](p.tab, `({
		files: [...document.querySelectorAll("#board .files span")].map((s) => s.textContent),
		ranks: [...document.querySelectorAll("#board .ranks span")].map((s) => s.textContent)})`)
	for _, m := range pos.LegalMoves {
		name := ""
		if m.Col < len(coords["files"]) {
			name = coords["files"][m.Col]
		}
		if p.game.Placement != "column" && m.Row < len(coords["ranks"]) {
			name += coords["ranks"][m.Row]
		}
		if name != m.Notation {
			p.t.Errorf("the coordinates name row %d, column %d %q; the API's notation is %q (files %q, ranks %q)",
				m.Row, m.Col, name, m.Notation, coords["files"], coords["ranks"])
			break
		}
	}
	return pos
}

// pageBoard returns the board the page shows, as rows of ".", "x", "o".
func pageBoard(tb *tab) []string {
	return eval[[]string](tb, `(() => {
		const rows = [];
		for (const c of document.querySelectorAll("#board .cell")) {
			const r = Number(c.dataset.row);
			rows[r] = (rows[r] ?? "") + (c.dataset.stone || ".");
		}
		return rows;
	})()`)
}

// checkResult checks the result the page reports against the API's, and
// the winning line it draws: the winner's stones in a straight line
// through the last move, or none for a draw.
func (p *player) checkResult(pos positionJSON) {
	t := p.t
	status := eval[map[string]string](p.tab, `({...document.getElementById("status").dataset, text: document.getElementById("status").textContent})`)
	want := "a draw"
	if pos.Winner != "" {
		want = pos.Winner + " wins"
	}
	if !pos.Over || status["over"] != "true" || status["winner"] != pos.Winner || !strings.Contains(status["text"], want) {
		t.Errorf("the page reports %v; the API: over %v, winner %q", status, pos.Over, pos.Winner)
	}
	line := eval[[][2]int](p.tab, `[...document.querySelectorAll("#board .cell.win")].map((c) => [Number(c.dataset.row), Number(c.dataset.col)])`)
	strokes := eval[int](p.tab, `document.querySelectorAll("#board svg.lines line").length`)
	if pos.Winner == "" {
		if len(line) > 0 || strokes > 0 {
			t.Errorf("a draw, and the page marks a winning line %v", line)
		}
		return
	}
	if len(line) < 3 || strokes == 0 || pos.LastMove == nil || !slices.Contains(line, [2]int{pos.LastMove.Row, pos.LastMove.Col}) {
		t.Fatalf("%s won with %v, and the page marks the winning line %v (%d strokes)", pos.Winner, pos.LastMove, line, strokes)
	}
	dr, dc := line[1][0]-line[0][0], line[1][1]-line[0][1]
	for i, c := range line {
		if pos.Board[c[0]][c[1]] != pos.Winner[0] || (strokes == 1 && (c[0] != line[0][0]+i*dr || c[1] != line[0][1]+i*dc)) {
			t.Errorf("the winning line %v is not a line of %s's stones on %q", line, pos.Winner, pos.Board)
			break
		}
	}
}

// mark is an analysis marker as the page shows it: its move, score, text,
// place (row -1 above a column) and whether its text fits its cell.
type mark struct {
	Notation, Outcome, Text string
	Score, Row, Col         int
}

// checkMarkers checks the analysis markers against the analysis the API
// gives for the page's request: each scored move marked on its cell, or
// above its column, with its score from the player's side, its text whole
// within its cell at a readable size. It returns the best entry.
func (p *player) checkMarkers(played []string) *entryJSON {
	var want answerJSON
	p.svc.post(p.t, "/move", p.request(played, map[string]any{"analysis": true, "depth": p.depth}), &want)
	got := eval[[]mark](p.tab, `[...document.querySelectorAll("#board .marker")].map((m) => {
		const cell = m.closest(".cell");
		const slot = m.closest(".marker-slot");
		return {Notation: m.dataset.notation, Outcome: m.dataset.outcome, Text: m.dataset.text, Score: Number(m.dataset.score),
			Row: cell ? Number(cell.dataset.row) : -1,
			Col: cell ? Number(cell.dataset.col) : [...slot.parentNode.children].indexOf(slot)};
	})`)
	flip := want.ToMove != p.side
	var wanted []mark
	for _, e := range want.Analysis {
		row := e.Move.Row
		if p.game.Placement == "column" {
			row = -1 // above the column
		}
		wanted = append(wanted, mark{Notation: e.Move.Notation, Outcome: e.Outcome, Text: markerText(e, flip), Score: e.Score, Row: row, Col: e.Move.Col})
	}
	byPlace := func(a, b mark) int { return (a.Row-b.Row)*100 + a.Col - b.Col }
	slices.SortFunc(got, byPlace)
	slices.SortFunc(wanted, byPlace)
	if len(wanted) == 0 || !slices.Equal(got, wanted) {
		p.t.Errorf("after %q the board's markers are\n%+v\nthe API's analysis\n%+v", played, got, wanted)
	}
	bad := eval[[]string](p.tab, `[...document.querySelectorAll("#board .marker")].flatMap((m) => {
		const holder = (m.closest(".cell") ?? m.closest(".marker-slot")).getBoundingClientRect();
		const r = m.getBoundingClientRect();
		const shown = [...m.children].find((c) => getComputedStyle(c).display !== "none");
		const size = parseFloat(getComputedStyle(m).fontSize);
		const inside = r.left >= holder.left - 0.5 && r.right <= holder.right + 0.5 && r.top >= holder.top - 0.5 && r.bottom <= holder.bottom + 0.5;
		return inside && size >= 7 && shown && m.scrollWidth <= m.clientWidth + 1 ? [] :
			[m.dataset.notation + ": " + JSON.stringify({holder, marker: r, size, text: shown?.textContent, scroll: m.scrollWidth, client: m.clientWidth})];
	})`)
	if len(bad) > 0 {
		p.t.Errorf("markers that do not fit their cell, or are too small to read:\n%s", strings.Join(bad, "\n"))
	}
	if len(want.Analysis) == 0 {
		return nil
	}
	return &want.Analysis[0]
}

// checkEval checks the evaluation bar: the value of the position for the
// player, from the best analysed move when there is one, else from the
// engine's last answer; at the end, the result.
func (p *player) checkEval(pos positionJSON, best *entryJSON, reply *answerJSON) {
	type bar struct {
		Score, Outcome, Viewer string
		Share                  float64
	}
	got := eval[bar](p.tab, `(() => { const b = document.getElementById("evalbar");
		return {Score: b.dataset.score ?? "", Outcome: b.dataset.outcome ?? "", Viewer: b.dataset.viewer ?? "",
			Share: parseFloat(b.style.getPropertyValue("--share"))}; })()`)
	want := bar{Viewer: p.side, Share: 0.5}
	switch {
	case pos.Over:
		want.Outcome, want.Share = "draw", 0.5
		if pos.Winner == p.side {
			want.Outcome, want.Share = "win", 1
		} else if pos.Winner != "" {
			want.Outcome, want.Share = "loss", 0
		}
		want.Score = got.Score // the score of a finished game is not checked
	case best != nil:
		want.Score, want.Outcome = strconv.Itoa(orientScore(best.Score, pos.ToMove != p.side)), orientOutcome(best.Outcome, pos.ToMove != p.side)
	case reply != nil:
		want.Score, want.Outcome = strconv.Itoa(orientScore(reply.Score, reply.ToMove != p.side)), orientOutcome(reply.Outcome, reply.ToMove != p.side)
	default:
		return // nothing evaluated yet
	}
	if !pos.Over {
		s, _ := strconv.Atoi(want.Score)
		want.Share = map[string]float64{"win": 1, "loss": 0, "draw": 0.5}[want.Outcome]
		if want.Outcome == "unknown" {
			want.Share = 0.5 + 0.5*math.Tanh(float64(s)/750)
		}
	}
	if got.Score != want.Score || got.Outcome != want.Outcome || got.Viewer != want.Viewer || math.Abs(got.Share-want.Share) > 1e-6 {
		p.t.Errorf("the evaluation bar shows %+v, want %+v", got, want)
	}
}

// orientScore is a score for the other side when flip is set.
func orientScore(s int, flip bool) int {
	if flip {
		return -s
	}
	return s
}

// orientOutcome is an outcome for the other side when flip is set.
func orientOutcome(o string, flip bool) string {
	if !flip {
		return o
	}
	return map[string]string{"win": "loss", "loss": "win"}[o] + map[bool]string{true: o}[o == "draw" || o == "unknown"]
}

// markerText is the text of an analysis marker (app.js's markerText):
// the score for the player, compact, or the bound proved for a move the
// deadline left unproved.
func markerText(e entryJSON, flip bool) string {
	if !e.Complete && e.Bounds != nil {
		lower, upper := e.Bounds.Lower, e.Bounds.Upper
		if flip {
			lower, upper = -upper, -lower
		}
		switch orientOutcome(e.Outcome, flip) {
		case "win":
			return "≥" + strconv.Itoa(lower)
		case "loss":
			return "≤" + signed(upper)
		}
		return "?"
	}
	return compact(orientScore(e.Score, flip))
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

// compact is signed in at most four characters, thousands as k (score.js).
func compact(n int) string {
	a := max(n, -n)
	if a < 1000 {
		return signed(n)
	}
	k := strconv.Itoa((a + 500) / 1000)
	if a < 9950 {
		k = strings.TrimSuffix(strconv.FormatFloat(float64(a)/1000, 'f', 1, 64), ".0")
	}
	return map[bool]string{true: "−", false: "+"}[n < 0] + k + "k"
}

// choose returns the player's move after played: the API's at level 1,
// seeded by the ply, so that the games differ and replay the same.
func (p *player) choose(played []string) moveJSON {
	var a answerJSON
	p.svc.post(p.t, "/move", p.request(played, map[string]any{"level": 1, "seed": p.seed + len(played), "depth": p.depth}), &a)
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
