package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"movesvc/api"
)

// FuzzMoves sends arbitrary bodies to POST /moves. Whatever the body, the
// answer is a 200 with one result per request, each a move or a problem,
// or a 4xx problem: never a 5xx, never a panic.
func FuzzMoves(f *testing.F) {
	for _, seed := range []string{
		`{"requests":[{"game":"tictactoe","moves":[]},{"game":"shogi"}]}`,
		`{"requests":[{"game":"connect4","moves":["4"],"level":2,"seed":1},null,1,"x",[]],"timeout_ms":50}`,
		`{"requests":[{"game":"tictactoe","moves":["a1"],"analysis":true,"multipv":2}]}`,
		`{"requests":[]}`, `{"requests":null}`, `{}`, `[]`, `{"requests":[{"game":"gomoku","moves":["h8"],"depth":2}]}`,
	} {
		f.Add([]byte(seed))
	}
	srv := quietServer(api.Config{MaxTimeout: 200e6, DefaultTimeout: 50e6, MaxBatch: 4})
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest(http.MethodPost, "/moves", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		switch rec.Code {
		case http.StatusOK:
			var got struct {
				Results []struct {
					Index   int `json:"index"`
					Status  int `json:"status"`
					Result  *struct{ Move struct{ Notation string } }
					Problem *struct {
						Status int    `json:"status"`
						Detail string `json:"detail"`
					}
				} `json:"results"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || len(got.Results) == 0 {
				t.Fatalf("200 without results: %s", rec.Body)
			}
			for i, r := range got.Results {
				ok := r.Index == i && (r.Status == 200 && r.Result != nil && r.Result.Move.Notation != "" ||
					r.Status >= 400 && r.Status < 500 && r.Problem != nil && r.Problem.Status == r.Status && r.Problem.Detail != "")
				if !ok {
					t.Fatalf("result %d: %s", i, rec.Body)
				}
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
