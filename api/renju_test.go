package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"movesvc/api"
)

// TestRenjuEndToEnd asks POST /move, a batch of /moves and a stream of
// /move for black's move in positions where black's freestyle win is a
// point renju forbids (a double three, a double four): freestyle answers
// that point; renju answers, the same way on all three paths, a move that
// POST /position lists as legal, never a forbidden one, and still wins.
//
// The deadline is out of reach, so that the root threat search, which
// stops at a share of the time left, ends by its node budget alone and the
// answers do not depend on the machine's speed.
func TestRenjuEndToEnd(t *testing.T) {
	ts := newTestServer(t, api.Config{DefaultTimeout: 10 * time.Minute, MaxTimeout: 10 * time.Minute})
	for _, tc := range []struct{ name, moves, point string }{
		{"double three", `["f8","a1","g8","c1","h6","e1","h7","a15"]`, "h8"},
		{"double four", `["e8","a1","f8","c1","g8","e1","i5","a15","i6","c15","i7","e15"]`, "i8"},
	} {
		req := func(rule string) string {
			return `{"game":"gomoku","rule":"` + rule + `","moves":` + tc.moves + `,"depth":4}`
		}
		var free moveResponse
		ts.post(t, req("freestyle")).decode(t, &free)
		if free.Move.Notation != tc.point {
			t.Fatalf("%s, freestyle: %s, want %s (the test needs a position whose freestyle answer renju forbids)",
				tc.name, free.Move.Notation, tc.point)
		}
		pos := postPosition(t, ts, `{"game":"gomoku","rule":"renju","moves":`+tc.moves+`}`)
		forbidden := map[string]bool{}
		for _, m := range pos.Forbidden {
			forbidden[m.Notation] = true
		}
		if !forbidden[tc.point] {
			t.Fatalf("%s, renju: POST /position forbids %v, not %s", tc.name, pos.Forbidden, tc.point)
		}

		var one moveResponse
		ts.post(t, req("renju")).decode(t, &one)
		var batch batchResponse
		ts.postBatch(t, `{"requests":[`+req("renju")+`]}`).decode(t, &batch)
		if len(batch.Results) != 1 || batch.Results[0].Result == nil {
			t.Fatalf("%s, renju batch: %+v", tc.name, batch)
		}
		streamed := streamResult(t, ts, req("renju"))
		for path, got := range map[string]moveResponse{"/move": one, "/moves": *batch.Results[0].Result, "stream": streamed} {
			m := got.Move.Notation
			if forbidden[m] || !slices.Contains(pos.legal(), m) || got.Outcome != "win" {
				t.Errorf("%s, renju %s: %s (%s), want a legal winning move, not one of %v", tc.name, path, m, got.Outcome, pos.Forbidden)
			}
			if m != one.Move.Notation {
				t.Errorf("%s, renju %s: %s, /move answers %s", tc.name, path, m, one.Move.Notation)
			}
		}
	}
}

// streamResult returns the result event of a stream of /move for body.
func streamResult(t *testing.T, ts *testServer, body string) moveResponse {
	t.Helper()
	resp := openStream(t, context.Background(), ts, body)
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("stream of %s: status %d", body, resp.StatusCode)
	}
	sc := bufio.NewScanner(resp.Body)
	for {
		ev, ok := readEvent(t, sc)
		if !ok {
			t.Fatalf("stream of %s ended without a result", body)
		}
		if ev.event == "result" {
			var m moveResponse
			if err := json.NewDecoder(strings.NewReader(ev.data)).Decode(&m); err != nil {
				t.Fatal(err)
			}
			return m
		}
	}
}
