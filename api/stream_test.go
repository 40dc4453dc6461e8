package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"movesvc/api"
	"movesvc/engine"
	"movesvc/engine/connect4"
	"movesvc/engine/enginetest"
	"movesvc/engine/gomoku"
	"movesvc/engine/tictactoe"
)

// sseEvent is one server-sent event.
type sseEvent struct {
	id, event, data string
}

// readEvent reads the next event from a stream; ok is false at its end.
func readEvent(t *testing.T, sc *bufio.Scanner) (ev sseEvent, ok bool) {
	t.Helper()
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			if ev.event != "" || ev.data != "" {
				return ev, true
			}
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "id":
			ev.id = value
		case "event":
			ev.event = value
		case "data":
			ev.data += value
		}
	}
	return ev, false
}

// checkSchema validates a JSON document against a component schema of
// openapi.yaml.
func checkSchema(t *testing.T, name, data string) {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		t.Fatalf("%s event data %q: %v", name, data, err)
	}
	if err := loadSpec(t).Components.Schemas[name].Value.VisitJSON(v); err != nil {
		t.Errorf("%s event does not match openapi.yaml: %v\n%s", name, err, data)
	}
}

// openStream posts body to /move asking for server-sent events.
func openStream(t *testing.T, ctx context.Context, ts *testServer, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/move", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestStreamProgress reads a depth-limited search's events over a real
// connection: one progress event per iteration, depths 1 to 5, then a
// result event with the JSON answer's body.
func TestStreamProgress(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	body := `{"game":"tictactoe","moves":["a1"],"depth":5}`
	resp := openStream(t, context.Background(), ts, body)
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || ct != "text/event-stream" {
		t.Fatalf("status %d, content type %q", resp.StatusCode, ct)
	}
	sc := bufio.NewScanner(resp.Body)
	var depths []int
	var result string
	for {
		ev, ok := readEvent(t, sc)
		if !ok {
			break
		}
		switch ev.event {
		case "progress":
			checkSchema(t, "Progress", ev.data)
			var p struct {
				Depth int      `json:"depth"`
				PV    []string `json:"pv"`
				Move  struct {
					Notation string `json:"notation"`
				} `json:"move"`
			}
			if err := json.Unmarshal([]byte(ev.data), &p); err != nil {
				t.Fatal(err)
			}
			if len(p.PV) == 0 || p.PV[0] != p.Move.Notation {
				t.Errorf("progress %s: pv does not start with the move", ev.data)
			}
			depths = append(depths, p.Depth)
		case "result":
			checkSchema(t, "MoveResponse", ev.data)
			result = ev.data
		default:
			t.Errorf("unexpected event %q: %s", ev.event, ev.data)
		}
	}
	if want := []int{1, 2, 3, 4, 5}; !equalInts(depths, want) {
		t.Errorf("progress depths %v, want %v", depths, want)
	}
	if result == "" {
		t.Fatal("no result event")
	}
	// The result event is the JSON answer, timing aside.
	var streamed, plain moveResponse
	if err := json.Unmarshal([]byte(result), &streamed); err != nil {
		t.Fatal(err)
	}
	ts.post(t, body).decode(t, &plain)
	streamed.ElapsedMS, plain.ElapsedMS = 0, 0
	if a, b := mustJSON(t, streamed), mustJSON(t, plain); a != b {
		t.Errorf("result event %s, JSON answer %s", a, b)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestStreamSolverSendsOneProgress checks that a search that does not
// iterate (the Connect Four solver) still reports once before the result.
func TestStreamSolverSendsOneProgress(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	resp := openStream(t, context.Background(), ts, `{"game":"connect4","moves":["4","4","4","4"]}`)
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	var events []string
	for {
		ev, ok := readEvent(t, sc)
		if !ok {
			break
		}
		events = append(events, ev.event)
	}
	if strings.Join(events, ",") != "progress,result" {
		t.Errorf("events %v, want progress then result", events)
	}
}

// TestStreamRejectsAsProblem checks that a bad request asking for events
// gets the usual problem, not a stream.
func TestStreamRejectsAsProblem(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	r := ts.post(t, `{"game":"tictactoe","moves":[],"level":12}`, "Accept", "text/event-stream")
	if r.status != http.StatusUnprocessableEntity || r.header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("status %d %s: %s", r.status, r.header.Get("Content-Type"), r.body)
	}
}

// TestStreamClientCloseCancelsSearch starts a long gomoku search, reads its
// first progress event, hangs up, and checks that the search stops for it:
// counted as a cancellation, its slot free again.
func TestStreamClientCloseCancelsSearch(t *testing.T) {
	ts := newTestServer(t, api.Config{MaxSearches: 1, QueueSize: -1, MaxTimeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	resp := openStream(t, ctx, ts, `{"game":"gomoku","moves":["h8","h9","i9"],"depth":20,"timeout_ms":60000}`)
	sc := bufio.NewScanner(resp.Body)
	if ev, ok := readEvent(t, sc); !ok || ev.event != "progress" {
		t.Fatalf("first event %+v", ev)
	}
	cancel()
	resp.Body.Close()
	m := ts.api.Metrics()
	for start := time.Now(); testutil.ToFloat64(m.Cancellations.WithLabelValues("gomoku")) != 1; time.Sleep(time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatal("the search went on after the client hung up")
		}
	}
	for start := time.Now(); testutil.ToFloat64(m.SearchesInFlight) != 0; time.Sleep(time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatal("the search slot was not given back")
		}
	}
	if r := ts.post(t, `{"game":"tictactoe","moves":[]}`); r.status != http.StatusOK {
		t.Errorf("after the hang-up: status %d: %s", r.status, r.body)
	}
}

// TestStreamOnlyWhenAccepted checks the Accept header's reading: a stream
// for text/event-stream among other types, JSON when its quality is zero.
func TestStreamOnlyWhenAccepted(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	for accept, want := range map[string]string{
		"application/json, text/event-stream;q=0.5": "text/event-stream",
		"text/event-stream;q=0":                     "application/json",
		"application/json":                          "application/json",
		"*/*":                                       "application/json",
	} {
		req, err := http.NewRequest(http.MethodPost, ts.URL+"/move", strings.NewReader(`{"game":"tictactoe","moves":[]}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", accept)
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got := resp.Header.Get("Content-Type"); got != want {
			t.Errorf("Accept %q: status %d, %s, want %s: %s", accept, resp.StatusCode, got, want, body)
		}
	}
}

// readAll reads a stream's events to its end.
func readAll(t *testing.T, resp *http.Response) []sseEvent {
	t.Helper()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var events []sseEvent
	for {
		ev, ok := readEvent(t, sc)
		if !ok {
			return events
		}
		events = append(events, ev)
	}
}

// eventSchemas names the openapi.yaml schema of each event's data.
var eventSchemas = map[string]string{"progress": "Progress", "result": "MoveResponse", "error": "Problem"}

// checkEvents validates every event of a stream against openapi.yaml: a
// known event type, ids 1, 2, 3... in order, data of the event's schema.
func checkEvents(t *testing.T, events []sseEvent) {
	t.Helper()
	for i, ev := range events {
		name, ok := eventSchemas[ev.event]
		if !ok {
			t.Errorf("event %d: unknown type %q", i, ev.event)
			continue
		}
		if want := strconv.Itoa(i + 1); ev.id != want {
			t.Errorf("event %d (%s): id %q, want %s", i, ev.event, ev.id, want)
		}
		checkSchema(t, name, ev.data)
	}
}

// TestStreamEventsMatchSpecEveryGame streams a search of every game, with
// and without analysis, iterating and solving, and validates each event
// against openapi.yaml: progress events, then one result, last.
func TestStreamEventsMatchSpecEveryGame(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	for _, body := range []string{
		`{"game":"tictactoe","moves":["a1"],"depth":5}`,
		`{"game":"tictactoe","moves":["a1","b2"],"analysis":true,"level":3,"seed":5}`,
		`{"game":"connect4","moves":["4","4","4","4"]}`,
		`{"game":"connect4","moves":["4","4","3"],"depth":6,"analysis":true}`,
		`{"game":"connect4","moves":["2","2","3","2","1","4","6","1"],"analysis":true,"timeout_ms":60}`,
		`{"game":"gomoku","moves":["h8","h9","i9"],"depth":3}`,
		`{"game":"gomoku","moves":["h8","h9","i9"],"depth":2,"analysis":true,"multipv":3,"level":4,"seed":1}`,
	} {
		t.Run(body, func(t *testing.T) {
			resp := openStream(t, context.Background(), ts, body)
			defer resp.Body.Close()
			if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
				t.Fatalf("status %d, %s", resp.StatusCode, resp.Header.Get("Content-Type"))
			}
			events := readAll(t, resp)
			checkEvents(t, events)
			if len(events) < 2 {
				t.Fatalf("%d events, want progress then a result", len(events))
			}
			for _, ev := range events[:len(events)-1] {
				if ev.event != "progress" {
					t.Errorf("%s event before the end: %s", ev.event, ev.data)
				}
			}
			if last := events[len(events)-1]; last.event != "result" {
				t.Errorf("last event %s: %s, want the result", last.event, last.data)
			}
		})
	}
}

// panickyGame is a game whose search, a depth-2 search of its base game
// (reporting its iterations), panics once it has searched: a failure after
// the event stream has started.
type panickyGame struct{ base engine.Game }

func (g panickyGame) Name() string { return "panicky-" + g.base.Name() }

func (g panickyGame) Describe() engine.Description {
	d := g.base.Describe()
	d.Name = g.Name()
	d.Example = maps.Clone(d.Example)
	d.Example["game"] = g.Name()
	return d
}

func (g panickyGame) NewState(setup engine.Setup) (engine.State, error) {
	st, err := g.base.NewState(setup)
	if err != nil {
		return nil, err
	}
	return panickyState{st.(enginetest.PlacementState)}, nil
}

type panickyState struct{ enginetest.PlacementState }

func (s panickyState) Search(ctx context.Context, p engine.Limits) engine.Result {
	p.Depth = 2
	if _, ok := s.PlacementState.(*tictactoe.State); ok {
		engine.SearchTree(ctx, s.PlacementState, p) // a search, not the solution table's answer
	} else {
		engine.Search(ctx, s.PlacementState, p)
	}
	panic("test game: search exploded after searching")
}

// TestStreamPanicIsErrorEvent makes a streamed search panic, before its
// first iteration and, in every game, after its iterations: the stream ends
// with an error event (after the progress events sent, with nothing after
// it) holding a generic 500 problem with the request id, every event valid
// against openapi.yaml; the panic is counted and logged with the request
// id; the slot and the memory are given back and the server still plays.
func TestStreamPanicIsErrorEvent(t *testing.T) {
	exploding := newGatedGame("exploding")
	exploding.panics = true
	ts := newTestServer(t, api.Config{}, exploding, panickyGame{tictactoe.Game{}}, panickyGame{connect4.Game{}},
		panickyGame{gomoku.Game{}})
	m := ts.api.Metrics()
	for i, tc := range []struct {
		game, moves string
		progress    int
	}{
		{"exploding", `["a1"]`, 0},
		{"panicky-tictactoe", `["a1"]`, 2},
		{"panicky-connect4", `["4","4"]`, 2},
		{"panicky-gomoku", `["h8","h9"]`, 2},
	} {
		id := fmt.Sprintf("stream-boom-%d", i)
		req, err := http.NewRequest(http.MethodPost, ts.URL+"/move", strings.NewReader(`{"game":"`+tc.game+`","moves":`+tc.moves+`}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("X-Request-Id", id)
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		events := readAll(t, resp)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
			t.Fatalf("%s: status %d %s, want the stream's 200", tc.game, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		checkEvents(t, events)
		if len(events) != tc.progress+1 {
			t.Fatalf("%s: events %+v, want %d progress events then the error", tc.game, events, tc.progress)
		}
		for _, ev := range events[:tc.progress] {
			if ev.event != "progress" {
				t.Errorf("%s: %s event before the error", tc.game, ev.event)
			}
		}
		last := events[len(events)-1]
		var p problem
		if err := json.Unmarshal([]byte(last.data), &p); err != nil {
			t.Fatal(err)
		}
		if last.event != "error" || p.Status != http.StatusInternalServerError || p.Type != "/problems/internal-error" ||
			p.RequestID != id || p.Instance != "/move" || strings.Contains(last.data, "exploded") {
			t.Errorf("%s: last event %s %s, want a generic internal-error problem with the request id", tc.game, last.event, last.data)
		}
		if got := testutil.ToFloat64(m.Panics); got != float64(i+1) {
			t.Errorf("%s: panics metric %v, want %d", tc.game, got, i+1)
		}
		if !containsAll(ts.logs.String(), "search exploded", `"request_id":"`+id+`"`, "panic serving request") {
			t.Errorf("%s: the log does not have the panic with its request id", tc.game)
		}
	}
	if got := testutil.ToFloat64(m.SearchesInFlight); got != 0 {
		t.Errorf("searches in flight %v after the panics", got)
	}
	if got := testutil.ToFloat64(m.MemoryReserved); got != 0 {
		t.Errorf("memory reserved %v after the panics", got)
	}
	resp := openStream(t, context.Background(), ts, `{"game":"tictactoe","moves":[]}`)
	defer resp.Body.Close()
	if events := readAll(t, resp); len(events) == 0 || events[len(events)-1].event != "result" {
		t.Errorf("after the panics: events %+v, want a result", events)
	}
}

// TestStreamMemoryBudgetIsProblem fills the memory budget with a held
// search and asks for a stream whose deadline passes while it waits for
// memory: the answer is a 503 problem with Retry-After, as without the
// stream, not a 200 stream with an error event, and it is counted as a
// rejection.
func TestStreamMemoryBudgetIsProblem(t *testing.T) {
	gated := newGatedGame("gated")
	const budget = 9 << 20 // the smallest budget: one Connect Four search
	hungry := engine.WithSearchMemory(gated, func(engine.Limits) int64 { return budget })
	ts := newTestServer(t, api.Config{MaxSearches: 2, QueueSize: 1, QueueWait: time.Minute, MemoryBudget: budget}, hungry)
	m := ts.api.Metrics()
	done := make(chan int)
	go func() { done <- ts.post(t, `{"game":"gated","moves":[],"timeout_ms":5000}`).status }()
	<-gated.started
	before := testutil.ToFloat64(m.Rejections)
	r := ts.post(t, `{"game":"tictactoe","moves":[],"depth":3,"timeout_ms":30}`, "Accept", "text/event-stream")
	if r.status != http.StatusServiceUnavailable || r.header.Get("Content-Type") != "application/problem+json" || r.header.Get("Retry-After") == "" {
		t.Errorf("stream with no memory in time: %d %s %s", r.status, r.header.Get("Content-Type"), r.body)
	}
	var p problem
	r.decode(t, &p)
	if p.Type != "/problems/overloaded" {
		t.Errorf("problem %s, want overloaded", r.body)
	}
	if got := testutil.ToFloat64(m.Rejections); got != before+1 {
		t.Errorf("rejections %v, want %v", got, before+1)
	}
	close(gated.gate)
	if s := <-done; s != http.StatusOK {
		t.Errorf("the held search answered %d", s)
	}
	if got := testutil.ToFloat64(m.MemoryReserved); got != 0 {
		t.Errorf("memory reserved %v afterwards", got)
	}
}

// TestStreamFreesItsSlotBeforeTheResult checks that a stream gives its
// search slot back before it sends the "result" event: a client that reads
// the result and sends its next request at once, to a server with one
// slot and no queue (where a request that finds the slot taken is refused
// at once), is answered, not refused.
func TestStreamFreesItsSlotBeforeTheResult(t *testing.T) {
	for i := range 20 {
		ts := newTestServer(t, api.Config{MaxSearches: 1, QueueSize: -1})
		resp := openStream(t, context.Background(), ts, `{"game":"tictactoe","moves":[]}`)
		sc := bufio.NewScanner(resp.Body)
		for {
			ev, ok := readEvent(t, sc)
			if !ok {
				t.Fatal("the stream ended without a result event")
			}
			if ev.event == "result" {
				break
			}
		}
		// The stream's connection stays open: the next request is at once.
		r := ts.post(t, `{"game":"tictactoe","moves":["b2"]}`)
		resp.Body.Close()
		if r.status != http.StatusOK {
			t.Fatalf("request %d right after a stream's result: status %d: %s", i, r.status, r.body)
		}
	}
}
