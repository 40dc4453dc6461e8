package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"movesvc/api"
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
		resp.Body.Close()
		if got := resp.Header.Get("Content-Type"); got != want {
			t.Errorf("Accept %q: %s, want %s", accept, got, want)
		}
	}
}
