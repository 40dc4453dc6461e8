package main

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/tictactoe"
)

func TestCORSOriginsFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want []string
	}{
		{nil, nil, []string{"*"}},
		{nil, map[string]string{"MOVESVC_CORS_ORIGINS": "https://app.example.org, http://localhost:3000"},
			[]string{"https://app.example.org", "http://localhost:3000"}},
		{[]string{"-cors-origins", "https://a.example"}, map[string]string{"MOVESVC_CORS_ORIGINS": "https://b.example"}, []string{"https://a.example"}},
		{[]string{"-cors-origins="}, nil, nil},
	} {
		c, err := ParseFlags(tc.args, env(tc.env), io.Discard)
		if err != nil || !slices.Equal(c.API.CORSOrigins, tc.want) {
			t.Errorf("ParseFlags(%q, %v): origins %q, %v; want %q", tc.args, tc.env, c.API.CORSOrigins, err, tc.want)
		}
	}
	_, err := ParseFlags(nil, env(map[string]string{"MOVESVC_CORS_ORIGINS": "https://app.example.org/page"}), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "cors-origins") || !strings.Contains(err.Error(), "app.example.org/page") {
		t.Errorf("an origin with a path: %v, want an error naming the flag and the origin", err)
	}
}

// TestCORSByDefault checks that the server as started answers a browser's
// preflight from any origin.
func TestCORSByDefault(t *testing.T) {
	cfg, err := ParseFlags([]string{"-addr", "127.0.0.1:0", "-shutdown-delay", "-1s"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMain(cfg, engine.NewRegistry(tictactoe.Game{}), io.Discard)
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	req, _ := http.NewRequest(http.MethodOptions, "http://"+m.Addr()+"/move", nil)
	req.Header.Set("Origin", "https://example.org")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	h := resp.Header
	if resp.StatusCode != http.StatusOK || h.Get("Access-Control-Allow-Origin") != "*" || h.Get("Access-Control-Allow-Methods") != "POST" ||
		h.Get("Access-Control-Allow-Headers") != "Content-Type" || h.Get("Access-Control-Max-Age") == "" {
		t.Errorf("preflight: %d %v", resp.StatusCode, h)
	}
	http.DefaultClient.CloseIdleConnections()
}
