package api_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"movesvc/api"
)

// BenchmarkMoveHandler is one POST /move through the whole handler stack
// (middleware, decoding, validation, search, encoding) without the network.
func BenchmarkMoveHandler(b *testing.B) {
	srv := quietServer(api.Config{ResultCache: -1})
	body := []byte(`{"game":"tictactoe","board":["x.o","...","..."]}`)
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/move", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
}

// BenchmarkMoveRoundTrip is one POST /move over a loopback connection.
func BenchmarkMoveRoundTrip(b *testing.B) {
	ts := newTestServer(b, api.Config{ResultCache: -1})
	body := []byte(`{"game":"tictactoe","board":["x.o","...","..."]}`)
	client := ts.Client()
	b.ReportAllocs()
	for b.Loop() {
		resp, err := client.Post(ts.URL+"/move", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("status %d", resp.StatusCode)
		}
	}
}

// BenchmarkMoveGames is one POST /move per game through the handler stack,
// reporting the bytes and allocations per request: the transposition
// tables (1 MiB for tic-tac-toe and gomoku, 2 MiB for the Connect Four
// solver) are reused from the memory budget and do not appear per request.
func BenchmarkMoveGames(b *testing.B) {
	for _, bc := range []struct{ name, body string }{
		{"tictactoe", `{"game":"tictactoe","moves":[]}`},
		{"connect4-book", `{"game":"connect4","moves":["4","4","4","4"]}`},
		{"connect4-depth8", `{"game":"connect4","moves":["4","4","3"],"depth":8}`},
		{"gomoku-depth3", `{"game":"gomoku","moves":["h8","h9","i9"],"depth":3}`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			srv := quietServer(api.Config{MaxSearches: 1, ResultCache: -1})
			body := []byte(bc.body)
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, "/move", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("status %d: %s", rec.Code, rec.Body)
				}
			}
		})
	}
}
