package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"movesvc/api"
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
