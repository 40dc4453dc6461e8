package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"movesvc/engine/games"
)

// TestSlowClientsAreCutOff opens connections that send their headers or
// their body a byte at a time, slower than the server's read timeouts
// allow: the server closes every one (a slow body is answered 408 first,
// slow headers 400 by net/http),
// and still answers a normal request afterwards.
func TestSlowClientsAreCutOff(t *testing.T) {
	cfg, err := ParseFlags([]string{"-addr", "127.0.0.1:0", "-read-header-timeout", "300ms", "-read-timeout", "600ms",
		"-shutdown-grace", "2s"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMain(cfg, games.Registry(), io.Discard)
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	defer m.Close()

	type result struct {
		kind   string
		status string // the status line the server sent, if any
		err    error  // nil: the server closed the connection
	}
	results := make(chan result)
	// dribble sends head at once, then rest a byte every 50 ms until the
	// server hangs up, and reports what the server sent back.
	dribble := func(kind, head, rest string) {
		conn, err := net.Dial("tcp", m.Addr())
		if err != nil {
			results <- result{kind: kind, err: err}
			return
		}
		defer conn.Close()
		// The client's own limit, far beyond the server's timeouts: reaching
		// it means the server kept the connection open.
		_ = conn.SetDeadline(time.Now().Add(20 * time.Second))
		closed := make(chan result, 1)
		go func() {
			br := bufio.NewReader(conn)
			status, _ := br.ReadString('\n')
			_, err := io.Copy(io.Discard, br) // until the server closes
			closed <- result{kind: kind, status: strings.TrimSpace(status), err: err}
		}()
		if _, err := io.WriteString(conn, head); err != nil {
			results <- result{kind: kind, err: err}
			return
		}
		for i := 0; ; i++ {
			select {
			case r := <-closed:
				results <- r
				return
			case <-time.After(50 * time.Millisecond):
			}
			// Writes may fail once the server has closed; the reader reports.
			_, _ = io.WriteString(conn, rest[i%len(rest):i%len(rest)+1])
		}
	}
	const each = 5
	for range each {
		go dribble("headers", "POST /move HTTP/1.1\r\nHost: movesvc\r\n", "X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n")
		go dribble("body", "POST /move HTTP/1.1\r\nHost: movesvc\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
			`{"game":"tictactoe","moves":[]}`)
	}
	for range 2 * each {
		r := <-results
		if r.err != nil {
			t.Errorf("%s: the server kept a slow connection open: %v", r.kind, r.err)
			continue
		}
		switch r.kind {
		case "headers":
			// net/http answers 400 or nothing before it hangs up.
			if r.status != "" && r.status != "HTTP/1.1 400 Bad Request" {
				t.Errorf("slow headers answered %q; want the connection closed", r.status)
			}
		case "body":
			if r.status != "HTTP/1.1 408 Request Timeout" {
				t.Errorf("slow body answered %q; want a 408", r.status)
			}
		}
	}
	resp, err := http.Post("http://"+m.Addr()+"/move", "application/json", strings.NewReader(`{"game":"tictactoe","moves":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("after the slow clients: %d", resp.StatusCode)
	}
	http.DefaultClient.CloseIdleConnections()
}
