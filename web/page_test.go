package web_test

// Browser tests of what a player does around the board: the game in the
// address (shared, reloaded, Back and Forward), the move list to go back
// and branch, positions pasted and set up, the request copied as curl, and
// the engine panel while the engine thinks.

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// newPlayer returns a player of the game named name on a new tab of
// browser, at the desktop's size, light.
func newPlayer(t *testing.T, browser context.Context, svc *service, name, side string, options map[string]any) *player {
	t.Helper()
	i := slices.IndexFunc(listGames(t, svc), func(g gameJSON) bool { return g.Name == name })
	if i < 0 {
		t.Fatalf("no game %s", name)
	}
	tb := newTab(t, browser)
	tb.show(displays[2])
	return &player{t: t, svc: svc, tab: tb, display: displays[2], game: listGames(t, svc)[i], side: side,
		level: 5, depth: 4, options: options}
}

// clickMove plays the legal move of that notation by a click on its cell.
func (p *player) clickMove(played []string, notation string) {
	p.t.Helper()
	pos := p.position(played)
	i := slices.IndexFunc(pos.LegalMoves, func(m moveJSON) bool { return m.Notation == notation })
	if i < 0 {
		p.t.Fatalf("%s is not a legal move after %q", notation, played)
	}
	p.click(pos.LegalMoves[i])
	p.tab.waitFor(fmt.Sprintf(`[...document.querySelectorAll("#moves li")].map((li) => li.dataset.notation).join() === %q`,
		strings.Join(append(slices.Clone(played), notation), ",")))
}

// checkShown checks that the page lists moves, shows the position after
// the first ply of them, and says so in the address.
func (p *player) checkShown(moves []string, ply int) {
	p.t.Helper()
	if got := p.pageMoves(); !slices.Equal(got, moves) {
		p.t.Fatalf("the page lists %q, want %q", got, moves)
	}
	p.checkBoard(moves[:ply])
	current := eval[string](p.tab, `document.querySelector("#moves [aria-current]")?.parentElement.dataset.ply ?? "0"`)
	if current != strconv.Itoa(ply) {
		p.t.Errorf("the move list marks ply %s as shown, want %d", current, ply)
	}
	hash := eval[string](p.tab, `location.hash`)
	if !strings.Contains(hash, "moves="+strings.Join(moves, "%2C")) && len(moves) > 0 || strings.Contains(hash, "ply=") != (ply < len(moves)) {
		p.t.Errorf("the address %s does not name the moves %q and ply %d", hash, moves, ply)
	}
}

// TestGameInTheAddress plays moves on an analysis board and checks that
// the address keeps the game: a reload and a new tab show the same game,
// and Back and Forward step through the moves played and the moves shown.
func TestGameInTheAddress(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)
	p := newPlayer(t, b, svc, "gomoku", "both", map[string]any{"size": 9, "rule": "freestyle"})
	p.tab.run(chromedp.Navigate(p.link()))
	p.tab.settled()
	moves := []string{"e5", "d6", "f4", "g3"}
	for i, m := range moves {
		p.clickMove(moves[:i], m)
		p.tab.settled()
	}
	p.checkShown(moves, 4)
	link := eval[string](p.tab, `location.href`)

	p.tab.run(chromedp.Reload())
	p.tab.settled()
	p.checkShown(moves, 4)

	other := &player{t: t, svc: svc, tab: newTab(t, b), game: p.game, side: p.side, options: p.options}
	other.tab.show(displays[0])
	other.tab.run(chromedp.Navigate(link))
	other.tab.settled()
	other.checkShown(moves, 4)
	if side := eval[string](other.tab, `document.getElementById("side").value`); side != "both" {
		t.Errorf("the shared link plays side %q, want both", side)
	}

	p.tab.run(chromedp.NavigateBack())
	p.tab.settled()
	p.checkShown(moves[:3], 3)
	p.tab.run(chromedp.NavigateBack())
	p.tab.settled()
	p.checkShown(moves[:2], 2)
	p.tab.run(chromedp.NavigateForward())
	p.tab.settled()
	p.checkShown(moves[:3], 3)
	p.tab.run(chromedp.NavigateForward())
	p.tab.settled()
	p.checkShown(moves, 4)

	// A move of the list shown is a step of the history too.
	p.tab.run(chromedp.Click(chromedp.CSS(`#moves li[data-ply="1"] button`)))
	p.tab.settled()
	p.checkShown(moves, 1)
	p.tab.run(chromedp.NavigateBack())
	p.tab.settled()
	p.checkShown(moves, 4)
	p.tab.checkClean([]string{svc.URL})
	other.tab.checkClean([]string{svc.URL})
}

// TestMoveList goes back through the move list of a game against the
// engine: a past position is shown with its analysis and the engine does
// not move there; a move played there starts a new line, which the engine
// answers; where the engine was to move, Continue lets it.
func TestMoveList(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)
	p := newPlayer(t, b, svc, "connect4", "x", nil)
	p.analysis = true
	p.tab.run(chromedp.Navigate(p.link()))
	p.tab.settled()
	played := []string{}
	for _, m := range []string{"4", "3"} {
		p.clickMove(played, m)
		p.tab.waitFor(`document.querySelectorAll("#moves li").length === ` + strconv.Itoa(len(played)+2))
		p.tab.settled()
		played = p.pageMoves()
	}
	p.checkShown(played, 4)

	// Back to the player's second turn: shown, analysed, the engine idle.
	p.tab.run(chromedp.Click(chromedp.CSS(`#moves li[data-ply="2"] button`)))
	if state := p.tab.settled(); state != "ready" {
		t.Fatalf("state %s after going back, want ready", state)
	}
	p.checkShown(played, 2)
	p.checkMarkers(played[:2])
	if status := eval[string](p.tab, `document.getElementById("status").textContent`); !strings.HasPrefix(status, "Move 2 of 4") {
		t.Errorf("the status says %q going back to move 2 of 4", status)
	}

	// A new line from there, which the engine answers.
	branch := "5"
	p.clickMove(played[:2], branch)
	p.tab.waitFor(`document.querySelectorAll("#moves li").length === 4`)
	p.tab.settled()
	var reply answerJSON
	p.svc.post(t, "/move", p.request([]string{played[0], played[1], branch}, map[string]any{"level": p.level, "depth": p.depth}), &reply)
	line := []string{played[0], played[1], branch, reply.Move.Notation}
	p.checkShown(line, 4)

	// Back to where the engine was to move: it waits for Continue.
	p.tab.run(chromedp.Click(chromedp.CSS(`#moves li[data-ply="1"] button`)))
	p.tab.settled()
	p.checkShown(line, 1)
	if hidden := eval[bool](p.tab, `document.getElementById("continue").hidden`); hidden {
		t.Fatal("no Continue where the engine is to move")
	}
	p.tab.run(chromedp.Click(chromedp.ID("continue")))
	p.tab.waitFor(`document.querySelectorAll("#moves li").length === 2`)
	p.tab.settled()
	p.checkShown(line[:2], 2) // the engine plays what it played before: its search is deterministic

	p.tab.run(chromedp.Click(chromedp.ID("first")))
	p.tab.settled()
	p.checkShown(line[:2], 0)
	p.tab.checkClean([]string{svc.URL})
}

// TestPositionSetUp plays from positions a player brings: a move list
// pasted, board rows pasted (one that needs its moves found in the right
// order), a board set up by clicks, and a pasted move list the API refuses,
// whose problem names the move.
func TestPositionSetUp(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)

	c4 := newPlayer(t, b, svc, "connect4", "both", nil)
	c4.tab.run(chromedp.Navigate(c4.link()))
	c4.tab.settled()
	c4.paste("4453")
	c4.tab.waitFor(`document.querySelectorAll("#moves li").length === 4`)
	c4.tab.settled()
	c4.checkShown([]string{"4", "4", "5", "3"}, 4)
	c4.paste("4 4 4 4 4 4 4")
	c4.tab.waitFor(`!document.getElementById("paste-error").hidden`)
	if note := eval[string](c4.tab, `document.getElementById("paste-error").textContent`); !strings.Contains(note, "moves[6]") {
		t.Errorf("a pasted move into a full column: %q, want the problem naming moves[6]", note)
	}
	// Column 1 must be filled x, o, x before o's disc in column 2.
	rows := []string{".......", ".......", ".......", "x......", "o......", "xo....."}
	c4.paste(strings.Join(rows, "/"))
	c4.tab.waitFor(`document.querySelectorAll("#moves li.setup").length === 4`)
	c4.tab.settled()
	if got := pageBoard(c4.tab); !slices.Equal(got, rows) {
		t.Errorf("pasted board rows %q, the page shows %q", rows, got)
	}
	c4.checkBoard(c4.pageMoves())

	// A board set up by clicks: x e5, o d4, x f6 on a 9x9 Gomoku board.
	g := newPlayer(t, b, svc, "gomoku", "both", map[string]any{"size": 9, "rule": "freestyle"})
	g.tab.run(chromedp.Navigate(g.link()))
	g.tab.settled()
	g.tab.run(chromedp.Click(chromedp.ID("setup-start")))
	g.tab.waitFor(`document.body.dataset.state === "editing"`)
	for _, c := range []struct{ row, col, clicks int }{{4, 4, 1}, {5, 3, 2}, {3, 5, 1}} {
		for range c.clicks {
			g.tab.run(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board .cell[data-row="%d"][data-col="%d"]`, c.row, c.col))))
		}
	}
	want := []string{".........", ".........", ".........", ".....x...", "....x....", "...o.....", ".........", ".........", "........."}
	if got := pageBoard(g.tab); !slices.Equal(got, want) {
		t.Fatalf("the board set up shows %q, want %q", got, want)
	}
	g.tab.run(chromedp.Click(chromedp.ID("setup-done")))
	g.tab.waitFor(`document.querySelectorAll("#moves li.setup").length === 3`)
	if state := g.tab.settled(); state != "ready" {
		t.Fatalf("state %s after the set-up, want ready", state)
	}
	pos := g.checkBoard(g.pageMoves())
	if !slices.Equal(pos.Board, want) || pos.ToMove != "o" {
		t.Errorf("after the set-up the API's position is %q, %s to move; want %q, o to move", pos.Board, pos.ToMove, want)
	}
	if hash := eval[string](g.tab, `location.hash`); !strings.Contains(hash, "setup=3") {
		t.Errorf("the address %s does not keep the set-up", hash)
	}
	c4.tab.checkClean([]string{svc.URL}, "422")
	g.tab.checkClean([]string{svc.URL})
}

// paste pastes text into the position box and plays from it.
func (p *player) paste(text string) {
	p.t.Helper()
	p.tab.run(chromedp.SetValue(chromedp.ID("paste"), text), chromedp.Click(chromedp.ID("load")))
}

// TestCopyAsCurl copies the request of the position shown as a curl
// command: it is the request the page sends, on the clipboard, and run in
// a shell it gets the API's answer.
func TestCopyAsCurl(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)
	p := newPlayer(t, b, svc, "gomoku", "x", map[string]any{"size": 9, "rule": "standard"})
	tb := p.tab
	tb.run(func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: "clipboard-read"}, Setting: browser.PermissionSettingGranted, Origin: svc.URL})
		return chromedp.Void{}, err
	})
	played := []string{"e5", "d6"}
	tb.run(chromedp.Navigate(p.link(played...)))
	tb.settled()
	tb.run(chromedp.Click(chromedp.ID("copy-curl")))
	tb.waitFor(`document.getElementById("copy-note").textContent !== ""`)
	cmd := eval[string](tb, `document.getElementById("curl").textContent`)
	clip, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
	if err != nil || clip != cmd {
		t.Errorf("the clipboard holds %q (%v), the page shows %q", clip, err, cmd)
	}
	prefix := fmt.Sprintf(`curl -s '%s/move' -H 'content-type: application/json' -d '`, svc.URL)
	body, ok := strings.CutPrefix(cmd, prefix)
	if !ok || !strings.HasSuffix(body, "'") {
		t.Fatalf("the command %q, want %s…'", cmd, prefix)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(strings.TrimSuffix(body, "'")), &got); err != nil {
		t.Fatalf("the command's body: %v", err)
	}
	want := p.request(played, map[string]any{"level": p.level, "depth": p.depth})
	if a, b := fmt.Sprint(got), fmt.Sprint(jsonRound(t, want)); a != b {
		t.Errorf("the command sends %s, the page's request is %s", a, b)
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Logf("no curl to run the command: %v", err)
	} else {
		out, err := exec.Command("sh", "-c", cmd).Output()
		var ran, direct answerJSON
		if err != nil || json.Unmarshal(out, &ran) != nil {
			t.Fatalf("running the command: %v\n%s", err, out)
		}
		svc.post(t, "/move", want, &direct)
		if ran.Move != direct.Move || ran.Score != direct.Score {
			t.Errorf("the command gets %+v, the API answers %+v", ran, direct)
		}
	}
	tb.checkClean([]string{svc.URL})
}

// jsonRound is v as JSON decodes it: numbers as float64.
func jsonRound(t *testing.T, v any) map[string]any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEnginePanel holds the engine's searches until the test lets them go,
// and checks the panel meanwhile: it says the engine thinks and shows no
// answer, not even the last one, until the new answer comes.
func TestEnginePanel(t *testing.T) {
	b := newBrowser(t)
	blocking := newBlockingGame()
	svc := newService(t, unhurried, blocking)
	tb := newTab(t, b)
	tb.show(displays[3])
	tb.run(chromedp.Navigate(svc.URL + "/#game=blocking&side=x&level=10"))
	tb.settled()
	for i, cell := range []string{`[data-row="1"][data-col="1"]`, `.open`} {
		tb.run(chromedp.Click(chromedp.CSS(`#board .cell` + cell)))
		<-blocking.started
		tb.waitFor(`document.getElementById("engine").dataset.state === "thinking"`)
		checkNoAnswer(t, tb, "thinking")
		if state := eval[string](tb, `document.body.dataset.state`); state != "thinking" {
			t.Errorf("the page is %s while the engine searches", state)
		}
		if i == 1 {
			tb.capture("thinking-desktop-dark", false)
		}
		blocking.release <- struct{}{}
		tb.settled()
		if n := eval[int](tb, `document.querySelectorAll("#answer dd").length`); n == 0 || eval[string](tb, `document.getElementById("engine").dataset.state`) != "answered" {
			t.Fatalf("no answer shown after the search (%d fields)", n)
		}
	}
	tb.checkClean([]string{svc.URL})
}

// TestMarkersFitEveryBoard shows the analysis of Gomoku's largest and
// default boards on a phone, where a cell is 17 to 22 pixels wide, and on
// a desktop: every marker fits its cell at a readable size (its rank on a
// small cell) and says the API's score.
func TestMarkersFitEveryBoard(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)
	for _, size := range []int{19, 15} {
		for _, d := range []display{displays[0], displays[3]} {
			t.Run(fmt.Sprintf("%d-%s", size, d.name), func(t *testing.T) {
				p := newPlayer(t, b, svc, "gomoku", "o", map[string]any{"size": size, "rule": "freestyle"})
				p.tab.show(d)
				p.display = d
				p.analysis = true
				played := []string{"h8", "j10", "i9"}
				if size == 15 {
					played = []string{"g7", "h8", "g9"}
				}
				p.tab.run(chromedp.Navigate(p.link(played...)))
				if state := p.tab.settled(); state != "ready" {
					t.Fatalf("state %s, want ready", state)
				}
				p.checkBoard(played)
				p.checkMarkers(played)
				p.tab.capture(fmt.Sprintf("gomoku-%d-analysis-%s", size, d.name), false)
				p.tab.checkClean([]string{svc.URL})
			})
		}
	}
}
