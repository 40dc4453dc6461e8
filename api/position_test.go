package api_test

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"movesvc/api"
)

// positionAnswer is a decoded answer of POST /position.
type positionAnswer struct {
	Game     string   `json:"game"`
	Board    []string `json:"board"`
	Ply      int      `json:"ply"`
	ToMove   string   `json:"to_move"`
	Over     bool     `json:"over"`
	Winner   string   `json:"winner"`
	LastMove *struct {
		Notation string `json:"notation"`
		Row      int    `json:"row"`
		Col      int    `json:"col"`
	} `json:"last_move"`
	LegalMoves []struct {
		Notation string `json:"notation"`
		Row      int    `json:"row"`
		Col      int    `json:"col"`
	} `json:"legal_moves"`
	Forbidden []struct {
		Notation string `json:"notation"`
		Row      int    `json:"row"`
		Col      int    `json:"col"`
	} `json:"forbidden"`
}

func (p positionAnswer) legal() []string {
	var out []string
	for _, m := range p.LegalMoves {
		out = append(out, m.Notation)
	}
	return out
}

func postPosition(t *testing.T, ts *testServer, body string) positionAnswer {
	t.Helper()
	r := ts.do(t, http.MethodPost, "/position", "application/json", []byte(body))
	if r.status != http.StatusOK {
		t.Fatalf("POST /position %s: %d %s", body, r.status, r.body)
	}
	var p positionAnswer
	r.decode(t, &p)
	return p
}

func TestPositionGoesOn(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	p := postPosition(t, ts, `{"game":"tictactoe","moves":["b2","a1"]}`)
	if p.Over || p.Winner != "" || p.ToMove != "x" || p.Ply != 2 || !slices.Equal(p.Board, []string{"...", ".x.", "o.."}) {
		t.Errorf("b2 a1: %+v", p)
	}
	// In board order, the taken squares left out.
	if want := []string{"a3", "b3", "c3", "a2", "c2", "b1", "c1"}; !slices.Equal(p.legal(), want) {
		t.Errorf("legal moves %q, want %q", p.legal(), want)
	}
	if p.LastMove == nil || p.LastMove.Notation != "a1" || p.LastMove.Row != 2 || p.LastMove.Col != 0 {
		t.Errorf("last move %+v, want a1 at row 2 col 0", p.LastMove)
	}

	// A Connect Four move is a column; its cell is where the stone lands.
	c4 := postPosition(t, ts, `{"game":"connect4","moves":["4","4","4"]}`)
	if len(c4.LegalMoves) != 7 || c4.LastMove.Row != 3 || c4.LastMove.Col != 3 {
		t.Errorf("connect4 444: last move %+v, %d legal moves", c4.LastMove, len(c4.LegalMoves))
	}
	for _, m := range c4.LegalMoves {
		if want := map[bool]int{true: 2, false: 5}[m.Col == 3]; m.Row != want {
			t.Errorf("connect4 444: column %s lands on row %d, want %d", m.Notation, m.Row, want)
		}
	}

	// Options shape the board; a board gives its own size.
	g := postPosition(t, ts, `{"game":"gomoku","moves":[],"size":9}`)
	if len(g.Board) != 9 || len(g.LegalMoves) != 81 || g.LastMove != nil || g.ToMove != "x" {
		t.Errorf("gomoku size 9: %d rows, %d legal moves, last move %+v", len(g.Board), len(g.LegalMoves), g.LastMove)
	}
	b := postPosition(t, ts, `{"game":"tictactoe","board":["x.o","...","..."]}`)
	if b.Ply != 2 || b.ToMove != "x" || len(b.LegalMoves) != 7 || b.LastMove != nil {
		t.Errorf("from a board: %+v", b)
	}
}

// TestPositionEnds checks what POST /move cannot tell: that the last move
// of a list ended the game, and how.
func TestPositionEnds(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	for _, tc := range []struct {
		body, winner string
	}{
		{`{"game":"tictactoe","moves":["b2","a1","a2","c1","c2"]}`, "x"},
		{`{"game":"tictactoe","moves":["a1","b2","c3","a2","c2","b3","b1","c1","a3"]}`, ""}, // full, no line
		{`{"game":"connect4","moves":["1","2","1","2","1","2","3","2"]}`, "o"},
		{`{"game":"gomoku","moves":["a1","h8","b1","h9","c1","h10","d1","h11","e1"]}`, "x"},
		{`{"game":"gomoku","rule":"standard","moves":["a1","h8","b1","h9","c1","h10","d1","h11","e1"]}`, "x"},
	} {
		p := postPosition(t, ts, tc.body)
		if !p.Over || p.Winner != tc.winner || len(p.LegalMoves) != 0 || p.LastMove == nil {
			t.Errorf("%s: over %v, winner %q, %d legal moves, last move %+v; want over, winner %q", tc.body, p.Over, p.Winner,
				len(p.LegalMoves), p.LastMove, tc.winner)
		}
	}
	// Under the standard rule six in a row is no win.
	six := `{"game":"gomoku","rule":"standard","moves":["a1","h8","b1","h9","c1","h10","e1","h11","f1","h13","d1"]}`
	if p := postPosition(t, ts, six); p.Over {
		t.Errorf("standard rule, six in a row: %+v, want the game to go on", p)
	}
	if p := postPosition(t, ts, strings.Replace(six, `"standard"`, `"freestyle"`, 1)); !p.Over || p.Winner != "x" {
		t.Errorf("freestyle rule, six in a row: over %v winner %q, want x", p.Over, p.Winner)
	}
}

func TestPositionProblems(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	for _, tc := range []struct {
		body     string
		status   int
		location string
	}{
		{`{"game":"tictactoe","moves":["b2","a1","a2","c1","c2","c3"]}`, 422, "body.moves[5]"}, // after the end
		{`{"game":"tictactoe","moves":["b2","b2"]}`, 422, "body.moves[1]"},
		{`{"game":"tictactoe","moves":["b2","z9"]}`, 422, "body.moves[1]"},
		{`{"game":"tictactoe","board":["xxx","oo.","..."]}`, 422, "body.board"}, // a board already decided
		{`{"game":"tictactoe"}`, 422, "body.board"},
		{`{"game":"tictactoe","moves":[],"board":["...","...","..."]}`, 422, "body.moves"},
		{`{"game":"shogi","moves":[]}`, 422, "body.game"},
		{`{"game":"tictactoe","moves":[],"size":9}`, 422, "body.size"},
		{`{"game":"gomoku","moves":[],"size":30}`, 422, "body.size"},
		{`{"game":"gomoku","moves":[],"rule":"caro"}`, 422, "body.rule"},
		{`{"game":"tictactoe","moves":[],"level":3}`, 400, "body.level"}, // a search field
		{`{"game":"tictactoe","moves":"b2"}`, 400, "body.moves"},
		{`{"game":"tictactoe","moves":[]} x`, 400, "body"},
	} {
		r := ts.do(t, http.MethodPost, "/position", "application/json", []byte(tc.body))
		var p problem
		r.decode(t, &p)
		if r.status != tc.status || len(p.Errors) == 0 || p.Errors[0].Location != tc.location || p.Detail == "" {
			t.Errorf("%s: %d %s, want %d naming %s", tc.body, r.status, r.body, tc.status, tc.location)
		}
	}
	if r := ts.do(t, http.MethodPost, "/position", "text/plain", []byte(`{}`)); r.status != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: %d", r.status)
	}
	if r := ts.do(t, http.MethodGet, "/position", "", nil); r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") != "POST" {
		t.Errorf("GET /position: %d, Allow %q", r.status, r.header.Get("Allow"))
	}
}

// TestGamesTellClientsHowToPlay checks what GET /games gives a client that
// knows no game: how moves are picked, and each option's values, which
// POST /position takes at their bounds and refuses beyond them.
func TestGamesTellClientsHowToPlay(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, api.Config{})
	var got struct {
		Games []struct {
			Name          string   `json:"name"`
			Placement     string   `json:"placement"`
			Options       []string `json:"options"`
			OptionSchemas map[string]struct {
				Type    string   `json:"type"`
				Enum    []string `json:"enum"`
				Minimum *int     `json:"minimum"`
				Maximum *int     `json:"maximum"`
				Default any      `json:"default"`
			} `json:"option_schemas"`
		} `json:"games"`
	}
	ts.do(t, http.MethodGet, "/games", "", nil).decode(t, &got)
	placements := map[string]string{}
	for _, g := range got.Games {
		placements[g.Name] = g.Placement
		for _, name := range g.Options {
			s, ok := g.OptionSchemas[name]
			if !ok {
				t.Errorf("%s: option %s has no schema", g.Name, name)
				continue
			}
			var good, bad []string
			switch s.Type {
			case "string":
				for _, v := range s.Enum {
					good = append(good, fmt.Sprintf("%q", v))
				}
				bad = append(bad, `"no-such-value"`)
			case "integer":
				good = append(good, fmt.Sprint(*s.Minimum), fmt.Sprint(*s.Maximum))
				bad = append(bad, fmt.Sprint(*s.Minimum-1), fmt.Sprint(*s.Maximum+1))
			}
			for _, v := range good {
				postPosition(t, ts, fmt.Sprintf(`{"game":%q,"moves":[],%q:%s}`, g.Name, name, v))
			}
			for _, v := range bad {
				body := fmt.Sprintf(`{"game":%q,"moves":[],%q:%s}`, g.Name, name, v)
				if r := ts.do(t, http.MethodPost, "/position", "application/json", []byte(body)); r.status != http.StatusUnprocessableEntity {
					t.Errorf("%s: %d", body, r.status)
				}
			}
		}
	}
	if want := map[string]string{"tictactoe": "cell", "connect4": "column", "gomoku": "cell", "chess": "", "backgammon": "", "kalah": ""}; !maps.Equal(placements, want) {
		t.Errorf("placements %v, want %v", placements, want)
	}
}

// TestPositionForbidden checks that POST /position lists black's forbidden
// points under renju, with their cells, and leaves them out of the legal
// moves; that other rules list none; and that a move list playing one is
// refused, naming the move.
func TestPositionForbidden(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	moves := `["f8","a1","g8","c1","h6","e1","h7","a15"]`
	p := postPosition(t, ts, `{"game":"gomoku","rule":"renju","moves":`+moves+`}`)
	if len(p.Forbidden) != 1 || p.Forbidden[0].Notation != "h8" || p.Forbidden[0].Row != 7 || p.Forbidden[0].Col != 7 {
		t.Errorf("renju, double three at h8: forbidden %+v, want h8 at row 7 col 7", p.Forbidden)
	}
	if slices.Contains(p.legal(), "h8") || len(p.LegalMoves) != 225-8-1 {
		t.Errorf("renju: %d legal moves, h8 among them %v", len(p.LegalMoves), slices.Contains(p.legal(), "h8"))
	}
	if p := postPosition(t, ts, `{"game":"gomoku","moves":`+moves+`}`); p.Forbidden != nil || !slices.Contains(p.legal(), "h8") {
		t.Errorf("freestyle: forbidden %+v, h8 legal %v", p.Forbidden, slices.Contains(p.legal(), "h8"))
	}
	r := ts.do(t, http.MethodPost, "/position", "application/json",
		[]byte(`{"game":"gomoku","rule":"renju","moves":["f8","a1","g8","c1","h6","e1","h7","a15","h8"]}`))
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(string(r.body), "moves[8]") || !strings.Contains(string(r.body), "double three") {
		t.Errorf("renju, h8 played: %d %s; want 422 naming moves[8] and the double three", r.status, r.body)
	}
}
