package api

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rate limits are advertised in the header fields of
// draft-ietf-httpapi-ratelimit-headers-10 (the fields of drafts 08 to 10:
// RateLimit-Policy and RateLimit as structured-field lists), with two
// policies: "rate", a quota of requests per window, and "concurrent", the
// requests one key may have in flight (quota unit concurrent-requests).
const (
	policyRate       = "rate"
	policyConcurrent = "concurrent"
)

// rateLimits holds each client's quota of requests as a token bucket: a
// quota of q requests per window is a bucket of q tokens, full at first,
// refilled at q per window, one token a request. A client that keeps
// within q per window is never refused; a burst of up to q at once is
// allowed, and after it a request every window/q. Buckets are kept by
// client (a key's name, or an address) and dropped once full again, when
// they are the same as a new one.
type rateLimits struct {
	window time.Duration

	mu      sync.Mutex
	buckets map[string]*rate.Limiter
	swept   time.Time
}

// quotaState is a client's quota after a request: whether the request
// may go on, the requests left, and how long until the next token comes
// (zero when the bucket is full).
type quotaState struct {
	allowed   bool
	remaining int
	next      time.Duration
}

// newRateLimits returns the limits of quotas per window.
func newRateLimits(window time.Duration) *rateLimits {
	return &rateLimits{window: window, buckets: map[string]*rate.Limiter{}}
}

// take takes one token of client's bucket of quota q at now, when it
// has one, and returns the state of the bucket after it.
func (l *rateLimits) take(client string, q int, now time.Time) quotaState {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweepLocked(now)
	perSecond := float64(q) / l.window.Seconds()
	b := l.buckets[client]
	if b == nil {
		b = rate.NewLimiter(rate.Limit(perSecond), q)
		l.buckets[client] = b
	}
	st := quotaState{allowed: b.AllowN(now, 1)}
	tokens := max(b.TokensAt(now), 0)
	st.remaining = int(tokens)
	if st.remaining < q {
		st.next = time.Duration((math.Floor(tokens) + 1 - tokens) / perSecond * float64(time.Second))
	}
	return st
}

// sweepLocked drops, once a window, the buckets that are full again.
// l.mu is held.
func (l *rateLimits) sweepLocked(now time.Time) {
	if now.Sub(l.swept) < l.window {
		return
	}
	l.swept = now
	for client, b := range l.buckets {
		if b.TokensAt(now) >= float64(b.Burst()) {
			delete(l.buckets, client)
		}
	}
}

// size returns how many buckets are kept.
func (l *rateLimits) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// limitRate applies the client's quotas to a request: its requests per
// window (its key's Rate, or Config.RateLimit per key or per client
// address) and, for a key with a Concurrent limit, its requests in flight.
// Every answer carries RateLimit-Policy and RateLimit for the quotas that
// apply; a request over one is answered 429 with Retry-After. The requests
// in flight are checked first, so that a request refused for them takes
// nothing from the quota per window.
func (s *Server) limitRate(next http.Handler) http.Handler {
	if s.cfg.RateLimit == 0 && !s.keys.limited() {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		k := keyOf(r.Context())
		h := w.Header()
		if k != nil && k.Limits.Concurrent > 0 {
			c := k.Limits.Concurrent
			n := int(k.inFlight.Add(1))
			defer k.inFlight.Add(-1)
			addListItem(h, "RateLimit-Policy", `"`+policyConcurrent+`";q=`+strconv.Itoa(c)+`;qu="concurrent-requests"`)
			addListItem(h, "RateLimit", serviceLimit(policyConcurrent, max(c-n, 0), 0))
			if n > c {
				writeProblem(w, r, tooManyInFlight(k, c))
				return
			}
		}
		if q := s.rateQuota(k); q > 0 {
			st := s.rates.take(s.rateClient(r, k), q, time.Now())
			addListItem(h, "RateLimit-Policy", `"`+policyRate+`";q=`+strconv.Itoa(q)+";w="+strconv.Itoa(windowSeconds(s.cfg.RateWindow)))
			addListItem(h, "RateLimit", serviceLimit(policyRate, st.remaining, st.next))
			if !st.allowed {
				writeProblem(w, r, rateLimited(k, q, s.cfg.RateWindow, st.next))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// addListItem appends item to the structured-field list of the header
// field name, on one line, so that a client's Header.Get reads the whole
// list.
func addListItem(h http.Header, name, item string) {
	if v := h.Get(name); v != "" {
		item = v + ", " + item
	}
	h.Set(name, item)
}

// rateQuota returns the requests per window the client of key k (nil:
// none) may send: its key's own quota, or the server's; 0 for no limit.
func (s *Server) rateQuota(k *clientKey) int {
	if k != nil && k.Limits.Rate > 0 {
		return k.Limits.Rate
	}
	return s.cfg.RateLimit
}

// rateClient names the bucket of r's client: its key, or without one its
// address (clientAddr), an IPv6 address by its /64, the smallest network
// a site is given, so that one client cannot spread over the addresses of
// its own network.
func (s *Server) rateClient(r *http.Request, k *clientKey) string {
	if k != nil {
		return "key " + k.Name
	}
	a := s.clientAddr(r)
	if a.Is6() {
		p, _ := a.Prefix(64)
		return "net " + p.String()
	}
	return "addr " + a.String()
}

// serviceLimit renders one item of the RateLimit field: the policy, the
// quota units remaining (r) and, when positive, the seconds until more
// come (t, rounded up).
func serviceLimit(policy string, remaining int, next time.Duration) string {
	v := `"` + policy + `";r=` + strconv.Itoa(remaining)
	if next > 0 {
		v += ";t=" + strconv.Itoa(ceilSeconds(next))
	}
	return v
}

// ceilSeconds returns d in whole seconds, rounded up.
func ceilSeconds(d time.Duration) int { return int((d + time.Second - 1) / time.Second) }

// windowSeconds returns a rate window in whole seconds, at least 1, as
// the policy's w parameter takes it.
func windowSeconds(d time.Duration) int { return max(int(d.Round(time.Second)/time.Second), 1) }

// rateLimited is the 429 for a client over its quota of q requests per
// window: Retry-After is when its next request may go, next rounded up.
func rateLimited(k *clientKey, q int, window time.Duration, next time.Duration) *Problem {
	who := "this address"
	if k != nil {
		who = "the API key " + quote(k.Name)
	}
	msg := "has sent its " + itoa(q) + " requests per " + window.String()
	return &Problem{Type: typeRateLimited, Title: "Too many requests", Status: http.StatusTooManyRequests,
		Detail: who + " " + msg + "; retry after the Retry-After seconds", retryAfter: max(ceilSeconds(next), 1),
		Errors: []ProblemError{{Location: "client", Message: msg}}}
}

// tooManyInFlight is the 429 for a key that already has c requests in
// flight, its most.
func tooManyInFlight(k *clientKey, c int) *Problem {
	msg := "has " + itoa(c) + " requests in flight, the most it may"
	return &Problem{Type: typeRateLimited, Title: "Too many requests", Status: http.StatusTooManyRequests,
		Detail: "the API key " + quote(k.Name) + " " + msg + "; retry once one has been answered", retryAfter: 1,
		Errors: []ProblemError{{Location: "client", Message: msg}}}
}
