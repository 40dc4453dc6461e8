package api_test

import (
	"fmt"
	"maps"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"movesvc/api"
	"movesvc/engine"
	"movesvc/engine/tictactoe"
)

// TestFieldGivenTwiceAfterManyFields: a field given twice is a 400 however
// many distinct fields come before it, in POST /move and in an item of
// POST /moves (the duplicate once slipped through after eight distinct
// fields, and the last value won).
func TestFieldGivenTwiceAfterManyFields(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	body := `{"game":"gomoku","moves":["h8"],"to_move":"o","depth":2,"timeout_ms":500,"analysis":true,"level":10,"seed":1,"size":15,"size":9}`
	var p problem
	r := ts.post(t, body)
	r.decode(t, &p)
	if r.status != http.StatusBadRequest || len(p.Errors) == 0 || p.Errors[0].Location != "body.size" {
		t.Errorf("POST /move: %d %s, want 400 at body.size", r.status, r.body)
	}
	r = ts.postBatch(t, `{"requests":[`+body+`]}`)
	var got batchResponse
	r.decode(t, &got)
	if r.status != http.StatusOK || len(got.Results) != 1 || got.Results[0].Status != http.StatusBadRequest ||
		got.Results[0].Problem == nil || len(got.Results[0].Problem.Errors) == 0 ||
		got.Results[0].Problem.Errors[0].Location != "body.requests[0].size" {
		t.Errorf("POST /moves: %d %s, want the item's 400 at body.requests[0].size", r.status, r.body)
	}
}

// TestProblemTypesAreDocumented: every problem's type is a URI relative to
// the service that dereferences to a page documenting it; an unknown one
// is a 404 problem.
func TestProblemTypesAreDocumented(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	for _, name := range []string{"malformed-request", "invalid-request", "unsupported-media-type", "body-too-large",
		"request-timeout", "not-found", "method-not-allowed", "overloaded", "shutting-down", "internal-error",
		"unauthorized", "key-limit", "rate-limited"} {
		r := ts.do(t, http.MethodGet, "/problems/"+name, "", nil)
		if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") ||
			!strings.Contains(string(r.body), "/problems/"+name) || !strings.Contains(string(r.body), "What to do") {
			t.Errorf("GET /problems/%s: %d %s", name, r.status, r.header.Get("Content-Type"))
		}
	}
	// The types the service answers with are among them.
	for _, body := range []string{`{"game":"shogi","moves":[]}`, `{`, `{"game":"tictactoe","moves":[],"bogus":1}`} {
		var p problem
		ts.post(t, body).decode(t, &p)
		if r := ts.do(t, http.MethodGet, p.Type, "", nil); r.status != http.StatusOK {
			t.Errorf("%s: problem type %s is not documented: %d", body, p.Type, r.status)
		}
	}
	if r := ts.do(t, http.MethodGet, "/problems/no-such-problem", "", nil); r.status != http.StatusNotFound {
		t.Errorf("an unknown problem type: %d, want 404", r.status)
	}
}

// TestProblemDetailsReadAsSentences: a problem's detail names the field as
// the client wrote it, then says what it must be; the position missing or
// given twice says which field to give, in the fields the game takes.
func TestProblemDetailsReadAsSentences(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	for _, tc := range []struct{ body, location, detail string }{
		{`{"game":"tictactoe"}`, "body.board", "board is required when moves is not given: give board (rows, top first) or moves (from the start)"},
		{`{"game":"chess"}`, "body.fen", "fen is required when moves is not given: give fen (a FEN), moves (from the start, [] for the start itself) or both"},
		{`{"game":"kalah"}`, "body.position", "position is required when moves is not given: give position (in the game's kalah notation, as GET /games says), moves (from the start, [] for the start itself) or both"},
		{`{"game":"backgammon"}`, "body.position", "position is required when moves is not given: give position (in the game's gnubg notation, as GET /games says), moves (from the start, [] for the start itself) or both"},
		{`{"game":"kalah","board":["4,4,4,4,4,4"]}`, "body.board", "board: kalah takes a position (its notation, such as 4,4,4,4,4,4:0/4,4,4,4,4,4:0/x) or moves, not board rows"},
		{`{"game":"tictactoe","board":["...","...","..."],"moves":[]}`, "body.moves", "moves cannot be given with board: give either board or moves, not both"},
		{`{"game":"tictactoe","moves":[],"depth":0}`, "body.depth", "depth must be at least 1"},
		{`{"game":"tictactoe","moves":[4,4]}`, "body.moves[0]", "moves[0] must be a string, not a JSON number"},
	} {
		var p problem
		ts.post(t, tc.body).decode(t, &p)
		if p.Detail != tc.detail || len(p.Errors) == 0 || p.Errors[0].Location != tc.location {
			t.Errorf("%s: detail %q at %v, want %q at %s", tc.body, p.Detail, p.Errors, tc.detail, tc.location)
		}
	}
}

// TestStoppedBy: every answer says what ended its search: a proof, the
// requested depth, the deadline, a weaker level's node limit (whose
// answers are therefore not complete, though no deadline came near), or
// no search at all (Gomoku's reply to a lone stone, at depth 0).
func TestStoppedBy(t *testing.T) {
	// A default deadline far beyond what the searches below take, so that
	// only the request that asks for 1 ms meets its deadline, however
	// loaded the machine.
	ts := newTestServer(t, api.Config{DefaultTimeout: 10 * time.Second})
	for _, tc := range []struct {
		body      string
		stoppedBy string
		complete  bool
	}{
		{`{"game":"tictactoe","moves":["a1"]}`, "solved", true},
		{`{"game":"connect4","moves":["4"]}`, "solved", true},
		{`{"game":"gomoku","moves":["h8","h9","i9"],"depth":2}`, "depth", true},
		{`{"game":"gomoku","moves":["h8"],"depth":4}`, "book", true},
		{`{"game":"gomoku","moves":["h8","h9"],"level":1,"seed":1}`, "nodes", false},
		{`{"game":"gomoku","moves":["j10","k11","k10","j11"],"size":19,"depth":20,"timeout_ms":1}`, "deadline", false},
	} {
		var got struct {
			Complete  bool   `json:"complete"`
			StoppedBy string `json:"stopped_by"`
		}
		r := ts.post(t, tc.body)
		r.decode(t, &got)
		if r.status != http.StatusOK || got.StoppedBy != tc.stoppedBy || got.Complete != tc.complete {
			t.Errorf("%s: %d, complete %v stopped by %q; want complete %v stopped by %q", tc.body, r.status, got.Complete, got.StoppedBy, tc.complete, tc.stoppedBy)
		}
	}
}

// optionGame is tic-tac-toe with two options of its own, neither of which
// api knows by name, and a record of the options each position was built
// with.
type optionGame struct {
	tictactoe.Game
	mu   sync.Mutex
	seen []map[string]any
}

func (g *optionGame) Name() string { return "options" }

func (g *optionGame) Describe() engine.Description {
	d := g.Game.Describe()
	d.Name = "options"
	d.Example = maps.Clone(d.Example)
	d.Example["game"] = "options"
	lo, hi := 1, 3
	d.Options = []string{"variant", "handicap"}
	d.OptionSchemas = map[string]engine.OptionSchema{
		"variant":  {Type: "string", Enum: []string{"classic", "misere"}, Default: "classic", Description: "the rules"},
		"handicap": {Type: "integer", Minimum: &lo, Maximum: &hi, Default: 1, Description: "stones given"},
	}
	return d
}

func (g *optionGame) NewState(setup engine.Setup) (engine.State, error) {
	g.mu.Lock()
	g.seen = append(g.seen, maps.Clone(setup.Options))
	g.mu.Unlock()
	return g.Game.NewState(setup)
}

// TestGameOptionsFromTheDescription: a game's options are checked by what
// its description says of them, so that a new game's options need nothing
// of api: values in range reach the game typed; a value out of range, of
// the wrong type, or an option of another game is refused naming the
// field; null is an option not given.
func TestGameOptionsFromTheDescription(t *testing.T) {
	g := &optionGame{}
	ts := newTestServer(t, api.Config{}, g)
	r := ts.post(t, `{"game":"options","moves":["b2"],"variant":"misere","handicap":3,"depth":1}`)
	if r.status != http.StatusOK {
		t.Fatalf("options in range: %d %s", r.status, r.body)
	}
	if last := g.seen[len(g.seen)-1]; fmt.Sprint(last) != "map[handicap:3 variant:misere]" {
		t.Errorf("the game got options %v, want variant misere and handicap 3", last)
	}
	if r := ts.post(t, `{"game":"options","moves":["b2"],"variant":null,"depth":1}`); r.status != http.StatusOK {
		t.Errorf("a null option: %d %s, want 200", r.status, r.body)
	}
	for _, tc := range []struct {
		body     string
		status   int
		location string
		message  string
	}{
		{`{"game":"options","moves":[],"variant":"chess960"}`, 422, "body.variant", "must be one of: classic, misere"},
		{`{"game":"options","moves":[],"handicap":4}`, 422, "body.handicap", "must be from 1 to 3"},
		{`{"game":"options","moves":[],"handicap":"2"}`, 400, "body.handicap", "must be an integer, not a JSON string"},
		{`{"game":"options","moves":[],"variant":7}`, 400, "body.variant", "must be a string, not a JSON number"},
		{`{"game":"options","moves":[],"rule":"standard"}`, 422, "body.rule", "is not an option of options (it takes: variant, handicap)"},
		{`{"game":"tictactoe","moves":[],"variant":"misere"}`, 422, "body.variant", "is not an option of tictactoe"},
		{`{"game":"options","moves":[],"Variant":"misere"}`, 400, "body.Variant", "is not a field of this request (field names are case-sensitive)"},
	} {
		var p problem
		r := ts.post(t, tc.body)
		r.decode(t, &p)
		if r.status != tc.status || len(p.Errors) == 0 || p.Errors[0].Location != tc.location || p.Errors[0].Message != tc.message {
			t.Errorf("%s: %d %s, want %d at %s saying %q", tc.body, r.status, r.body, tc.status, tc.location, tc.message)
		}
	}
}

// TestServerProblemsNameTheServer: a request refused for the server's sake
// (overload, shutting down) is a problem like any other, whose errors
// name the server as the place at fault, with a detail that says why:
// here a full wait queue.
func TestServerProblemsNameTheServer(t *testing.T) {
	gated := newGatedGame("gated")
	ts := newTestServer(t, api.Config{MaxSearches: 1, QueueSize: -1}, gated)
	held := make(chan response, 1)
	go func() { held <- ts.post(t, `{"game":"gated","moves":[],"timeout_ms":10000}`) }()
	<-gated.started
	var p problem
	r := ts.post(t, `{"game":"gated","moves":[],"timeout_ms":10000}`)
	r.decode(t, &p)
	if r.status != http.StatusServiceUnavailable || len(p.Errors) != 1 || p.Errors[0].Location != "server" ||
		!strings.Contains(p.Detail, "wait queue is taken") {
		t.Errorf("with the one slot held and no queue: %d %s, want 503 naming the server and the full queue", r.status, r.body)
	}
	close(gated.gate)
	if r := <-held; r.status != http.StatusOK {
		t.Fatalf("the held search: %d %s", r.status, r.body)
	}
	ts.api.Drain()
	r = ts.post(t, `{"game":"tictactoe","moves":[]}`)
	r.decode(t, &p)
	if r.status != http.StatusServiceUnavailable || p.Type != "/problems/shutting-down" || len(p.Errors) != 1 || p.Errors[0].Location != "server" {
		t.Errorf("shutting down: %d %s, want 503 naming the server", r.status, r.body)
	}
}
