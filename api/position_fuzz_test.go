package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"movesvc/api"
)

// FuzzPosition sends arbitrary bodies to POST /position. Whatever the
// body, the answer is a 200 position (over exactly when it lists no legal
// move, a winner only when over) or a 4xx problem naming what is wrong:
// never a 5xx, never a panic.
func FuzzPosition(f *testing.F) {
	for _, seed := range []string{
		`{"game":"tictactoe","moves":["b2","a1","a2","c1","c2"]}`,
		`{"game":"tictactoe","board":["x.o","...","..."]}`,
		`{"game":"connect4","moves":["4","4","4","4","4","4","4"]}`,
		`{"game":"gomoku","rule":"standard","size":9,"moves":["a1","e5","b1"]}`,
		`{"game":"gomoku","board":["x........","........."]}`,
		`{"game":"tictactoe","moves":[],"level":1}`, `{"game":"tictactoe"}`, `{}`, `[]`, `{`, `null`,
	} {
		f.Add([]byte(seed))
	}
	srv := quietServer(api.Config{})
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest(http.MethodPost, "/position", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		switch rec.Code {
		case http.StatusOK:
			var p positionAnswer
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || len(p.Board) == 0 ||
				p.Over != (len(p.LegalMoves) == 0) || p.Winner != "" && !p.Over {
				t.Fatalf("200 with an inconsistent position (%v): %s", err, rec.Body)
			}
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnprocessableEntity:
			var p problem
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Status != rec.Code || p.Detail == "" || len(p.Errors) == 0 {
				t.Fatalf("%d with a bad problem body: %s", rec.Code, rec.Body)
			}
		default:
			t.Fatalf("body %q: status %d: %s", body, rec.Code, rec.Body)
		}
	})
}
