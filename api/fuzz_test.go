package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"movesvc/api"
	"movesvc/engine/games"
)

// FuzzMove sends arbitrary bodies to POST /move. Whatever the body, the
// answer is a 200 move or a 4xx problem naming what is wrong: never a 5xx,
// never a panic.
func FuzzMove(f *testing.F) {
	for _, seed := range []string{
		`{"game":"tictactoe","board":["x.o","...","..."]}`,
		`{"game":"tictactoe","moves":["b2","a3"],"to_move":"x","depth":3,"timeout_ms":50}`,
		`{"game":"tictactoe","moves":[]}`,
		`{"game":"tictactoe","board":["xxx","oo.","..."]}`,
		`{"game":"tictactoe","board":null,"moves":null}`,
		`{"game":1}`, `[]`, `{`, `{"game":"tictactoe","moves":[1e99]}`, `{"depth":-1}`,
		`{"game":"tictactoe","moves":[],"x":{"y":[[[[]]]]}}`, "{\"game\":\"tic\u0000tactoe\"}",
		`{"game":"backgammon","moves":["31","8/5 6/5","double","take"],"dice":[4,2],"depth":1}`,
		`{"game":"backgammon","position":"4HPwAVDMzuADIA:MBkAAAAAAAAA","depth":1}`,
	} {
		f.Add([]byte(seed))
	}
	srv := quietServer(api.Config{MaxTimeout: 200e6, DefaultTimeout: 50e6})
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest(http.MethodPost, "/move", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		switch rec.Code {
		case http.StatusOK:
			var got struct {
				Move struct{ Notation string } `json:"move"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Move.Notation == "" {
				t.Fatalf("200 without a move: %s", rec.Body)
			}
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnprocessableEntity:
			var p struct {
				Status int    `json:"status"`
				Detail string `json:"detail"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Status != rec.Code || p.Detail == "" {
				t.Fatalf("%d with a bad problem body: %s", rec.Code, rec.Body)
			}
		default:
			t.Fatalf("body %q: status %d: %s", body, rec.Code, rec.Body)
		}
	})
}

// FuzzHTTP sends arbitrary requests (method, path, content type, body) to
// the whole handler: every answer is a 2xx or a 4xx problem (a problem's
// status matches its body), never a 5xx, and no panic is recovered.
func FuzzHTTP(f *testing.F) {
	for _, seed := range []struct{ method, path, ct, body string }{
		{"POST", "/move", "application/json", `{"game":"connect4","moves":["4","4"]}`},
		{"POST", "/move", "application/json", `{"game":"gomoku","moves":["h8"],"size":9,"rule":"standard","depth":1}`},
		{"POST", "/move", "application/problem+json", `{"game":"tictactoe","board":["x..","...","..."]}`},
		{"POST", "/move", "text/plain", `{}`},
		{"GET", "/games", "", ``},
		{"GET", "/healthz", "", ``},
		{"GET", "/readyz", "", ``},
		{"PUT", "/move", "application/json", `{}`},
		{"GET", "/nowhere/%2e%2e/", "", ``},
		{"OPTIONS", "*", "", ``},
		{"POST", "/move?x=1", "application/json; charset=UTF-8", `{"GAME":"tictactoe","moves":[]}`},
	} {
		f.Add(seed.method, seed.path, seed.ct, []byte(seed.body))
	}
	reg := prometheus.NewRegistry()
	srv := api.New(api.Config{MaxTimeout: 200e6, DefaultTimeout: 50e6}, games.Registry(), slog.New(slog.NewTextHandler(io.Discard, nil)), reg, reg)
	f.Fuzz(func(t *testing.T, method, path, ct string, body []byte) {
		req, err := http.NewRequest(method, "http://movesvc"+path, bytes.NewReader(body))
		if err != nil || path == "/metrics" || req.URL.Path == "/metrics" {
			return // not a request a client can send; /metrics is not JSON
		}
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		req.RequestURI = req.URL.RequestURI()
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		switch {
		case rec.Code >= 200 && rec.Code < 300:
		case rec.Code >= 400 && rec.Code < 500:
			var p struct {
				Status int    `json:"status"`
				Detail string `json:"detail"`
			}
			if rec.Header().Get("Content-Type") != "application/problem+json" ||
				json.Unmarshal(rec.Body.Bytes(), &p) != nil || p.Status != rec.Code || p.Detail == "" {
				t.Fatalf("%s %q: %d with a bad problem: %s", method, path, rec.Code, rec.Body)
			}
		default:
			t.Fatalf("%s %q %q %q: status %d: %s", method, path, ct, body, rec.Code, rec.Body)
		}
		if n := testutil.ToFloat64(srv.Metrics().Panics); n != 0 {
			t.Fatalf("%s %q: %v panics recovered", method, path, n)
		}
	})
}
