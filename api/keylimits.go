package api

import (
	"net/http"
	"time"
)

// A key's limits (KeyLimits) bound what its requests may ask: a field
// over one is a 403 naming the field, for the request is well-formed and
// the server could answer it, only not to this key; a field left out gets
// the server's default cut to the key's limit. The limits apply to a
// batch as a whole (its size, its timeout_ms) and to each of its items.

// capSearch returns the depth and timeout a request of key k (nil: none)
// searches with, given those the server resolved for it: each cut to the
// key's limit when the request did not ask for it, and a 403 *Problem
// naming depth or timeout_ms when it asked for more than the limit.
func (k *clientKey) capSearch(req *moveRequest, depth int, timeout time.Duration) (int, time.Duration, error) {
	if k == nil {
		return depth, timeout, nil
	}
	timeout, err := k.capTimeout(req.TimeoutMS, timeout)
	if err != nil {
		return 0, 0, err
	}
	if d := k.Limits.MaxDepth; d > 0 && depth > d {
		if req.Depth != nil {
			return 0, 0, keyLimit(k, "depth", "must be at most "+itoa(d)+", the most this API key may ask for", *req.Depth)
		}
		depth = d
	}
	return depth, timeout, nil
}

// capTimeout returns the timeout of a request of k that gave timeout_ms
// ms (nil: none), resolved by the server to timeout: cut to the key's
// limit when not given, a 403 *Problem when given over it.
func (k *clientKey) capTimeout(ms *int, timeout time.Duration) (time.Duration, error) {
	limit := k.Limits.MaxTimeout
	switch {
	case limit <= 0 || timeout <= limit:
		return timeout, nil
	case ms != nil:
		return 0, keyLimit(k, "timeout_ms", "must be at most "+itoa(int(limit/time.Millisecond))+", the most this API key may ask for", *ms)
	}
	return limit, nil
}

// capBatch checks a batch of n requests with timeout_ms ms (nil: none),
// resolved by the server to timeout, against key k's limits (nil: none),
// and returns its timeout as capTimeout does; a 403 *Problem naming
// requests when the batch holds more than the key's MaxBatch.
func (k *clientKey) capBatch(n int, ms *int, timeout time.Duration) (time.Duration, error) {
	if k == nil {
		return timeout, nil
	}
	if b := k.Limits.MaxBatch; b > 0 && n > b {
		return 0, keyLimit(k, "requests", "must have at most "+itoa(b)+" items, the most this API key may send at once", n)
	}
	return k.capTimeout(ms, timeout)
}

// threads returns the goroutines a search of k may use, of the granted
// ones.
func (k *clientKey) threads(granted int) int {
	if k == nil || k.Limits.Threads <= 0 {
		return granted
	}
	return min(granted, k.Limits.Threads)
}

// keyLimit is the 403 for the request field name over a limit of key k.
func keyLimit(k *clientKey, name, msg string, value any) *Problem {
	return &Problem{Type: typeKeyLimit, Title: "Over the API key's limit", Status: http.StatusForbidden,
		Detail: name + " " + msg + " (API key " + quote(k.Name) + ")",
		Errors: []ProblemError{{Location: "body." + name, Message: msg, Value: value}}}
}
