package api_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"movesvc/api"
)

// rows returns n rows of width w, each row "." * w, with the given rows
// replaced by the map's values.
func rows(n, w int, set map[int]string) string {
	out := make([]string, n)
	for i := range out {
		out[i] = `"` + strings.Repeat(".", w) + `"`
		if r, ok := set[i]; ok {
			out[i] = `"` + r + `"`
		}
	}
	return "[" + strings.Join(out, ",") + "]"
}

// hostileCase is one bad request: what is sent and the problem expected.
type hostileCase struct {
	name        string
	method      string // default POST
	path        string // default /move
	contentType string // default application/json; "-" for none
	body        string
	status      int
	location    string // errors[0].location
}

// hostileRequests are malformed or hostile requests for every game.
func hostileRequests() []hostileCase {
	deep := strings.Repeat("[", 20000) + strings.Repeat("]", 20000)
	huge := `{"game":"tictactoe","moves":[],"pad":"` + strings.Repeat("x", 10<<20) + `"}`
	c4 := func(board string) string { return `{"game":"connect4","board":` + board + `}` }
	gm := func(board string) string { return `{"game":"gomoku","board":` + board + `}` }
	return []hostileCase{
		// Wrong types.
		{name: "game a number", body: `{"game":7,"moves":[]}`, status: 400, location: "body.game"},
		{name: "game an array", body: `{"game":["tictactoe"],"moves":[]}`, status: 400, location: "body.game"},
		{name: "game an object", body: `{"game":{"name":"connect4"},"moves":[]}`, status: 400, location: "body.game"},
		{name: "game a boolean", body: `{"game":true,"moves":[]}`, status: 400, location: "body.game"},
		{name: "board a number", body: `{"game":"connect4","board":42}`, status: 400, location: "body.board"},
		{name: "board of numbers", body: `{"game":"gomoku","board":[1,2,3]}`, status: 400, location: "body.board[0]"},
		{name: "board of arrays", body: `{"game":"tictactoe","board":[["x","o","."],[],[]]}`, status: 400, location: "body.board[0]"},
		{name: "moves a string", body: `{"game":"connect4","moves":"4444"}`, status: 400, location: "body.moves"},
		{name: "moves an object", body: `{"game":"gomoku","moves":{"0":"h8"}}`, status: 400, location: "body.moves"},
		{name: "move a number", body: `{"game":"connect4","moves":[4,4]}`, status: 400, location: "body.moves[0]"},
		{name: "depth a string", body: `{"game":"connect4","moves":[],"depth":"8"}`, status: 400, location: "body.depth"},
		{name: "depth a boolean", body: `{"game":"gomoku","moves":[],"depth":true}`, status: 400, location: "body.depth"},
		{name: "timeout a fraction", body: `{"game":"tictactoe","moves":[],"timeout_ms":0.5}`, status: 400, location: "body.timeout_ms"},
		{name: "timeout an object", body: `{"game":"gomoku","moves":[],"timeout_ms":{}}`, status: 400, location: "body.timeout_ms"},
		{name: "to_move a number", body: `{"game":"tictactoe","moves":[],"to_move":1}`, status: 400, location: "body.to_move"},
		{name: "rule a number", body: `{"game":"gomoku","moves":[],"rule":5}`, status: 400, location: "body.rule"},
		{name: "size a string", body: `{"game":"gomoku","moves":[],"size":"15"}`, status: 400, location: "body.size"},
		{name: "size a fraction", body: `{"game":"gomoku","moves":[],"size":15.5}`, status: 400, location: "body.size"},
		{name: "body a string", body: `"tictactoe"`, status: 400, location: "body"},
		{name: "body a number", body: `12`, status: 400, location: "body"},
		{name: "body null", body: `null`, status: 400, location: "body"},
		// Nulls: a field not given; an element that is not a string.
		{name: "game null", body: `{"game":null,"moves":[]}`, status: 422, location: "body.game"},
		{name: "board and moves null", body: `{"game":"connect4","board":null,"moves":null}`, status: 422, location: "body.board"},
		{name: "null row", body: `{"game":"tictactoe","board":[null,"...","..."]}`, status: 400, location: "body.board[0]"},
		{name: "null move", body: `{"game":"gomoku","moves":["h8",null]}`, status: 400, location: "body.moves[1]"},
		// Huge arrays, huge bodies, deep nesting.
		{name: "1025 moves", body: `{"game":"gomoku","moves":[` + strings.Repeat(`"a1",`, 1024) + `"a1"]}`, status: 422, location: "body.moves"},
		{name: "65 rows", body: gm(rows(65, 15, nil)), status: 422, location: "body.board"},
		{name: "row of 257 cells", body: gm(rows(15, 257, nil)), status: 422, location: "body.board[0]"},
		{name: "10 MB body", body: huge, status: 413, location: "body"},
		{name: "deeply nested array", body: `{"game":"tictactoe","moves":` + deep + `}`, status: 400, location: "body.moves[0]"},
		{name: "deeply nested unknown field", body: `{"game":"tictactoe","moves":[],"x":` + deep + `}`, status: 400, location: "body.x[0]"},
		{name: "deeply nested body", body: deep, status: 400, location: "body"},
		// Unicode tricks.
		{name: "game with a zero-width space", body: "{\"game\":\"tic\u200btactoe\",\"moves\":[]}", status: 422, location: "body.game"},
		{name: "fullwidth game name", body: `{"game":"ｔｉｃｔａｃｔｏｅ","moves":[]}`, status: 422, location: "body.game"},
		{name: "NUL in game name", body: `{"game":"tictactoe\u0000","moves":[]}`, status: 422, location: "body.game"},
		{name: "invalid UTF-8 in game name", body: "{\"game\":\"tic\xff\xfe\",\"moves\":[]}", status: 400, location: "body.game"},
		{name: "Cyrillic x on the board", body: `{"game":"tictactoe","board":["х..","...","..."]}`, status: 422, location: "body.board[0]"},
		{name: "fullwidth x on the board", body: c4(rows(6, 7, map[int]string{5: "ｘ......"})), status: 422, location: "body.board[5]"},
		{name: "combining mark on a cell", body: "{\"game\":\"tictactoe\",\"board\":[\"x\u0301..\",\"...\",\"...\"]}", status: 422, location: "body.board[0]"},
		{name: "fullwidth move", body: `{"game":"gomoku","moves":["ｈ８"]}`, status: 422, location: "body.moves[0]"},
		{name: "right-to-left override in a move", body: "{\"game\":\"connect4\",\"moves\":[\"\u202e4\"]}", status: 422, location: "body.moves[0]"},
		{name: "case-folded field name", body: `{"GAME":"tictactoe","moves":[]}`, status: 400, location: "body.GAME"},
		{name: "Kelvin sign in a field name", body: "{\"game\":\"tictactoe\",\"moves\":[],\"depth\":1,\"\u212a\":1}", status: 400, location: "body.\u212a"},
		{name: "long s in a field name", body: "{\"game\":\"tictactoe\",\"moveſ\":[]}", status: 400, location: "body.moveſ"},
		{name: "duplicate field", body: `{"game":"gomoku","game":"tictactoe","moves":[]}`, status: 400, location: "body.game"},
		{name: "duplicate after tricky strings", body: `{"game":"tictactoe","moves":["]","\",{"],"moves":[]}`, status: 400, location: "body.moves"},
		{name: "escaped field name spelling moves", body: `{"game":"tictactoe","mov\u0065s":[]}`, status: 0},
		// Depth and timeout out of range.
		{name: "depth negative", body: `{"game":"gomoku","moves":[],"depth":-3}`, status: 422, location: "body.depth"},
		{name: "depth zero", body: `{"game":"connect4","moves":[],"depth":0}`, status: 422, location: "body.depth"},
		{name: "depth past tic-tac-toe", body: `{"game":"tictactoe","moves":[],"depth":10}`, status: 422, location: "body.depth"},
		{name: "depth past connect4", body: `{"game":"connect4","moves":[],"depth":43}`, status: 422, location: "body.depth"},
		{name: "depth past gomoku", body: `{"game":"gomoku","moves":[],"depth":1000000}`, status: 422, location: "body.depth"},
		{name: "depth overflows", body: `{"game":"gomoku","moves":[],"depth":99999999999999999999}`, status: 400, location: "body.depth"},
		{name: "depth 1e9 as a float", body: `{"game":"tictactoe","moves":[],"depth":1e9}`, status: 400, location: "body.depth"},
		{name: "timeout zero", body: `{"game":"connect4","moves":[],"timeout_ms":0}`, status: 422, location: "body.timeout_ms"},
		{name: "timeout negative", body: `{"game":"gomoku","moves":[],"timeout_ms":-1}`, status: 422, location: "body.timeout_ms"},
		{name: "timeout huge", body: `{"game":"tictactoe","moves":[],"timeout_ms":9223372036854775807}`, status: 422, location: "body.timeout_ms"},
		{name: "timeout overflows", body: `{"game":"connect4","moves":[],"timeout_ms":18446744073709551616}`, status: 400, location: "body.timeout_ms"},
		// Boards of the wrong shape.
		{name: "tic-tac-toe short row", body: `{"game":"tictactoe","board":["..","...","..."]}`, status: 422, location: "body.board[0]"},
		{name: "connect4 long row", body: c4(rows(6, 7, map[int]string{3: "........"})), status: 422, location: "body.board[3]"},
		{name: "connect4 seven rows", body: c4(rows(7, 7, nil)), status: 422, location: "body.board"},
		{name: "connect4 no rows", body: c4(`[]`), status: 422, location: "body.board"},
		{name: "gomoku short row", body: gm(rows(15, 15, map[int]string{7: "..............", 8: "..............."})), status: 422, location: "body.board[7]"},
		{name: "gomoku 8 rows", body: gm(rows(8, 8, nil)), status: 422, location: "body.board"},
		{name: "gomoku size disagrees", body: `{"game":"gomoku","board":` + rows(15, 15, nil) + `,"size":13}`, status: 422, location: "body.size"},
		{name: "gomoku size too small", body: `{"game":"gomoku","moves":[],"size":4}`, status: 422, location: "body.size"},
		// Illegal stone counts.
		{name: "tic-tac-toe two x", body: `{"game":"tictactoe","board":["xx.","...","..."]}`, status: 422, location: "body.board"},
		{name: "connect4 o ahead", body: c4(rows(6, 7, map[int]string{5: "oo....."})), status: 422, location: "body.board"},
		{name: "gomoku x three ahead", body: gm(rows(15, 15, map[int]string{7: "xxx............"})), status: 422, location: "body.board"},
		{name: "to_move against the counts", body: `{"game":"connect4","moves":["4"],"to_move":"x"}`, status: 422, location: "body.to_move"},
		{name: "connect4 floating stone", body: c4(rows(6, 7, map[int]string{0: "x......", 5: "o......"})), status: 422, location: "body.board[0]"},
		// Positions already decided.
		{name: "tic-tac-toe won", body: `{"game":"tictactoe","board":["ooo","xx.","x.."]}`, status: 422, location: "body.board"},
		{name: "connect4 four in a column", body: `{"game":"connect4","moves":["1","2","1","2","1","2","1"]}`, status: 422, location: "body.moves"},
		{name: "gomoku five", body: gm(rows(15, 15, map[int]string{0: "xxxxx..........", 1: "oooo..........."})), status: 422, location: "body.board"},
		{name: "standard gomoku six", body: `{"game":"gomoku","rule":"freestyle","board":` + rows(15, 15, map[int]string{0: "xxx.xx.........", 1: "oooo..........."}) + `}`, status: 0},
		// Illegal move sequences and duplicated moves.
		{name: "tic-tac-toe duplicate move", body: `{"game":"tictactoe","moves":["a1","b2","a1"]}`, status: 422, location: "body.moves[2]"},
		{name: "connect4 full column", body: `{"game":"connect4","moves":["3","3","3","3","3","3","3"]}`, status: 422, location: "body.moves[6]"},
		{name: "connect4 column zero", body: `{"game":"connect4","moves":["0"]}`, status: 422, location: "body.moves[0]"},
		{name: "connect4 letter", body: `{"game":"connect4","moves":["d"]}`, status: 422, location: "body.moves[0]"},
		{name: "gomoku duplicate move", body: `{"game":"gomoku","moves":["h8","a1","h8"]}`, status: 422, location: "body.moves[2]"},
		{name: "gomoku move after five", body: `{"game":"gomoku","moves":["a1","b1","a2","b2","a3","b3","a4","b4","a5","b5"]}`, status: 422, location: "body.moves[9]"},
		{name: "gomoku row zero", body: `{"game":"gomoku","moves":["h0"]}`, status: 422, location: "body.moves[0]"},
		{name: "empty notation", body: `{"game":"tictactoe","moves":[""]}`, status: 422, location: "body.moves[0]"},
		{name: "notation with spaces", body: `{"game":"tictactoe","moves":[" b2"]}`, status: 422, location: "body.moves[0]"},
		// Unknown fields and options a game does not take.
		{name: "unknown field", body: `{"game":"connect4","moves":[],"player":"x"}`, status: 400, location: "body.player"},
		{name: "rule for tic-tac-toe", body: `{"game":"tictactoe","moves":[],"rule":"standard"}`, status: 422, location: "body.rule"},
		{name: "size for connect4", body: `{"game":"connect4","moves":[],"size":7}`, status: 422, location: "body.size"},
		{name: "unknown gomoku rule", body: `{"game":"gomoku","moves":[],"rule":"caro"}`, status: 422, location: "body.rule"},
		// Content types and methods.
		{name: "form body", contentType: "application/x-www-form-urlencoded", body: `game=tictactoe`, status: 415, location: "header.Content-Type"},
		{name: "multipart", contentType: "multipart/form-data; boundary=x", body: `--x--`, status: 415, location: "header.Content-Type"},
		{name: "utf-16 charset", contentType: "application/json; charset=utf-16", body: `{"game":"tictactoe","moves":[]}`, status: 415, location: "header.Content-Type"},
		{name: "unparsable content type", contentType: "application/json; ===", body: `{"game":"tictactoe","moves":[]}`, status: 415, location: "header.Content-Type"},
		{name: "no content type", contentType: "-", body: `{"game":"tictactoe","moves":[]}`, status: 415, location: "header.Content-Type"},
		{name: "GET /move", method: "GET", status: 405, location: "method"},
		{name: "PUT /move", method: "PUT", body: `{"game":"tictactoe","moves":[]}`, status: 405, location: "method"},
		{name: "DELETE /move", method: "DELETE", status: 405, location: "method"},
		{name: "PATCH /move", method: "PATCH", body: `{}`, status: 405, location: "method"},
		{name: "POST /games", path: "/games", body: `{}`, status: 405, location: "method"},
		{name: "unknown path", path: "/move/../../etc/passwd", status: 404, location: "path"},
		{name: "BOM before the body", body: "\ufeff{\"game\":\"tictactoe\",\"moves\":[]}", status: 400, location: "body"},
		{name: "trailing object", body: `{"game":"tictactoe","moves":[]}{"game":"connect4"}`, status: 400, location: "body"},
		{name: "empty body", body: ``, status: 400, location: "body"},
		{name: "truncated body", body: `{"game":"gomoku","moves":["h8",`, status: 400, location: "body"},
	}
}

// TestHostileRequests sends every hostile request and checks that each is
// answered with the expected 4xx problem naming the field at fault, that
// nothing reached a 5xx or a panic, and that the server still plays
// afterwards.
func TestHostileRequests(t *testing.T) {
	ts := newTestServer(t, api.Config{MaxTimeout: 10000 * 1e6})
	cases := hostileRequests()
	if len(cases) < 60 {
		t.Fatalf("only %d hostile requests", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			method, path, ct := http.MethodPost, "/move", "application/json"
			if tc.method != "" {
				method = tc.method
			}
			if tc.path != "" {
				path = tc.path
			}
			switch tc.contentType {
			case "":
			case "-":
				ct = ""
			default:
				ct = tc.contentType
			}
			r := ts.do(t, method, path, ct, []byte(tc.body))
			if tc.status == 0 { // a legal request among the hostile ones
				if r.status != http.StatusOK {
					t.Fatalf("status %d, want 200: %s", r.status, r.body)
				}
				return
			}
			if r.status != tc.status {
				t.Fatalf("status %d, want %d: %.300s", r.status, tc.status, r.body)
			}
			if got := r.header.Get("Content-Type"); got != "application/problem+json" {
				t.Errorf("Content-Type %q", got)
			}
			var p problem
			r.decode(t, &p)
			if p.Status != tc.status || p.Detail == "" || p.RequestID == "" || len(p.Errors) == 0 {
				t.Fatalf("problem %.300s: want status %d, a detail, a request id and errors", r.body, tc.status)
			}
			if e := p.Errors[0]; e.Location != tc.location || e.Message == "" {
				t.Errorf("errors[0] %s %q, want location %s: %.300s", e.Location, e.Message, tc.location, r.body)
			}
			if bytes.Contains(r.body, []byte("goroutine")) || bytes.Contains(r.body, []byte(".go:")) {
				t.Errorf("the problem leaks internals: %.300s", r.body)
			}
		})
	}
	m := ts.api.Metrics()
	if got := testutil.ToFloat64(m.Panics); got != 0 {
		t.Errorf("%v panics", got)
	}
	for _, code := range []string{"500", "502", "503", "504"} {
		if got := testutil.ToFloat64(m.HTTPRequests.WithLabelValues("/move", "POST", code)); got != 0 {
			t.Errorf("%v answers with %s", got, code)
		}
	}
	if r := ts.do(t, http.MethodGet, "/healthz", "", nil); r.status != http.StatusOK {
		t.Errorf("healthz %d after the hostile requests", r.status)
	}
	for _, body := range []string{`{"game":"tictactoe","moves":[]}`, `{"game":"connect4","moves":["4"]}`, `{"game":"gomoku","moves":["h8"],"depth":2}`} {
		if r := ts.post(t, body); r.status != http.StatusOK {
			t.Errorf("%s after the hostile requests: %d %s", body, r.status, r.body)
		}
	}
}
