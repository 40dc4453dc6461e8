package web_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// chessSquare is a square of the page's chessboard: its name, its piece
// (a FEN letter) and how it is marked.
type chessSquare struct {
	Square, Piece                           string
	Last, Check, Selected, Target, Thinking bool
}

// chessBoard returns the page's chessboard, squares in page order (from the
// top left), and its file labels.
func chessBoard(p *player) ([]chessSquare, []string) {
	squares := eval[[]chessSquare](p.tab, `[...document.querySelectorAll("#board .square")].map((s) => ({
		Square: s.dataset.square, Piece: s.dataset.piece, Last: s.classList.contains("last"),
		Check: s.classList.contains("check"), Selected: s.classList.contains("selected"),
		Target: s.classList.contains("target"), Thinking: s.classList.contains("thinking")}))`)
	files := eval[[]string](p.tab, `[...document.querySelectorAll("#board .files span")].map((s) => s.textContent)`)
	return squares, files
}

// checkChessBoard checks the page's chessboard against the API's position
// after played: every square's piece, the last move and the king in check
// marked; and that it is seen from the player's side.
func checkChessBoard(p *player, played []string) {
	p.t.Helper()
	var pos struct {
		Board    []string `json:"board"`
		LastMove *struct {
			From, To string
		} `json:"last_move"`
		View struct {
			Check string `json:"check"`
		} `json:"view"`
	}
	p.svc.post(p.t, "/position", p.request(append([]string{}, played...), nil), &pos)
	squares, files := chessBoard(p)
	if len(squares) != 64 {
		p.t.Fatalf("the page shows %d squares", len(squares))
	}
	wantFiles := strings.Split("abcdefgh", "")
	top := "a8"
	if p.side == "o" {
		slices.Reverse(wantFiles)
		top = "h1"
	}
	if !slices.Equal(files, wantFiles) || squares[0].Square != top {
		p.t.Errorf("files %q, top left %s; want %q and %s for side %s", files, squares[0].Square, wantFiles, top, p.side)
	}
	for _, s := range squares {
		f, r := int(s.Square[0]-'a'), int(s.Square[1]-'1')
		want := string(pos.Board[7-r][f])
		if want == "." {
			want = ""
		}
		last := pos.LastMove != nil && (pos.LastMove.From == s.Square || pos.LastMove.To == s.Square)
		if s.Piece != want || s.Last != last || s.Check != (pos.View.Check == s.Square) {
			p.t.Fatalf("after %q square %+v; the API has %q there, last move %+v, check %q", played, s, want, pos.LastMove, pos.View.Check)
		}
	}
}

// clickSquare clicks a square of the chessboard.
func clickSquare(p *player, square string) {
	p.tab.run(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board .square[data-square=%q]`, square))))
}

// TestPlayChess plays chess on the page by clicks, as white and as black:
// a piece picked up lights its legal targets, a click on one plays the
// move (e2e4, g1f3), the engine answers as the API does, and the board,
// its coordinates, the last move and check follow the API's positions; a
// pawn reaching the last rank asks for its piece, and the knight chosen is
// played.
func TestPlayChess(t *testing.T) {
	b := newBrowser(t)
	svc := newService(t, unhurried)
	t.Run("white", func(t *testing.T) {
		p := newPlayer(t, b, svc, "chess", "x", map[string]any{"variant": "standard"})
		p.level, p.depth = 1, 2
		p.tab.run(chromedp.Navigate(p.link()))
		if state := p.tab.settled(); state != "ready" {
			t.Fatalf("state %s, want ready", state)
		}
		checkChessBoard(p, nil)
		clickSquare(p, "e2")
		squares, _ := chessBoard(p)
		var targets []string
		for _, s := range squares {
			if s.Target {
				targets = append(targets, s.Square)
			}
		}
		slices.Sort(targets)
		if !slices.Equal(targets, []string{"e3", "e4"}) {
			t.Fatalf("the pawn on e2 lights %q, want e3 and e4", targets)
		}
		clickSquare(p, "e4")
		p.tab.waitFor(`document.querySelectorAll("#moves li").length === 2`)
		p.tab.settled()
		played := p.pageMoves()
		var reply answerJSON
		p.svc.post(t, "/move", p.request(played[:1], map[string]any{"level": p.level, "depth": p.depth}), &reply)
		if played[0] != "e2e4" || played[1] != reply.Move.Notation {
			t.Fatalf("the page lists %q; want e2e4 and the API's reply %s", played, reply.Move.Notation)
		}
		// The engine's answer in SAN, its line too.
		var sanReply struct {
			Move  struct{ SAN string } `json:"move"`
			PVSAN []string             `json:"pv_san"`
		}
		p.svc.post(t, "/move", p.request(played[:1], map[string]any{"level": p.level, "depth": p.depth}), &sanReply)
		shown := eval[[]string](p.tab, `["move", "pv"].map((f) => document.querySelector('#answer dd[data-field="' + f + '"]').textContent)`)
		if want := []string{sanReply.Move.SAN + " (the engine)", strings.Join(sanReply.PVSAN, " ")}; !slices.Equal(shown, want) || sanReply.Move.SAN == "" {
			t.Errorf("the panel shows the move and line %q, want %q", shown, want)
		}
		checkChessBoard(p, played)
		clickSquare(p, "g1")
		clickSquare(p, "f3")
		p.tab.waitFor(`document.querySelectorAll("#moves li").length === 4`)
		p.tab.settled()
		played = p.pageMoves()
		if played[2] != "g1f3" {
			t.Fatalf("the page lists %q; want g1f3 third", played)
		}
		checkChessBoard(p, played)
		p.tab.checkClean([]string{svc.URL})
	})
	t.Run("promotion", func(t *testing.T) {
		p := newPlayer(t, b, svc, "chess", "x", map[string]any{"variant": "standard"})
		p.level, p.depth = 1, 2
		moves := []string{"a2a4", "b7b5", "a4b5", "a7a6", "b5a6", "c8b7", "a6b7", "b8c6"}
		p.tab.run(chromedp.Navigate(p.link(moves...)))
		if state := p.tab.settled(); state != "ready" {
			t.Fatalf("state %s, want ready", state)
		}
		checkChessBoard(p, moves)
		clickSquare(p, "b7")
		clickSquare(p, "b8")
		p.tab.waitFor(`!document.querySelector("#board .promotion").hidden`)
		pieces := eval[[]string](p.tab, `[...document.querySelectorAll("#board .promote")].map((b) => b.dataset.promotion)`)
		slices.Sort(pieces)
		if !slices.Equal(pieces, []string{"b", "n", "q", "r"}) {
			t.Fatalf("the promotion offers %q", pieces)
		}
		p.tab.run(chromedp.Click(chromedp.CSS(`#board .promote[data-promotion="n"]`)))
		p.tab.waitFor(`document.querySelectorAll("#moves li").length >= 9`)
		p.tab.settled()
		if played := p.pageMoves(); played[8] != "b7b8n" {
			t.Fatalf("the page lists %q; want b7b8n ninth", played)
		}
		checkChessBoard(p, p.pageMoves())
	})
	t.Run("black", func(t *testing.T) {
		p := newPlayer(t, b, svc, "chess", "o", map[string]any{"variant": "standard"})
		p.level, p.depth = 1, 2
		p.tab.run(chromedp.Navigate(p.link()))
		p.tab.waitFor(`document.querySelectorAll("#moves li").length === 1`)
		if state := p.tab.settled(); state != "ready" {
			t.Fatalf("state %s, want ready", state)
		}
		played := p.pageMoves()
		checkChessBoard(p, played)
		clickSquare(p, "b8")
		clickSquare(p, "c6")
		p.tab.waitFor(`document.querySelectorAll("#moves li").length === 3`)
		p.tab.settled()
		played = p.pageMoves()
		if played[1] != "b8c6" {
			t.Fatalf("the page lists %q; want b8c6 second", played)
		}
		checkChessBoard(p, played)
		p.tab.capture("chess-desktop-light", false)
	})
}
