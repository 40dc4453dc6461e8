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
}

// Run sends load as opts say until the duration, the request limit or ctx
// ends it, and returns what it measured.
func Run(ctx context.Context, opts Options) (*Report, error) {
	if opts.Concurrency < 1 {
		return nil, fmt.Errorf("concurrency must be at least 1")
	}
	var bodies [][]byte
	if opts.Path == "/move" {
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

	rec := newRecorder()
	send := func(i int) {
		start := time.Now()
		status, retryAfter, err := do(ctx, client, opts, bodies, i)
		if ctx.Err() != nil && err != nil {
			return // cut off by the end of the run: not a result
		}
		rec.add(status, retryAfter, err, time.Since(start))
	}
	start := time.Now()
	skipped := 0
	switch opts.Mode {
	case "closed":
		closedLoop(ctx, opts, send)
	case "open":
		skipped = openLoop(ctx, opts, send)
	default:
		return nil, fmt.Errorf("mode must be closed or open, not %q", opts.Mode)
	}
	elapsed := time.Since(start)

	after, err := scrape(context.Background(), client, opts.URL)
	if err != nil {
		return nil, fmt.Errorf("reading the server's metrics: %w", err)
	}
	rep := rec.report(opts, elapsed, before, after)
	rep.Skipped = skipped
	return rep, nil
}

// closedLoop runs opts.Concurrency workers back to back.
func closedLoop(ctx context.Context, opts Options, send func(int)) {
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
				send(i)
			}
		}()
	}
	wg.Wait()
}

// openLoop starts request i at start + i/opts.Rate whether or not earlier
// ones were answered, catching up at once when it falls behind (a ticker
// would drop the ticks it missed and quietly offer less than the rate),
// with at most opts.Concurrency outstanding. It returns how many requests
// it did not send because all of those were busy.
func openLoop(ctx context.Context, opts Options, send func(int)) (skipped int) {
	interval := time.Duration(float64(time.Second) / opts.Rate)
	start := time.Now()
	timer := time.NewTimer(0)
	defer timer.Stop()
	slots := make(chan struct{}, opts.Concurrency)
	var wg sync.WaitGroup
	defer wg.Wait()
	for i := 0; opts.MaxRequests == 0 || i < opts.MaxRequests; i++ {
		if wait := time.Until(start.Add(time.Duration(i) * interval)); wait > 0 {
			timer.Reset(wait)
			select {
			case <-ctx.Done():
				return skipped
			case <-timer.C:
			}
		} else if ctx.Err() != nil {
			return skipped
		}
		select {
		case slots <- struct{}{}:
		default:
			skipped++ // every connection is busy: the server is far behind
			continue
		}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			send(i)
		}()
	}
	return skipped
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
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Retry-After"), err
}
