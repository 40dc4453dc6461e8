package api

import (
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

// TestRateBucket plays a quota of 2 requests a minute on a clock of its
// own: a burst of 2, then one request every 30 s; the state after each
// request says what is left and when the next token comes.
func TestRateBucket(t *testing.T) {
	l := newRateLimits(time.Minute)
	t0 := time.Unix(1_000_000, 0)
	for i, tc := range []struct {
		at   time.Duration
		want quotaState
	}{
		{0, quotaState{allowed: true, remaining: 1, next: 30 * time.Second}},
		{0, quotaState{allowed: true, remaining: 0, next: 30 * time.Second}},
		{0, quotaState{allowed: false, remaining: 0, next: 30 * time.Second}},
		{20 * time.Second, quotaState{allowed: false, remaining: 0, next: 10 * time.Second}},
		{30 * time.Second, quotaState{allowed: true, remaining: 0, next: 30 * time.Second}},
		{90 * time.Second, quotaState{allowed: true, remaining: 1, next: 30 * time.Second}},
		{10 * time.Minute, quotaState{allowed: true, remaining: 1, next: 30 * time.Second}}, // full again: a burst of 2, no more
	} {
		if got := l.take("c", 2, t0.Add(tc.at)); got != tc.want {
			t.Errorf("request %d at %v: %+v, want %+v", i+1, tc.at, got, tc.want)
		}
	}
	if got := l.take("other", 2, t0.Add(10*time.Minute)); !got.allowed || got.remaining != 1 {
		t.Errorf("another client: %+v, want its own full bucket", got)
	}
}

// TestRateBucketsAreSwept: once a window has passed, the buckets that are
// full again are dropped, and those still short are kept.
func TestRateBucketsAreSwept(t *testing.T) {
	l := newRateLimits(time.Minute)
	t0 := time.Unix(1_000_000, 0)
	for _, c := range []string{"a", "b", "c"} {
		l.take(c, 60, t0) // a token comes back every second
	}
	for range 30 {
		l.take("busy", 60, t0.Add(59*time.Second))
	}
	l.take("new", 60, t0.Add(61*time.Second))
	if n := l.size(); n != 2 {
		t.Errorf("%d buckets after a window, want 2: busy's, still short, and the new one", n)
	}
}

// TestClientAddr: the client is the socket's peer unless the peer is a
// trusted proxy; then X-Forwarded-For is read from the right, past the
// trusted proxies, up to an entry that is not an address.
func TestClientAddr(t *testing.T) {
	trusted, err := ParseTrustedProxies(" 10.0.0.0/8, 192.0.2.1 ,fd00::/8")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{cfg: Config{TrustedProxies: trusted}}
	for _, tc := range []struct {
		peer, forwarded, want string
	}{
		{"198.51.100.1:5000", "203.0.113.9", "198.51.100.1"}, // not a proxy: the header is not believed
		{"10.1.2.3:5000", "203.0.113.9", "203.0.113.9"},
		{"10.1.2.3:5000", "", "10.1.2.3"},
		{"10.1.2.3:5000", "6.6.6.6, 203.0.113.9, 10.9.9.9", "203.0.113.9"},
		{"192.0.2.1:80", "junk, 203.0.113.9", "203.0.113.9"},
		{"192.0.2.1:80", "203.0.113.9, junk", "192.0.2.1"},
		{"192.0.2.1:80", "10.0.0.5, 10.0.0.6", "10.0.0.5"}, // all proxies: the leftmost
		{"[fd00::1]:443", "2001:db8::7", "2001:db8::7"},
		{"[::ffff:10.0.0.1]:80", "::ffff:203.0.113.9", "203.0.113.9"},
	} {
		r := httptest.NewRequest("POST", "/move", nil)
		r.RemoteAddr = tc.peer
		if tc.forwarded != "" {
			r.Header.Set("X-Forwarded-For", tc.forwarded)
		}
		if got := s.clientAddr(r); got != netip.MustParseAddr(tc.want) {
			t.Errorf("peer %s, X-Forwarded-For %q: %v, want %s", tc.peer, tc.forwarded, got, tc.want)
		}
	}
	for _, bad := range []string{"10.0.0.0/33", "example.org", "10.0.0.1/8/2"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("ParseTrustedProxies(%q): no error", bad)
		}
	}
}
