package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// Options configure one load run.
type Options struct {
	URL         string
	Path        string
	Mode        string // "closed" or "open"
	Concurrency int
	Rate        float64
	Duration    time.Duration
	MaxRequests int
	Games       []string
	MaxPlies    int
	TimeoutMS   int
	Depth       int
	Seed        uint64
	Positions   int
	// Body, when set, is the one request body every POST /move sends,
	// instead of random positions.
	Body string
	// LateAfter is how far behind its scheduled time an open-loop request
	// may be sent and still count as on schedule (DefaultLateAfter when
	// zero).
	LateAfter time.Duration
	// MaxOffSchedule is the largest share of open-loop requests that Check
	// accepts sent late or never sent; zero means any.
	MaxOffSchedule float64
}

// DefaultLateAfter is Options.LateAfter when it is zero.
const DefaultLateAfter = 10 * time.Millisecond

// Run sends load as opts say until the duration, the request limit or ctx
// ends it, and returns what it measured.
func Run(ctx context.Context, opts Options) (*Report, error) {
	if opts.Concurrency < 1 {
		return nil, fmt.Errorf("concurrency must be at least 1")
	}
	var bodies [][]byte
	switch {
	case opts.Path == "/move" && opts.Body != "":
		bodies = [][]byte{[]byte(opts.Body)}
	case opts.Path == "/move":
		var err error
		if bodies, err = Positions(opts.Games, opts.Positions, opts.MaxPlies, opts.TimeoutMS, opts.Depth, opts.Seed); err != nil {
			return nil, err
		}
	}
	client := &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: opts.Concurrency, MaxConnsPerHost: opts.Concurrency},
	}
	defer client.CloseIdleConnections()

	before, err := scrape(ctx, client, opts.URL)
	if err != nil {
		return nil, fmt.Errorf("reading the server's metrics: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Duration)
	defer cancel()

	if opts.LateAfter <= 0 {
		opts.LateAfter = DefaultLateAfter
	}
	rec := newRecorder()
	// send sends request i, due at scheduled, and records its latency from
	// then (what its client waited) and from the moment it left.
	send := func(i int, scheduled time.Time) {
		sent := time.Now()
		status, retryAfter, err := do(ctx, client, opts, bodies, i)
		if ctx.Err() != nil && err != nil {
			return // cut off by the end of the run: not a result
		}
		done := time.Now()
		rec.add(status, retryAfter, err, done.Sub(scheduled), done.Sub(sent), sent.Sub(scheduled) > opts.LateAfter)
	}
	start := time.Now()
	unsent := 0
	switch opts.Mode {
	case "closed":
		closedLoop(ctx, opts, send)
	case "open":
		if opts.Rate <= 0 {
			return nil, fmt.Errorf("rate must be positive")
		}
		unsent = openLoop(ctx, opts, send)
	default:
		return nil, fmt.Errorf("mode must be closed or open, not %q", opts.Mode)
	}
	elapsed := time.Since(start)

	after, err := scrape(context.Background(), client, opts.URL)
	if err != nil {
		return nil, fmt.Errorf("reading the server's metrics: %w", err)
	}
	rep := rec.report(opts, elapsed, before, after)
	rep.Unsent = unsent
	return rep, nil
}

// closedLoop runs opts.Concurrency workers back to back; a request is due
// when its worker sends it.
func closedLoop(ctx context.Context, opts Options, send func(int, time.Time)) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	next := 0
	for range opts.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if opts.MaxRequests > 0 && i >= opts.MaxRequests {
					return
				}
				send(i, time.Now())
			}
		}()
	}
	wg.Wait()
}

// openLoop schedules request i at start + i/opts.Rate whether or not
// earlier ones were answered, and sends it then, or, when all of the
// opts.Concurrency connections are busy, as soon as one is free: the
// request waits on the client, as a real client's would, and send charges
// it from its scheduled time, so a server that stalls is charged for every
// request that stalled behind it (no coordinated omission). A loop that
// falls behind catches up at once (a ticker would drop the ticks it missed
// and quietly offer less than the rate). It returns how many requests were
// due before the run ended but never sent.
func openLoop(ctx context.Context, opts Options, send func(int, time.Time)) (unsent int) {
	interval := time.Duration(float64(time.Second) / opts.Rate)
	start := time.Now()
	// overdue counts the requests from i on that were due before the run
	// ended (its deadline, or now when it was cancelled).
	overdue := func(i int) int {
		end := time.Now()
		if d, ok := ctx.Deadline(); ok && d.Before(end) {
			end = d
		}
		n := int((end.Sub(start)+interval-1)/interval) - i
		if opts.MaxRequests > 0 {
			n = min(n, opts.MaxRequests-i)
		}
		return max(n, 0)
	}
	timer := time.NewTimer(0)
	defer timer.Stop()
	slots := make(chan struct{}, opts.Concurrency)
	var wg sync.WaitGroup
	defer wg.Wait()
	for i := 0; opts.MaxRequests == 0 || i < opts.MaxRequests; i++ {
		due := start.Add(time.Duration(i) * interval)
		if wait := time.Until(due); wait > 0 {
			timer.Reset(wait)
			select {
			case <-ctx.Done():
				return overdue(i)
			case <-timer.C:
			}
		}
		if ctx.Err() != nil {
			return overdue(i)
		}
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return overdue(i)
		}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			send(i, due)
		}()
	}
	return 0
}

// do sends request i and returns its status and Retry-After header.
func do(ctx context.Context, client *http.Client, opts Options, bodies [][]byte, i int) (int, string, error) {
	var req *http.Request
	var err error
	if bodies != nil {
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, opts.URL+opts.Path, bytes.NewReader(bodies[i%len(bodies)]))
		if err == nil {
			req.Header.Set("Content-Type", "application/json")
		}
	} else {
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, opts.URL+opts.Path, nil)
	}
	if err != nil {
		return 0, "", err
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close() // read to the end: a failed close loses nothing
	return resp.StatusCode, resp.Header.Get("Retry-After"), err
}
