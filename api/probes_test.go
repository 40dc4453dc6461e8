package api_test

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"movesvc/api"
)

// TestHeadProbes: HEAD /healthz and /readyz answer as GET does, status and
// headers, with no body; /readyz turns 503 while shutting down.
func TestHeadProbes(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	for _, path := range []string{"/healthz", "/readyz"} {
		r := ts.do(t, http.MethodHead, path, "", nil)
		if r.status != http.StatusOK || len(r.body) != 0 || r.header.Get("Content-Type") != "application/json" {
			t.Errorf("HEAD %s: %d %q, Content-Type %q; want 200, no body, application/json", path, r.status, r.body, r.header.Get("Content-Type"))
		}
	}
	ts.api.SetReady(false)
	if r := ts.do(t, http.MethodHead, "/readyz", "", nil); r.status != http.StatusServiceUnavailable {
		t.Errorf("HEAD /readyz while shutting down: %d, want 503", r.status)
	}
	if r := ts.do(t, http.MethodHead, "/healthz", "", nil); r.status != http.StatusOK {
		t.Errorf("HEAD /healthz while shutting down: %d, want 200", r.status)
	}
}

// TestHeadWhereverGet: every path that answers GET answers HEAD as GET
// does, status and headers, with no body (RFC 9110 9.3.2): every GET of
// openapi.yaml, which must document the HEAD too, and a 404 stays a 404.
// A 405 lists HEAD among the allowed methods where GET is.
func TestHeadWhereverGet(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	concrete := map[string]string{"/problems/{name}": "/problems/malformed-request", "/static/{file}": "/static/movesvc.js"}
	for path, item := range loadSpec(t).Paths.Map() {
		if item.Get == nil {
			continue
		}
		if item.Head == nil {
			t.Errorf("openapi.yaml: %s has GET but no HEAD", path)
		}
		if c, ok := concrete[path]; ok {
			path = c
		}
		get := ts.do(t, http.MethodGet, path, "", nil)
		head := ts.do(t, http.MethodHead, path, "", nil)
		if head.status != get.status || len(head.body) != 0 {
			t.Errorf("HEAD %s: %d with %d bytes; GET: %d", path, head.status, len(head.body), get.status)
		}
		for _, h := range []string{"Content-Type", "ETag", "Cache-Control", "Content-Length"} {
			if h == "Content-Length" && path == "/metrics" {
				continue // the metrics change between the two requests
			}
			if head.header.Get(h) != get.header.Get(h) {
				t.Errorf("HEAD %s: %s %q, GET: %q", path, h, head.header.Get(h), get.header.Get(h))
			}
		}
	}
	if r := ts.do(t, http.MethodHead, "/static/no-such-file.js", "", nil); r.status != http.StatusNotFound {
		t.Errorf("HEAD of a missing file: %d, want 404", r.status)
	}
	r := ts.do(t, http.MethodPost, "/games", "application/json", []byte(`{}`))
	if allow := r.header.Get("Allow"); r.status != http.StatusMethodNotAllowed || allow != "GET, HEAD" {
		t.Errorf("POST /games: %d, Allow %q; want 405, Allow GET, HEAD", r.status, allow)
	}
}

// TestProbesAreLoggedAtDebug: at the info level the log has a line for a
// client's request, with its duration as a string, and none for probes
// and scrapes (GET and HEAD /healthz, /readyz, GET /metrics).
func TestProbesAreLoggedAtDebug(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	ts.do(t, http.MethodGet, "/healthz", "", nil)
	ts.do(t, http.MethodHead, "/healthz", "", nil)
	ts.do(t, http.MethodGet, "/readyz", "", nil)
	ts.do(t, http.MethodHead, "/readyz", "", nil)
	ts.do(t, http.MethodGet, "/metrics", "", nil)
	ts.post(t, `{"game":"tictactoe","moves":["b2"]}`)
	logs := ts.logs.String()
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		if strings.Contains(logs, `"path":"`+path+`"`) {
			t.Errorf("%s logged at info:\n%s", path, logs)
		}
	}
	if !containsAll(logs, `"msg":"request"`, `"path":"/move"`, `"duration":`) {
		t.Errorf("no info line with a duration for POST /move:\n%s", logs)
	}
}

// TestDeclaredOversizeBodyIsRefusedBeforeItIsSent: a request that declares
// a Content-Length over the limit and asks to be told to go on (Expect:
// 100-continue) gets a 413 problem at once, never 100 Continue, and not a
// 408 after the read timeout: the client sends no body at all.
func TestDeclaredOversizeBodyIsRefusedBeforeItIsSent(t *testing.T) {
	ts := newTestServer(t, api.Config{MaxBodyBytes: 4096})
	for _, path := range []string{"/move", "/moves"} {
		conn, err := net.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(30 * time.Second)) // a safety net: the answer needs no body
		_, err = conn.Write([]byte("POST " + path + " HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n" +
			"Content-Length: 1000000\r\nExpect: 100-continue\r\n\r\n"))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: reading the answer: %v", path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge || resp.Header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("%s with Content-Length 1000000: %s (%s), want 413 problem", path, resp.Status, resp.Header.Get("Content-Type"))
		}
	}
}
