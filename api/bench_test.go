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
	srv := quietServer(api.Config{})
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
	ts := newTestServer(b, api.Config{})
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
