package api_test

import (
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"movesvc/api"
)

// key makes the APIKey of token with limits.
func key(name, token string, limits api.KeyLimits) api.APIKey {
	return api.APIKey{Name: name, Hash: api.HashToken(token), Limits: limits}
}

// bearer is the header pair that sends token.
func bearer(token string) []string { return []string{"Authorization", "Bearer " + token} }

const positionBody = `{"game":"tictactoe","moves":["b2"]}`

// TestKeysRequired: with keys, the search and position paths need one of
// them; a request without one is a 401 with a bearer challenge, with
// error="invalid_token" when it sent a token that is no key's; the other
// paths need none.
func TestKeysRequired(t *testing.T) {
	ts := newTestServer(t, api.Config{APIKeys: []api.APIKey{key("alice", "alice-token", api.KeyLimits{})}})
	for _, tc := range []struct {
		header    []string
		challenge string
		message   string
	}{
		{nil, `Bearer realm="movesvc"`, "must be Bearer"},
		{[]string{"Authorization", "Basic YWxpY2U6eA=="}, `Bearer realm="movesvc"`, "must be Bearer"},
		{[]string{"Authorization", "Bearer"}, `Bearer realm="movesvc"`, "must be Bearer"},
		{bearer("mallory-token"), `Bearer realm="movesvc", error="invalid_token", error_description="unknown API key"`, "is not a key"},
		{bearer("alice-token "), "", ""}, // spaces around the token are not part of it
		{[]string{"Authorization", "bearer  alice-token"}, "", ""},
	} {
		for _, path := range []string{"/move", "/moves", "/position"} {
			body := positionBody
			if path == "/moves" {
				body = `{"requests":[` + positionBody + `]}`
			}
			r := ts.do(t, http.MethodPost, path, "application/json", []byte(body), tc.header...)
			if tc.challenge == "" {
				if r.status != http.StatusOK {
					t.Errorf("POST %s with %q: %d %s, want 200", path, tc.header, r.status, r.body)
				}
				continue
			}
			var p problem
			r.decode(t, &p)
			if r.status != http.StatusUnauthorized || r.header.Get("WWW-Authenticate") != tc.challenge ||
				p.Type != "/problems/unauthorized" || len(p.Errors) != 1 || p.Errors[0].Location != "header.Authorization" ||
				!strings.Contains(p.Errors[0].Message, tc.message) {
				t.Errorf("POST %s with %q: %d, WWW-Authenticate %q, %s", path, tc.header, r.status, r.header.Get("WWW-Authenticate"), r.body)
			}
		}
	}
	for _, path := range []string{"/games", "/healthz", "/readyz", "/openapi.yaml", "/problems/unauthorized"} {
		if r := ts.do(t, http.MethodGet, path, "", nil); r.status != http.StatusOK {
			t.Errorf("GET %s without a key: %d, want 200", path, r.status)
		}
	}
	if logs := ts.logs.String(); !strings.Contains(logs, `"key":"alice"`) {
		t.Errorf("the access log does not name the key:\n%s", logs)
	}
}

// TestKeyLimits: a key's limits refuse a field that asks for more with a
// 403 naming it, and cut what a request leaves to the server.
func TestKeyLimits(t *testing.T) {
	limits := api.KeyLimits{MaxTimeout: 500 * time.Millisecond, MaxDepth: 2, MaxBatch: 2}
	ts := newTestServer(t, api.Config{APIKeys: []api.APIKey{key("small", "s", limits)}})
	for _, tc := range []struct{ path, body, location string }{
		{"/move", `{"game":"gomoku","moves":["h8"],"timeout_ms":501}`, "body.timeout_ms"},
		{"/move", `{"game":"gomoku","moves":["h8"],"depth":3}`, "body.depth"},
		{"/moves", `{"requests":[{"game":"tictactoe","moves":[]}],"timeout_ms":600}`, "body.timeout_ms"},
		{"/moves", `{"requests":[{"game":"tictactoe","moves":[]},{"game":"tictactoe","moves":[]},{"game":"tictactoe","moves":[]}]}`, "body.requests"},
	} {
		var p problem
		r := ts.do(t, http.MethodPost, tc.path, "application/json", []byte(tc.body), bearer("s")...)
		r.decode(t, &p)
		if r.status != http.StatusForbidden || p.Type != "/problems/key-limit" || len(p.Errors) != 1 ||
			p.Errors[0].Location != tc.location || !strings.Contains(p.Detail, `API key "small"`) {
			t.Errorf("%s %s: %d %s, want a 403 at %s", tc.path, tc.body, r.status, r.body, tc.location)
		}
	}
	// An item of a batch over a limit gets its 403 in its place.
	r := ts.do(t, http.MethodPost, "/moves", "application/json",
		[]byte(`{"requests":[{"game":"gomoku","moves":["h8"],"depth":3},{"game":"tictactoe","moves":[]}]}`), bearer("s")...)
	var batch batchResponse
	r.decode(t, &batch)
	if r.status != http.StatusOK || len(batch.Results) != 2 || batch.Results[0].Status != http.StatusForbidden ||
		batch.Results[0].Problem.Errors[0].Location != "body.requests[0].depth" || batch.Results[1].Status != http.StatusOK {
		t.Errorf("a batch with an item over the key's depth: %d %s", r.status, r.body)
	}
	// Left out, depth is the key's most (gomoku's default is deeper); so is
	// use_time's. Two stones, so that the answer is searched, not the book's.
	for _, body := range []string{`{"game":"gomoku","moves":["h8","i9"]}`, `{"game":"gomoku","moves":["h8","i9"],"use_time":true}`} {
		var m moveResponse
		r := ts.post(t, body, bearer("s")...)
		r.decode(t, &m)
		if r.status != http.StatusOK || m.Depth > 2 || m.Depth < 1 {
			t.Errorf("%s: %d, depth %d, want at most the key's 2", body, r.status, m.Depth)
		}
	}
	// Within the limits, a request is answered.
	if r := ts.post(t, `{"game":"gomoku","moves":["h8"],"depth":2,"timeout_ms":500}`, bearer("s")...); r.status != http.StatusOK {
		t.Errorf("within the key's limits: %d %s", r.status, r.body)
	}
}

// TestKeyLimitsCutTheDeadlineAndThreads: a request of a key that gives no
// timeout_ms searches under the key's longest instead of the server's
// default, and a search of a key with a thread limit gets no more threads
// than it, however many slots are idle.
func TestKeyLimitsCutTheDeadlineAndThreads(t *testing.T) {
	gated := newGatedGame("gated")
	close(gated.gate)
	limits := api.KeyLimits{MaxTimeout: 300 * time.Millisecond, Threads: 1}
	ts := newTestServer(t, api.Config{MaxSearches: 4, SearchThreads: 4, DefaultTimeout: 5 * time.Second,
		APIKeys: []api.APIKey{key("narrow", "n", limits), key("wide", "w", api.KeyLimits{})}}, gated)
	for _, tc := range []struct {
		token, moves string // positions differ: a proved answer is cached
		timeout      time.Duration
		threads      int
	}{{"n", `[]`, 300 * time.Millisecond, 1}, {"w", `["b2"]`, 5 * time.Second, 4}} {
		if r := ts.post(t, `{"game":"gated","moves":`+tc.moves+`}`, bearer(tc.token)...); r.status != http.StatusOK {
			t.Fatalf("%d %s", r.status, r.body)
		}
		<-gated.started
		c := <-gated.contexts
		if got := c.deadline.Sub(c.start); got > tc.timeout || got <= 300*time.Millisecond && tc.timeout > 300*time.Millisecond || c.threads != tc.threads {
			t.Errorf("key %q: deadline %v after the search started, %d threads; want within %v, %d threads", tc.token, got, c.threads, tc.timeout, tc.threads)
		}
	}
}

// TestRateLimit: a client over its quota per window gets 429 with
// Retry-After and the RateLimit fields, which every answer carries; each
// key has its own quota (its own Rate, or the server's).
func TestRateLimit(t *testing.T) {
	ts := newTestServer(t, api.Config{RateLimit: 2, RateWindow: time.Hour, APIKeys: []api.APIKey{
		key("alice", "a", api.KeyLimits{}), key("bob", "b", api.KeyLimits{}), key("carol", "c", api.KeyLimits{Rate: 3}),
		key("dave", "d", api.KeyLimits{Rate: 5, Concurrent: 3})}})
	post := func(token string) response {
		return ts.do(t, http.MethodPost, "/position", "application/json", []byte(positionBody), bearer(token)...)
	}
	// A token comes every 1800 s: the next one is that far off, less the
	// time the test has taken.
	for i, want := range []int{1, 0} {
		r := post("a")
		remaining, next := rateLimit(t, r.header.Get("RateLimit"), "rate")
		if r.status != http.StatusOK || r.header.Get("RateLimit-Policy") != `"rate";q=2;w=3600` ||
			remaining != want || next < 1700 || next > 1800 {
			t.Errorf("request %d of alice: %d, RateLimit-Policy %q, RateLimit %q; want r=%d;t=1800", i+1, r.status,
				r.header.Get("RateLimit-Policy"), r.header.Get("RateLimit"), want)
		}
	}
	r := post("a")
	var p problem
	r.decode(t, &p)
	if retry, _ := strconv.Atoi(r.header.Get("Retry-After")); r.status != http.StatusTooManyRequests || retry < 1 || retry > 1800 ||
		r.header.Get("RateLimit") != `"rate";r=0;t=`+strconv.Itoa(retry) || p.Type != "/problems/rate-limited" ||
		p.Errors[0].Location != "client" || !strings.Contains(p.Detail, `API key "alice" has sent its 2 requests per 1h0m0s`) {
		t.Errorf("alice over her quota: %d, Retry-After %q, RateLimit %q, %s", r.status, r.header.Get("Retry-After"), r.header.Get("RateLimit"), r.body)
	}
	if r := post("b"); r.status != http.StatusOK {
		t.Errorf("bob, within his own quota: %d", r.status)
	}
	for i := range 3 {
		if r := post("c"); r.status != http.StatusOK || r.header.Get("RateLimit-Policy") != `"rate";q=3;w=3600` {
			t.Errorf("carol's request %d of her own 3: %d %q", i+1, r.status, r.header.Get("RateLimit-Policy"))
		}
	}
	if r := post("c"); r.status != http.StatusTooManyRequests {
		t.Errorf("carol's fourth request: %d, want 429", r.status)
	}
	// Both quotas of a key are items of one list, on one line each field.
	if r := post("d"); r.status != http.StatusOK ||
		r.header.Get("RateLimit-Policy") != `"concurrent";q=3;qu="concurrent-requests", "rate";q=5;w=3600` ||
		!strings.HasPrefix(r.header.Get("RateLimit"), `"concurrent";r=2, "rate";r=4;t=`) || len(r.header.Values("RateLimit")) != 1 {
		t.Errorf("dave, with both quotas: %d, RateLimit-Policy %q, RateLimit %q", r.status, r.header.Get("RateLimit-Policy"), r.header.Values("RateLimit"))
	}
	// The paths without a key are not limited.
	if r := ts.do(t, http.MethodGet, "/games", "", nil); r.status != http.StatusOK || r.header.Get("RateLimit") != "" {
		t.Errorf("GET /games: %d, RateLimit %q", r.status, r.header.Get("RateLimit"))
	}
}

// rateLimit parses an item of a RateLimit field of the policy: its
// remaining units and its seconds until more (-1 when it has none).
func rateLimit(t *testing.T, field, policy string) (remaining, next int) {
	t.Helper()
	rest, ok := strings.CutPrefix(field, `"`+policy+`";r=`)
	if !ok {
		t.Fatalf("RateLimit %q: no item of policy %q", field, policy)
	}
	r, tt, found := strings.Cut(rest, ";t=")
	remaining, err := strconv.Atoi(r)
	next = -1
	if found && err == nil {
		next, err = strconv.Atoi(tt)
	}
	if err != nil {
		t.Fatalf("RateLimit %q: %v", field, err)
	}
	return remaining, next
}

// mustPrefixes parses trusted proxies.
func mustPrefixes(t *testing.T, list string) []netip.Prefix {
	t.Helper()
	p, err := api.ParseTrustedProxies(list)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRateLimitByAddress: without keys the quota is per client address:
// the socket's peer, or the address in X-Forwarded-For when the peer is a
// trusted proxy; a client cannot choose its address with the header
// otherwise.
func TestRateLimitByAddress(t *testing.T) {
	post := func(ts *testServer, forwarded string) int {
		return ts.do(t, http.MethodPost, "/position", "application/json", []byte(positionBody), "X-Forwarded-For", forwarded).status
	}
	direct := newTestServer(t, api.Config{RateLimit: 1, RateWindow: time.Hour})
	if a, b := post(direct, "203.0.113.1"), post(direct, "203.0.113.2"); a != http.StatusOK || b != http.StatusTooManyRequests {
		t.Errorf("without trusted proxies, two forwarded addresses: %d, %d; want 200, 429 (one client: the peer)", a, b)
	}
	proxied := newTestServer(t, api.Config{RateLimit: 1, RateWindow: time.Hour, TrustedProxies: mustPrefixes(t, "127.0.0.0/8")})
	for _, tc := range []struct {
		forwarded string
		want      int
	}{
		{"203.0.113.1", http.StatusOK},
		{"203.0.113.2", http.StatusOK},
		{"198.51.100.9, 203.0.113.1", http.StatusTooManyRequests}, // what the client wrote on the left is not believed
		{"203.0.113.2, 127.0.0.1", http.StatusTooManyRequests},    // a second trusted proxy is skipped
		{"2001:db8:1:2::1", http.StatusOK},
		{"2001:db8:1:2::99", http.StatusTooManyRequests}, // an IPv6 client is its /64
		{"2001:db8:1:3::1", http.StatusOK},
	} {
		if got := post(proxied, tc.forwarded); got != tc.want {
			t.Errorf("from a trusted proxy, X-Forwarded-For %q: %d, want %d", tc.forwarded, got, tc.want)
		}
	}
	if logs := proxied.logs.String(); !strings.Contains(logs, `"client":"203.0.113.2"`) || !strings.Contains(logs, `"remote":"127.0.0.1:`) {
		t.Errorf("the access log does not have the forwarded client beside the peer:\n%s", logs)
	}
}

// TestConcurrentRequestsOfAKey: a key with a limit of requests in flight
// gets 429 for one more while they run, and is served once one ends.
func TestConcurrentRequestsOfAKey(t *testing.T) {
	gated := newGatedGame("gated")
	ts := newTestServer(t, api.Config{MaxSearches: 2, APIKeys: []api.APIKey{key("one", "1", api.KeyLimits{Concurrent: 1})}}, gated)
	body := `{"game":"gated","moves":[],"timeout_ms":10000}`
	first := make(chan response, 1)
	go func() { first <- ts.post(t, body, bearer("1")...) }()
	<-gated.started
	r := ts.post(t, body, bearer("1")...)
	if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") != "1" ||
		r.header.Get("RateLimit-Policy") != `"concurrent";q=1;qu="concurrent-requests"` || r.header.Get("RateLimit") != `"concurrent";r=0` {
		t.Errorf("a second request in flight: %d, Retry-After %q, RateLimit-Policy %q, RateLimit %q, %s", r.status,
			r.header.Get("Retry-After"), r.header.Get("RateLimit-Policy"), r.header.Get("RateLimit"), r.body)
	}
	close(gated.gate)
	if r := <-first; r.status != http.StatusOK || r.header.Get("RateLimit") != `"concurrent";r=0` {
		t.Errorf("the first request: %d, RateLimit %q", r.status, r.header.Get("RateLimit"))
	}
	if r := ts.post(t, body, bearer("1")...); r.status != http.StatusOK {
		t.Errorf("after the first ended: %d %s", r.status, r.body)
	}
}

// TestLogSample: with LogSample n, one in n answered requests under 400
// is logged at info, with the rate; every request answered with an error
// is.
func TestLogSample(t *testing.T) {
	ts := newTestServer(t, api.Config{LogSample: 3})
	for range 7 {
		ts.do(t, http.MethodPost, "/position", "application/json", []byte(positionBody))
	}
	for range 2 {
		ts.do(t, http.MethodPost, "/position", "application/json", []byte(`{"game":"shogi"}`))
	}
	logs := ts.logs.String()
	if ok, bad := strings.Count(logs, `"status":200`), strings.Count(logs, `"status":422`); ok != 3 || bad != 2 ||
		strings.Count(logs, `"sample":3`) != 3 {
		t.Errorf("7 answered and 2 refused with LogSample 3: %d and %d lines, want 3 (the 1st, 4th, 7th) and 2:\n%s", ok, bad, logs)
	}
}
