package api_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"movesvc/api"
	"movesvc/internal/race"
)

// TestMain checks that no test leaves a goroutine behind, and exits
// without the race runtime's second of sleep (race.Exit).
func TestMain(m *testing.M) { goleak.VerifyTestMain(m, goleak.Cleanup(race.Exit)) }

func TestMoveFromBoard(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	r := ts.post(t, `{"game":"tictactoe","board":["x.o","...","..."]}`)
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var got moveResponse
	r.decode(t, &got)
	// x on a3, o on c3: x wins by force with its 4th stone, 7 stones in all.
	if got.Game != "tictactoe" || got.ToMove != "x" || got.Outcome != "win" || !got.Complete {
		t.Errorf("got %+v, want a proved win for x", got)
	}
	if got.PliesToEnd == nil || *got.PliesToEnd != 5 || got.Score != 2 {
		t.Errorf("plies_to_end %v score %d, want 5 plies (7 stones at the end) and score (11-7)/2 = 2", deref(got.PliesToEnd), got.Score)
	}
	if len(got.PV) == 0 || got.PV[0] != got.Move.Notation {
		t.Errorf("pv %v does not start with the move %s", got.PV, got.Move.Notation)
	}
	// The notation and the coordinates describe the same empty cell.
	notationRow := 3 - int(got.Move.Notation[1]-'0')
	notationCol := int(got.Move.Notation[0] - 'a')
	if notationRow != got.Move.Row || notationCol != got.Move.Col {
		t.Errorf("move %+v: notation and row/col disagree", got.Move)
	}
	if row := []string{"x.o", "...", "..."}[got.Move.Row]; row[got.Move.Col] != '.' {
		t.Errorf("move %+v is on a taken cell", got.Move)
	}
	// Answered from the solution table: no node searched, the depth of
	// the proof.
	if got.Nodes != 0 || got.Depth != 5 {
		t.Errorf("nodes %d depth %d, want 0 and 5", got.Nodes, got.Depth)
	}
}

func TestMoveFromMoves(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	var empty moveResponse
	ts.post(t, `{"game":"tictactoe","moves":[]}`).decode(t, &empty)
	if empty.Outcome != "draw" || empty.Score != 0 || empty.PliesToEnd == nil || *empty.PliesToEnd != 9 || empty.Depth != 9 || !empty.Complete {
		t.Errorf("empty board: %+v, want a proved draw searched to depth 9", empty)
	}
	// Centre, then an edge: o has lost already.
	var lost moveResponse
	r := ts.post(t, `{"game":"tictactoe","moves":["B2","a2"],"to_move":"x"}`)
	r.decode(t, &lost)
	if lost.Outcome != "win" || lost.ToMove != "x" {
		t.Errorf("after b2 a2: %+v, want x to win", lost)
	}
}

func TestDepthLimitedSearch(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	var first moveResponse
	ts.post(t, `{"game":"tictactoe","moves":["a1"],"depth":2}`).decode(t, &first)
	if first.Depth != 2 || !first.Complete || first.Outcome != "unknown" || first.PliesToEnd != nil {
		t.Fatalf("depth 2: %+v", first)
	}
	for range 5 {
		var again moveResponse
		ts.post(t, `{"game":"tictactoe","moves":["a1"],"depth":2}`).decode(t, &again)
		if again.Move != first.Move || again.Score != first.Score || !slices.Equal(again.PV, first.PV) {
			t.Fatalf("same request, different answers: %+v and %+v", first, again)
		}
	}
}

func TestRequestID(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	r := ts.post(t, `{"game":"tictactoe","moves":[]}`, "X-Request-Id", "abc-123")
	if got := r.header.Get("X-Request-Id"); got != "abc-123" {
		t.Errorf("X-Request-Id %q, want the caller's abc-123", got)
	}
	r = ts.post(t, `{"game":"nope","moves":[]}`, "X-Request-Id", "bad id with spaces")
	id := r.header.Get("X-Request-Id")
	if id == "" || id == "bad id with spaces" {
		t.Errorf("X-Request-Id %q, want a generated one", id)
	}
	var p problem
	r.decode(t, &p)
	if p.RequestID != id || p.Instance != "/move" {
		t.Errorf("problem request_id %q instance %q, want %q and /move", p.RequestID, p.Instance, id)
	}
	if !strings.Contains(ts.logs.String(), `"request_id":"abc-123"`) {
		t.Errorf("the access log does not carry the request id")
	}
}

// TestErrors sends each kind of bad request and checks its status, problem
// type and the field it names.
func TestErrors(t *testing.T) {
	ts := newTestServer(t, api.Config{MaxTimeout: 5000 * 1e6})
	big := `{"game":"tictactoe","moves":[` + strings.Repeat(`"a1",`, 20000) + `"a1"]}`
	tests := []struct {
		name        string
		method      string
		contentType string
		body        string
		status      int
		typ         string
		location    string // "" for problems without a field
		message     string
	}{
		{"syntax", "", "", `{"game":`, 400, "malformed-request", "", "middle of a JSON value"},
		{"not json", "", "", `hello`, 400, "malformed-request", "", "not valid JSON"},
		{"empty body", "", "", ``, 400, "malformed-request", "", "empty"},
		{"array body", "", "", `[]`, 400, "malformed-request", "body", "JSON object"},
		{"trailing data", "", "", `{"game":"tictactoe","moves":[]} {}`, 400, "malformed-request", "", "single JSON object"},
		{"game not a string", "", "", `{"game":1,"moves":[]}`, 400, "malformed-request", "body.game", "must be a string"},
		{"depth a string", "", "", `{"game":"tictactoe","moves":[],"depth":"3"}`, 400, "malformed-request", "body.depth", "must be an integer"},
		{"depth a fraction", "", "", `{"game":"tictactoe","moves":[],"depth":1.5}`, 400, "malformed-request", "body.depth", "integer"},
		{"board a string", "", "", `{"game":"tictactoe","board":"x.o"}`, 400, "malformed-request", "body.board", "array of strings"},
		{"move not a string", "", "", `{"game":"tictactoe","moves":[4]}`, 400, "malformed-request", "body.moves[0]", "string"},
		{"unknown field", "", "", `{"game":"tictactoe","moves":[],"colour":"x"}`, 400, "malformed-request", "body.colour", "not a field"},
		{"text/plain", "", "text/plain", `{"game":"tictactoe","moves":[]}`, 415, "unsupported-media-type", "header.Content-Type", "application/json"},
		{"no content type", "", "-", `{"game":"tictactoe","moves":[]}`, 415, "unsupported-media-type", "header.Content-Type", "application/json"},
		{"latin-1", "", "application/json; charset=latin1", `{"game":"tictactoe","moves":[]}`, 415, "unsupported-media-type", "header.Content-Type", ""},
		{"too large", "", "", big, 413, "body-too-large", "", "at most 65536 bytes"},
		{"no game", "", "", `{"moves":[]}`, 422, "invalid-request", "body.game", "is required"},
		{"unknown game", "", "", `{"game":"shogi","moves":[]}`, 422, "invalid-request", "body.game", "must be one of: backgammon, chess, connect4, gomoku, kalah, tictactoe"},
		{"neither board nor moves", "", "", `{"game":"tictactoe"}`, 422, "invalid-request", "body.board", "board"},
		{"null board", "", "", `{"game":"tictactoe","board":null}`, 422, "invalid-request", "body.board", "board"},
		{"both board and moves", "", "", `{"game":"tictactoe","board":["...","...","..."],"moves":[]}`, 422, "invalid-request", "body.moves", "not both"},
		{"too few rows", "", "", `{"game":"tictactoe","board":["...","..."]}`, 422, "invalid-request", "body.board", "3 rows"},
		{"long row", "", "", `{"game":"tictactoe","board":["....","...","..."]}`, 422, "invalid-request", "body.board[0]", "3 cells"},
		{"bad character", "", "", `{"game":"tictactoe","board":["...",".#.","..."]}`, 422, "invalid-request", "body.board[1]", "invalid cell"},
		{"impossible counts", "", "", `{"game":"tictactoe","board":["oo.","...","..."]}`, 422, "invalid-request", "body.board", "impossible stone counts"},
		{"already won", "", "", `{"game":"tictactoe","board":["xxx","oo.","..."]}`, 422, "invalid-request", "body.board", "already over"},
		{"full board", "", "", `{"game":"tictactoe","board":["xox","xoo","oxx"]}`, 422, "invalid-request", "body.board", "already over"},
		{"illegal move", "", "", `{"game":"tictactoe","moves":["b2","b2"]}`, 422, "invalid-request", "body.moves[1]", "already taken"},
		{"off-board move", "", "", `{"game":"tictactoe","moves":["d4"]}`, 422, "invalid-request", "body.moves[0]", "column"},
		{"move after the end", "", "", `{"game":"tictactoe","moves":["a1","a2","b1","b2","c1","c2"]}`, 422, "invalid-request", "body.moves[5]", "already over"},
		{"to_move inconsistent", "", "", `{"game":"tictactoe","moves":["b2"],"to_move":"x"}`, 422, "invalid-request", "body.to_move", "stone counts say"},
		{"to_move unknown", "", "", `{"game":"tictactoe","moves":[],"to_move":"y"}`, 422, "invalid-request", "body.to_move", "must be x or o"},
		{"to_move unknown to chess", "", "", `{"game":"chess","moves":[],"to_move":"red"}`, 422, "invalid-request", "body.to_move", "must be x or o, or white or black"},
		{"to_move the other side, by chess's name", "", "", `{"game":"chess","moves":["e4"],"to_move":"white"}`, 422, "invalid-request", "body.to_move", ""},
		{"to_move the other side, by Kalah's name", "", "", `{"game":"kalah","moves":["1"],"to_move":"south"}`, 422, "invalid-request", "body.to_move", ""},
		{"to_move too long", "", "", `{"game":"chess","moves":[],"to_move":"` + strings.Repeat("w", 17) + `"}`, 422, "invalid-request", "body.to_move", "at most 16 characters"},
		{"depth zero", "", "", `{"game":"tictactoe","moves":[],"depth":0}`, 422, "invalid-request", "body.depth", "at least 1"},
		{"depth too deep", "", "", `{"game":"tictactoe","moves":[],"depth":10}`, 422, "invalid-request", "body.depth", "at most 9"},
		{"timeout negative", "", "", `{"game":"tictactoe","moves":[],"timeout_ms":-5}`, 422, "invalid-request", "body.timeout_ms", "at least 1"},
		{"timeout too long", "", "", `{"game":"tictactoe","moves":[],"timeout_ms":5001}`, 422, "invalid-request", "body.timeout_ms", "at most 5000"},
		{"too many moves", "", "", `{"game":"tictactoe","moves":[` + strings.Repeat(`"a1",`, 1024) + `"a1"]}`, 422, "invalid-request", "body.moves", "at most 1024 items"},
		{"long notation", "", "", `{"game":"tictactoe","moves":["` + strings.Repeat("a", 33) + `"]}`, 422, "invalid-request", "body.moves[0]", "at most 32 characters"},
		{"unknown path", "GET /nowhere", "", ``, 404, "not-found", "", ""},
		{"wrong method", "GET /move", "", ``, 405, "method-not-allowed", "", "allowed: POST"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			method, path := http.MethodPost, "/move"
			if tc.method != "" {
				method, path, _ = strings.Cut(tc.method, " ")
			}
			ct := tc.contentType
			switch ct {
			case "":
				ct = "application/json"
			case "-":
				ct = ""
			}
			r := ts.do(t, method, path, ct, []byte(tc.body))
			if r.status != tc.status {
				t.Fatalf("status %d, want %d: %s", r.status, tc.status, r.body)
			}
			if ct := r.header.Get("Content-Type"); ct != "application/problem+json" {
				t.Errorf("Content-Type %q", ct)
			}
			var p problem
			r.decode(t, &p)
			if p.Status != tc.status || p.Type != "/problems/"+tc.typ || p.Title == "" || p.RequestID == "" {
				t.Errorf("problem %+v, want status %d type %s", p, tc.status, tc.typ)
			}
			if tc.location == "" {
				if !strings.Contains(p.Detail, tc.message) {
					t.Errorf("detail %q does not say %q", p.Detail, tc.message)
				}
				return
			}
			if len(p.Errors) == 0 {
				t.Fatalf("no errors in %s", r.body)
			}
			e := p.Errors[0]
			if e.Location != tc.location || !strings.Contains(e.Message, tc.message) {
				t.Errorf("error %s %q, want %s saying %q", e.Location, e.Message, tc.location, tc.message)
			}
		})
	}
	if r := ts.do(t, http.MethodDelete, "/games", "", nil); r.header.Get("Allow") != "GET, HEAD" {
		t.Errorf("405 for DELETE /games: Allow %q, want GET, HEAD", r.header.Get("Allow"))
	}
	// Nothing above reached the search or crashed the server.
	if r := ts.do(t, http.MethodGet, "/healthz", "", nil); r.status != http.StatusOK {
		t.Errorf("healthz %d after the bad requests", r.status)
	}
}

func TestGames(t *testing.T) {
	t.Parallel()
	// A short default deadline: the examples search until it, and any
	// deadline answers (the spec's max_timeout_ms is the maximum's).
	ts := newTestServer(t, api.Config{DefaultTimeout: 200 * time.Millisecond})
	r := ts.do(t, http.MethodGet, "/games", "", nil)
	var got struct {
		Games []struct {
			Name         string         `json:"name"`
			Rows         int            `json:"rows"`
			MaxDepth     int            `json:"max_depth"`
			MaxTimeoutMS int            `json:"max_timeout_ms"`
			Example      map[string]any `json:"example"`
		} `json:"games"`
	}
	r.decode(t, &got)
	if len(got.Games) == 0 {
		t.Fatal("no games")
	}
	for _, g := range got.Games {
		if g.Rows == 0 || g.MaxDepth == 0 || g.MaxTimeoutMS != 10000 || g.Example["game"] != g.Name {
			t.Errorf("game %+v is incomplete", g)
		}
		// Each example is a request that works.
		body, _ := jsonMarshal(g.Example)
		if r := ts.post(t, string(body)); r.status != http.StatusOK {
			t.Errorf("example for %s: %d %s", g.Name, r.status, r.body)
		}
	}
}

func TestHealthReadyOpenAPI(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	if r := ts.do(t, http.MethodGet, "/healthz", "", nil); r.status != 200 {
		t.Errorf("healthz %d", r.status)
	}
	if r := ts.do(t, http.MethodGet, "/readyz", "", nil); r.status != 200 {
		t.Errorf("readyz %d", r.status)
	}
	// Not ready (the shutdown delay): /readyz says so, searches are still
	// served. Drained: searches are refused.
	ts.api.SetReady(false)
	if r := ts.do(t, http.MethodGet, "/readyz", "", nil); r.status != 503 {
		t.Errorf("readyz while shutting down: %d", r.status)
	}
	if r := ts.post(t, `{"game":"tictactoe","moves":["a1"]}`); r.status != 200 {
		t.Errorf("move in the shutdown delay: %d %s, want 200 (a balancer may still send it)", r.status, r.body)
	}
	ts.api.Drain()
	if r := ts.do(t, http.MethodGet, "/readyz", "", nil); r.status != 503 {
		t.Errorf("readyz while draining: %d", r.status)
	}
	if r := ts.post(t, `{"game":"tictactoe","moves":[]}`); r.status != 503 || r.header.Get("Retry-After") == "" {
		t.Errorf("move while draining: %d, Retry-After %q", r.status, r.header.Get("Retry-After"))
	}
	r := ts.do(t, http.MethodGet, "/openapi.yaml", "", nil)
	if r.status != 200 || !strings.Contains(string(r.body), "openapi: 3.0.3") {
		t.Errorf("openapi.yaml: %d", r.status)
	}
}

// TestPositionFieldsFitTheGame: the fields that give a position in a
// game's own notation, or a roll of the dice, are refused, naming the
// field, by a game that has no such thing, and a position is not given
// beside a board; the dice are bounded as dice.
func TestPositionFieldsFitTheGame(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	for _, tc := range []struct{ name, body, location, msg string }{
		{"position", `{"game":"tictactoe","position":"x..","moves":[]}`, "body.position", "is not taken by tictactoe"},
		{"fen", `{"game":"gomoku","fen":"8/8/8/8/8/8/8/8 w - - 0 1"}`, "body.fen", "is taken by chess only"},
		{"both", `{"game":"tictactoe","position":"a","fen":"b"}`, "body.fen", "another name for position"},
		{"with board", `{"game":"tictactoe","position":"a","board":["...","...","..."]}`, "body.board", "cannot be given with a position"},
		{"dice", `{"game":"connect4","moves":[],"dice":[3,1]}`, "body.dice", "only applies to a game of dice"},
		{"die of 7", `{"game":"connect4","moves":[],"dice":[7,1]}`, "body.dice[0]", "at most 6"},
		{"five dice", `{"game":"connect4","moves":[],"dice":[1,1,1,1,1]}`, "body.dice", "at most 4"},
	} {
		for _, path := range []string{"/move", "/position"} {
			r := ts.do(t, "POST", path, "application/json", []byte(tc.body))
			var p problem
			r.decode(t, &p)
			if r.status != 422 || len(p.Errors) == 0 || p.Errors[0].Location != tc.location || !strings.Contains(p.Errors[0].Message, tc.msg) {
				t.Errorf("%s %s: %d %s, want 422 at %s saying %q", tc.name, path, r.status, r.body, tc.location, tc.msg)
			}
		}
	}
}

// TestUseTimeSearchesToTheDeepestDepth: use_time asks for the game's
// deepest depth, not its default; it is refused beside a depth; a game
// that proves its result still answers as soon as it has (tic-tac-toe's
// table).
func TestUseTimeSearchesToTheDeepestDepth(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	var mv moveResponse
	r := ts.post(t, `{"game":"tictactoe","moves":["b2"],"use_time":true}`)
	r.decode(t, &mv)
	if r.status != 200 || mv.Outcome != "draw" || !mv.Complete {
		t.Errorf("tic-tac-toe with use_time: %d %s", r.status, r.body)
	}
	r = ts.post(t, `{"game":"gomoku","moves":["h8","h9"],"use_time":true,"depth":3}`)
	var p problem
	r.decode(t, &p)
	if r.status != 422 || p.Errors[0].Location != "body.depth" || !strings.Contains(p.Errors[0].Message, "use_time") {
		t.Errorf("use_time with a depth: %d %s", r.status, r.body)
	}
	// A gomoku search to depth 20 cannot end in 30 ms: the answer says the
	// deadline stopped it, at a depth below the game's maximum.
	r = ts.post(t, `{"game":"gomoku","moves":["h8","h9","i9","g7"],"use_time":true,"timeout_ms":30}`)
	r.decode(t, &mv)
	if r.status != 200 || mv.Complete || mv.Depth >= 20 {
		t.Errorf("gomoku with use_time and 30 ms: %d %s", r.status, r.body)
	}
}

// TestToMoveTakesTheGamesSideNames: to_move takes x and o in either case
// and the names the game's answers give its sides (GET /games sides), so
// that a client can send back the to_move it was given.
func TestToMoveTakesTheGamesSideNames(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	for _, tc := range []struct{ body, want string }{
		{`{"game":"chess","moves":[],"to_move":"white","depth":1}`, "white"},
		{`{"game":"chess","moves":["e4"],"to_move":"Black","depth":1}`, "black"},
		{`{"game":"chess","moves":["e4"],"to_move":"O","depth":1}`, "black"},
		{`{"game":"kalah","moves":["1"],"to_move":"north","depth":1}`, "north"},
		{`{"game":"kalah","moves":["3"],"to_move":"south","depth":1}`, "south"},
		{`{"game":"tictactoe","moves":["b2"],"to_move":"o","depth":1}`, "o"},
	} {
		r := ts.post(t, tc.body)
		if r.status != http.StatusOK {
			t.Fatalf("%s: status %d: %s", tc.body, r.status, r.body)
		}
		var ans struct {
			ToMove string `json:"to_move"`
		}
		r.decode(t, &ans)
		if ans.ToMove != tc.want {
			t.Errorf("%s: the answer is for %q, want %q", tc.body, ans.ToMove, tc.want)
		}
	}
}
