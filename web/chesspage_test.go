package web_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// chessPositionJSON is what POST /position says of a chess position.
type chessPositionJSON struct {
	Position string `json:"position"`
	LastMove *struct {
		Notation, SAN string
	} `json:"last_move"`
}

// chessSANs returns the SAN of each of moves, as POST /position gives each
// one as the last move of its list.
func chessSANs(p *player, moves []string) []string {
	var out []string
	for i := range moves {
		var pos chessPositionJSON
		p.svc.post(p.t, "/position", p.request(moves[:i+1], nil), &pos)
		out = append(out, pos.LastMove.SAN)
	}
	return out
}

// moveTexts returns the text of each button of the page's move list.
func moveTexts(p *player) []string {
	return eval[[]string](p.tab, `[...document.querySelectorAll("#moves li button")].map((b) => b.textContent)`)
}

// TestChessMoveList lists chess moves in SAN numbered by move (1. e4 e5
// 2. Nf3), each SAN as POST /position names the move, and a click on one
// shows the position after it.
func TestChessMoveList(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)
	p := newPlayer(t, b, svc, "chess", "both", map[string]any{"variant": "standard"})
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "e1g1"}
	p.tab.run(chromedp.Navigate(p.link(moves...)))
	p.tab.settled()
	sans := chessSANs(p, moves)
	want := []string{"1. " + sans[0], sans[1], "2. " + sans[2], sans[3], "3. " + sans[4], sans[5], "4. " + sans[6]}
	if got := moveTexts(p); !slices.Equal(got, want) {
		t.Fatalf("the move list shows %q, want %q", got, want)
	}
	if sans[6] != "O-O" {
		t.Errorf("the API names e1g1 %q here", sans[6])
	}
	p.tab.run(chromedp.Click(chromedp.CSS(`#moves li[data-ply="3"] button`)))
	p.tab.waitFor(`document.querySelector("#moves [aria-current]")?.parentElement.dataset.ply === "3"`)
	p.tab.settled()
	checkChessBoard(p, moves[:3])
	p.tab.checkClean([]string{svc.URL})
}

// TestChessFENAndPGN pastes a FEN with black to move and SAN moves: the
// page plays from it (the moves kept in UCI, numbered from the FEN's move
// number, "12… "), keeps the FEN in the address (a reload keeps the game), shows the current FEN as
// the API gives it with a button that copies it, and gives the game's PGN
// with its FEN tag and SAN movetext; a PGN pasted back gives the same game.
func TestChessFENAndPGN(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)
	p := newPlayer(t, b, svc, "chess", "both", map[string]any{"variant": "standard"})
	p.tab.run(chromedp.Navigate(p.link()))
	p.tab.settled()
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12"
	p.paste(fen + " Nf6 Nc3 Bc5")
	p.tab.waitFor(`document.querySelectorAll("#moves li").length === 3`)
	p.tab.settled()
	p.options["fen"] = fen
	moves := p.pageMoves()
	if !slices.Equal(moves, []string{"g8f6", "b1c3", "f8c5"}) {
		t.Fatalf("the page keeps the moves %q", moves)
	}
	if got, want := moveTexts(p), []string{"12… Nf6", "13. Nc3", "Bc5"}; !slices.Equal(got, want) {
		t.Errorf("the move list shows %q, want %q", got, want)
	}
	checkChessBoard(p, moves)
	var pos chessPositionJSON
	svc.post(t, "/position", p.request(moves, nil), &pos)
	if got := eval[string](p.tab, `document.getElementById("fen-out").value`); got != pos.Position || pos.Position == "" {
		t.Errorf("the page shows the FEN %q, the API %q", got, pos.Position)
	}
	if hash := eval[string](p.tab, `decodeURIComponent(location.hash)`); !strings.Contains(strings.ReplaceAll(hash, "+", " "), "fen="+fen) {
		t.Errorf("the address %q does not keep the FEN", hash)
	}
	p.tab.run(chromedp.Reload())
	p.tab.waitFor(`document.querySelectorAll("#moves li").length === 3`)
	p.tab.settled()
	if got, fenShown := p.pageMoves(), eval[string](p.tab, `document.getElementById("fen-out").value`); !slices.Equal(got, moves) || fenShown != pos.Position {
		t.Errorf("after a reload the page lists %q at the FEN %q, want %q at %q", got, fenShown, moves, pos.Position)
	}
	p.tab.run(chromedp.Click(chromedp.ID("copy-pgn")))
	p.tab.waitFor(`document.getElementById("notation-note").textContent !== ""`)
	text := eval[string](p.tab, `document.getElementById("pgn").textContent`)
	for _, want := range []string{`[FEN "` + fen + `"]`, `[SetUp "1"]`, `[Result "*"]`, "\n\n12... Nf6 13. Nc3 Bc5 *\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PGN lacks %q:\n%s", want, text)
		}
	}
	href := eval[string](p.tab, `decodeURIComponent(document.getElementById("download-pgn").href)`)
	if !strings.HasSuffix(href, text) {
		t.Errorf("the download link %q does not hold the PGN", href)
	}
	// The PGN pasted back into a new game is the same game.
	p.tab.run(chromedp.Click(chromedp.ID("new")))
	p.tab.waitFor(`document.querySelectorAll("#moves li").length === 0`)
	p.tab.settled()
	p.paste(text)
	p.tab.waitFor(`document.querySelectorAll("#moves li").length === 3`)
	p.tab.settled()
	if got := p.pageMoves(); !slices.Equal(got, moves) {
		t.Errorf("the PGN pasted back plays %q, want %q", got, moves)
	}
	if got := eval[string](p.tab, `document.getElementById("fen-out").value`); got != pos.Position {
		t.Errorf("after the PGN the page shows the FEN %q, want %q", got, pos.Position)
	}
	p.tab.checkClean([]string{svc.URL})
}

// squareCentre returns the middle of a square of the page's chessboard,
// in CSS pixels of the viewport.
func squareCentre(p *player, square string) (float64, float64) {
	c := eval[[]float64](p.tab, fmt.Sprintf(`(() => {
		const r = document.querySelector('#board .square[data-square=%q]').getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, square))
	return c[0], c[1]
}

// dragPiece drags with the mouse from one square to another, in steps, as
// a person would.
func dragPiece(p *player, from, to string) {
	x1, y1 := squareCentre(p, from)
	x2, y2 := squareCentre(p, to)
	held := func(e *input.DispatchMouseEventParams) {
		e.Button, e.Buttons, e.ClickCount = input.MouseButtonLeft, 1, 1
	}
	acts := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x1, y1),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x1, y1, held)}
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		acts = append(acts, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x1+(x2-x1)*f, y1+(y2-y1)*f, held))
	}
	acts = append(acts, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x2, y2, held))
	p.tab.run(acts...)
}

// TestChessDrag plays chess by dragging pieces: a piece dropped on a legal
// target plays the move, one dropped elsewhere goes back and plays
// nothing, and click-click still plays after a drag, even at once; the
// squares keep their labels.
func TestChessDrag(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)
	p := newPlayer(t, b, svc, "chess", "both", map[string]any{"variant": "standard"})
	p.tab.run(chromedp.Navigate(p.link()))
	p.tab.settled()
	dragPiece(p, "e2", "e4")
	p.tab.waitFor(`document.querySelectorAll("#moves li").length === 1`)
	p.tab.settled()
	if got := p.pageMoves(); !slices.Equal(got, []string{"e2e4"}) {
		t.Fatalf("after a drag from e2 to e4 the page lists %q", got)
	}
	checkChessBoard(p, []string{"e2e4"})
	dragPiece(p, "g8", "g6") // not a knight's move: the knight goes back
	p.tab.settled()
	if n := eval[int](p.tab, `document.querySelectorAll("#moves li").length + document.querySelectorAll("#board .ghost, #board .dragging, #board .selected").length`); n != 1 {
		t.Fatalf("after a drop on no legal target: %d moves and dragged or picked squares, want the one move", n)
	}
	checkChessBoard(p, []string{"e2e4"})
	clickSquare(p, "g8")
	clickSquare(p, "f6")
	p.tab.waitFor(`document.querySelectorAll("#moves li").length === 2`)
	p.tab.settled()
	if got := p.pageMoves(); !slices.Equal(got, []string{"e2e4", "g8f6"}) {
		t.Fatalf("after click-click g8 f6 the page lists %q", got)
	}
	if label := eval[string](p.tab, `document.querySelector('#board .square[data-square="f6"]').getAttribute("aria-label")`); label != "f6, black knight" {
		t.Errorf("f6 is labelled %q", label)
	}
	// A click straight after a drop is a click: the drop's guard against
	// its own click must not outlive it (it did, on a timer that a busy
	// browser ran after the next clicks).
	gx, gy := squareCentre(p, "g1")
	fx, fy := squareCentre(p, "f3")
	dragPiece(p, "g1", "g4")
	p.tab.run(chromedp.MouseClickXY(gx, gy), chromedp.MouseClickXY(fx, fy))
	p.tab.waitFor(`document.querySelectorAll("#moves li").length === 3`)
	p.tab.settled()
	if got := p.pageMoves(); !slices.Equal(got, []string{"e2e4", "g8f6", "g1f3"}) {
		t.Fatalf("after a drop on no legal target and click-click g1 f3 the page lists %q", got)
	}
	p.tab.checkClean([]string{svc.URL})
}

// TestChessArrow shows the best analysed move as an arrow from its square
// to its target, with its score, as the API's analysis gives it, for white
// and on the board turned for black; and saves the page's pictures of
// chess on every display.
func TestChessArrow(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)
	for i, d := range displays {
		t.Run(d.name, func(t *testing.T) {
			side := []string{"x", "o"}[i%2]
			p := newPlayer(t, b, svc, "chess", side, map[string]any{"variant": "standard"})
			p.tab.show(d)
			p.display = d
			p.level, p.depth, p.analysis = 10, 3, true
			moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"}
			if side == "o" {
				moves = moves[:5]
			}
			p.tab.run(chromedp.Navigate(p.link(moves...)))
			p.tab.waitFor(`document.querySelector("#board .arrow.best") !== null`)
			p.tab.settled()
			var best struct {
				Move struct{ From, To, Notation string } `json:"move"`
			}
			var full struct {
				Analysis []struct {
					Move struct {
						From, To, Notation string
						SAN                string `json:"san"`
					} `json:"move"`
					Score int `json:"score"`
				} `json:"analysis"`
			}
			svc.post(t, "/move", p.request(moves, map[string]any{"analysis": true, "depth": p.depth}), &full)
			best.Move.From, best.Move.To, best.Move.Notation = full.Analysis[0].Move.From, full.Analysis[0].Move.To, full.Analysis[0].Move.Notation
			if san := eval[string](p.tab, `document.querySelector("#analysis-list button strong").textContent`); san != full.Analysis[0].Move.SAN || san == "" {
				t.Errorf("the analysis list names the best move %q, the API %q", san, full.Analysis[0].Move.SAN)
			}
			arrow := eval[map[string]string](p.tab, `(() => {
				const a = document.querySelector("#board .arrow.best");
				return {from: a.dataset.from, to: a.dataset.to, score: a.dataset.score, text: a.querySelector("text").textContent,
					marker: document.querySelector('#board .marker.best').textContent};
			})()`)
			if arrow["from"] != best.Move.From || arrow["to"] != best.Move.To || arrow["score"] != fmt.Sprint(full.Analysis[0].Score) {
				t.Errorf("the arrow %v; the API's best move %+v, score %d", arrow, best.Move, full.Analysis[0].Score)
			}
			if arrow["text"] == "" || arrow["text"] != arrow["marker"] {
				t.Errorf("the arrow's score %q, the best marker's %q", arrow["text"], arrow["marker"])
			}
			// The arrow's tip is the target's centre, its tail the piece's.
			ends := eval[[]float64](p.tab, `(() => {
				const svg = document.querySelector("#board .arrows"), r = svg.getBoundingClientRect();
				const pts = svg.querySelector("polygon").getAttribute("points").split(" ").map((q) => q.split(",").map(Number));
				const at = ([x, y]) => [r.left + x * r.width / 8, r.top + y * r.height / 8];
				const tail = [(pts[0][0] + pts[6][0]) / 2, (pts[0][1] + pts[6][1]) / 2];
				return [...at(pts[3]), ...at(tail)];
			})()`)
			tx, ty := squareCentre(p, best.Move.To)
			fx, fy := squareCentre(p, best.Move.From)
			if math.Hypot(ends[0]-tx, ends[1]-ty) > 2 || math.Hypot(ends[2]-fx, ends[3]-fy) > 2 {
				t.Errorf("the arrow runs from %v to %v; the squares' centres are (%v, %v) and (%v, %v)", ends[2:], ends[:2], fx, fy, tx, ty)
			}
			p.tab.capture("chess-"+d.name, true)
			p.tab.checkClean([]string{svc.URL})
		})
	}
}
