package api_test

import (
	"bufio"
	"net/http"
	"slices"
	"strings"
	"testing"

	"movesvc/api"
)

const (
	appOrigin   = "https://app.example.org"
	otherOrigin = "https://other.example.net"
)

// preflight sends the OPTIONS request a browser sends before a POST of
// JSON from origin, asking for headers.
func preflight(t *testing.T, ts *testServer, path, origin, method, headers string) response {
	t.Helper()
	h := []string{"Origin", origin, "Access-Control-Request-Method", method}
	if headers != "" {
		h = append(h, "Access-Control-Request-Headers", headers)
	}
	return ts.do(t, http.MethodOptions, path, "", nil, h...)
}

func TestCORSAllowedOrigin(t *testing.T) {
	for _, tc := range []struct {
		origins []string
		want    string
	}{
		{[]string{otherOrigin, appOrigin}, appOrigin},
		{[]string{"https://*.example.org"}, appOrigin},
		{[]string{"*"}, "*"},
	} {
		ts := newTestServer(t, api.Config{CORSOrigins: tc.origins})
		r := ts.post(t, `{"game":"tictactoe","moves":[]}`, "Origin", appOrigin)
		if r.status != http.StatusOK || r.header.Get("Access-Control-Allow-Origin") != tc.want {
			t.Errorf("origins %q: %d, Access-Control-Allow-Origin %q, want %q", tc.origins, r.status, r.header.Get("Access-Control-Allow-Origin"), tc.want)
		}
		if got := r.header.Get("Access-Control-Expose-Headers"); got != "X-Request-Id, Retry-After, Ratelimit, Ratelimit-Policy, Www-Authenticate" {
			t.Errorf("origins %q: Access-Control-Expose-Headers %q", tc.origins, got)
		}
		if r.header.Get("Access-Control-Allow-Credentials") != "" {
			t.Errorf("origins %q: credentials allowed", tc.origins)
		}
		if !slices.Contains(r.header.Values("Vary"), "Origin") {
			t.Errorf("origins %q: Vary %q lacks Origin, so a cache could serve one origin's answer to another", tc.origins, r.header.Values("Vary"))
		}
	}
}

func TestCORSDisallowedOrigin(t *testing.T) {
	ts := newTestServer(t, api.Config{CORSOrigins: []string{appOrigin}})
	r := ts.post(t, `{"game":"tictactoe","moves":[]}`, "Origin", otherOrigin)
	// Answered (CORS is no access control: curl could ask as well), but
	// the browser keeps the answer from the page.
	if r.status != http.StatusOK {
		t.Errorf("status %d", r.status)
	}
	for _, h := range []string{"Access-Control-Allow-Origin", "Access-Control-Expose-Headers"} {
		if r.header.Get(h) != "" {
			t.Errorf("%s: %q for an origin not allowed", h, r.header.Get(h))
		}
	}
	p := preflight(t, ts, "/move", otherOrigin, http.MethodPost, "content-type")
	if p.header.Get("Access-Control-Allow-Origin") != "" || p.header.Get("Access-Control-Allow-Methods") != "" {
		t.Errorf("preflight from an origin not allowed: %v", p.header)
	}
}

func TestCORSPreflight(t *testing.T) {
	ts := newTestServer(t, api.Config{CORSOrigins: []string{appOrigin}})
	for _, path := range []string{"/move", "/moves", "/position"} {
		r := preflight(t, ts, path, appOrigin, http.MethodPost, "content-type, accept, authorization, x-request-id")
		h := r.header
		if r.status != http.StatusOK || len(r.body) != 0 || h.Get("Access-Control-Allow-Origin") != appOrigin ||
			h.Get("Access-Control-Allow-Methods") != http.MethodPost || h.Get("Access-Control-Max-Age") != "7200" ||
			h.Get("Access-Control-Allow-Headers") != "Content-Type, Accept, Authorization, X-Request-Id" {
			t.Errorf("preflight of POST %s: %d %q, headers %v", path, r.status, r.body, h)
		}
		if !slices.Contains(h.Values("Vary"), "Access-Control-Request-Headers") {
			t.Errorf("preflight of POST %s: Vary %q", path, h.Values("Vary"))
		}
	}
	// What the API does not use is not allowed.
	for _, tc := range []struct{ method, headers string }{
		{http.MethodDelete, ""},
		{http.MethodPost, "content-type, cookie"},
	} {
		r := preflight(t, ts, "/move", appOrigin, tc.method, tc.headers)
		if r.header.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("preflight of %s with headers %q allowed: %v", tc.method, tc.headers, r.header)
		}
	}
}

func TestCORSStream(t *testing.T) {
	ts := newTestServer(t, api.Config{CORSOrigins: []string{appOrigin}})
	req, err := http.NewRequest(http.MethodPost, ts.URL+"/move", strings.NewReader(`{"game":"connect4","moves":["4","4"],"level":2,"timeout_ms":10000}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Origin", appOrigin)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Type") != "text/event-stream" || resp.Header.Get("Access-Control-Allow-Origin") != appOrigin {
		t.Fatalf("stream answered %s with Access-Control-Allow-Origin %q", resp.Header.Get("Content-Type"), resp.Header.Get("Access-Control-Allow-Origin"))
	}
	var events []string
	for sc := bufio.NewScanner(resp.Body); sc.Scan(); {
		if ev, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
			events = append(events, ev)
		}
	}
	if len(events) == 0 || events[len(events)-1] != "result" {
		t.Errorf("events %q, want the result last", events)
	}
}

// TestCORSExposesRetryAfter checks that a page elsewhere can read how long
// a 503 asks it to wait.
func TestCORSExposesRetryAfter(t *testing.T) {
	ts := newTestServer(t, api.Config{CORSOrigins: []string{"*"}})
	ts.api.Drain()
	r := ts.post(t, `{"game":"tictactoe","moves":[]}`, "Origin", appOrigin)
	if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" || r.header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(r.header.Get("Access-Control-Expose-Headers"), "Retry-After") {
		t.Errorf("503 across origins: %d, headers %v", r.status, r.header)
	}
}

// TestCORSOff checks the zero Config: no cross-origin access, and a
// preflight is what any OPTIONS request is, a 405 problem.
func TestCORSOff(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	r := ts.post(t, `{"game":"tictactoe","moves":[]}`, "Origin", appOrigin)
	if r.status != http.StatusOK || r.header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("%d, Access-Control-Allow-Origin %q", r.status, r.header.Get("Access-Control-Allow-Origin"))
	}
	p := preflight(t, ts, "/move", appOrigin, http.MethodPost, "content-type")
	if p.status != http.StatusMethodNotAllowed || p.header.Get("Allow") != "POST" || p.header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("preflight with CORS off: %d, headers %v", p.status, p.header)
	}
}

// TestOptionsWithoutPreflight checks that an OPTIONS request that is not
// a preflight still gets the router's problems.
func TestOptionsWithoutPreflight(t *testing.T) {
	ts := newTestServer(t, api.Config{CORSOrigins: []string{"*"}})
	r := ts.do(t, http.MethodOptions, "/move", "", nil, "Origin", appOrigin)
	if r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") != "POST" {
		t.Errorf("OPTIONS /move without Access-Control-Request-Method: %d, Allow %q", r.status, r.header.Get("Allow"))
	}
	if r := ts.do(t, http.MethodPut, "/games", "", nil, "Origin", appOrigin); r.status != http.StatusMethodNotAllowed {
		t.Errorf("PUT /games: %d", r.status)
	}
	if r := ts.do(t, http.MethodGet, "/nowhere", "", nil, "Origin", appOrigin); r.status != http.StatusNotFound {
		t.Errorf("GET /nowhere: %d", r.status)
	}
}

func TestParseCORSOrigins(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{" , ", nil},
		{"*", []string{"*"}},
		{"https://app.example.org, http://localhost:3000", []string{"https://app.example.org", "http://localhost:3000"}},
		{"https://*.example.org,http://localhost:*", []string{"https://*.example.org", "http://localhost:*"}},
	} {
		got, err := api.ParseCORSOrigins(tc.in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("ParseCORSOrigins(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{
		"app.example.org", "ftp://example.org", "https://example.org/", "https://example.org/app",
		"https://example.org?x=1", "https://user@example.org", "https://*.*.example.org", "https://", "*, https://a.example/b",
	} {
		if _, err := api.ParseCORSOrigins(bad); err == nil {
			t.Errorf("ParseCORSOrigins(%q) accepted it", bad)
		}
	}
}
