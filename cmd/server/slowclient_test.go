package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"movesvc/engine/games"
)

// clientBudget is how long the clients of these tests wait for the server
// to act: far beyond the server timeouts the tests set (a second at most),
// so that reaching it means the server did not cut the connection.
const clientBudget = 20 * time.Second

// startServer runs the real server with args (on a random port) and
// returns it with a channel that receives the remote address of every
// connection the server closes.
func startServer(t *testing.T, args ...string) (*Main, <-chan string) {
	t.Helper()
	cfg, err := ParseFlags(append([]string{"-addr", "127.0.0.1:0", "-shutdown-delay", "-1s", "-shutdown-grace", "2s"}, args...), env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMain(cfg, games.Registry(), io.Discard)
	closed := make(chan string, 100)
	m.server.ConnState = func(c net.Conn, s http.ConnState) {
		if s == http.StateClosed {
			select {
			case closed <- c.RemoteAddr().String():
			default:
			}
		}
	}
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := m.Close(); err != nil {
			t.Error(err)
		}
	})
	return m, closed
}

// waitClosed waits until the server has closed the connection whose client
// end is local, and returns how long that took; it fails the test when the
// client's whole budget passes first.
func waitClosed(t *testing.T, closed <-chan string, local net.Addr) time.Duration {
	t.Helper()
	start := time.Now()
	timeout := time.After(clientBudget)
	for {
		select {
		case addr := <-closed:
			if addr == local.String() {
				return time.Since(start)
			}
		case <-timeout:
			t.Fatalf("the server kept the connection from %v open for the client's whole budget of %v", local, clientBudget)
		}
	}
}

// TestSlowClientsAreCutOff opens connections that send their headers or
// their body a byte every 50 ms, slower than the server's read timeouts
// (300 ms for headers, 600 ms for the whole request) allow: the server
// closes every one (a slow body is answered 408 first, slow headers 400 by
// net/http, or nothing) and still answers a normal request afterwards. The
// cut is counted in bytes, not read off a clock: in its budget a client
// would dribble 400 bytes; the server must hang up within the first 40 (a
// slower machine dribbles fewer, never more, before the same timeout).
func TestSlowClientsAreCutOff(t *testing.T) {
	m, _ := startServer(t, "-read-header-timeout", "300ms", "-read-timeout", "600ms")
	const every = 50 * time.Millisecond
	const most = int(clientBudget / every / 10)

	type result struct {
		kind   string
		status string // the status line the server sent, if any
		sent   int    // bytes dribbled before the server hung up
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
		defer func() { _ = conn.Close() }()
		_ = conn.SetDeadline(time.Now().Add(clientBudget))
		closed := make(chan result, 1)
		go func() {
			br := bufio.NewReader(conn)
			status, _ := br.ReadString('\n')
			_, err := io.Copy(io.Discard, br) // until the server closes
			if errors.Is(err, syscall.ECONNRESET) {
				// The server hung up with bytes of ours unread, which
				// its kernel answers with a reset: cut off all the same.
				err = nil
			}
			closed <- result{kind: kind, status: strings.TrimSpace(status), err: err}
		}()
		if _, err := io.WriteString(conn, head); err != nil {
			results <- result{kind: kind, err: err}
			return
		}
		for i := 0; ; i++ {
			select {
			case r := <-closed:
				r.sent = i
				results <- r
				return
			case <-time.After(every):
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
		if r.sent > most {
			t.Errorf("%s: the server hung up after %d bytes dribbled, want at most %d of the %d the client's budget allows",
				r.kind, r.sent, most, int(clientBudget/every))
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
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("after the slow clients: %d", resp.StatusCode)
	}
	http.DefaultClient.CloseIdleConnections()
}

// TestSlowReaderIsCutOff pipelines 400 requests for GET /openapi.yaml (25
// KB each, 10 MB in all) on one connection with a small receive buffer and
// reads nothing: once the socket buffers are full the server's write
// blocks, and the server must close the connection at its write timeout
// (500 ms) rather than hold it and its goroutine for as long as the client
// likes. The close must come while the client still has most of its
// budget, and the client, reading afterwards, gets fewer than the 400
// answers.
func TestSlowReaderIsCutOff(t *testing.T) {
	m, closed := startServer(t, "-max-timeout", "200ms", "-default-timeout", "200ms", "-write-timeout", "500ms")
	conn, err := net.Dial("tcp", m.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	if err := conn.(*net.TCPConn).SetReadBuffer(4096); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetDeadline(time.Now().Add(clientBudget))
	const n = 400
	req := "GET /openapi.yaml HTTP/1.1\r\nHost: movesvc\r\n\r\n"
	if _, err := io.WriteString(conn, strings.Repeat(req, n)); err != nil {
		t.Fatal(err)
	}
	took := waitClosed(t, closed, conn.LocalAddr())
	if took > clientBudget/4 {
		t.Errorf("the server closed the connection of a client that reads nothing after %v, want well within the client's %v", took, clientBudget)
	}
	// What was buffered before the cut can still be read, then the end
	// (or a reset, as the server left requests unread).
	br := bufio.NewReader(conn)
	answered := 0
	for ; answered < n; answered++ {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatalf("the client's own deadline ended the read: %v", err)
			}
			break
		}
		_, err = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		if err != nil {
			break
		}
	}
	if answered == n {
		t.Errorf("all %d pipelined requests were answered to a client that read nothing for %v", n, took)
	}
	t.Logf("closed after %v; %d of %d answers readable", took, answered, n)
}

// TestIdleKeepAliveConnectionIsClosed sends two requests on one keep-alive
// connection (the second on the same connection proves it was kept) and
// then leaves it idle: the server must close it at its idle timeout (300
// ms), while the client still has most of its budget, and the client sees
// the end of the stream, not its own deadline.
func TestIdleKeepAliveConnectionIsClosed(t *testing.T) {
	m, closed := startServer(t, "-idle-timeout", "300ms")
	conn, err := net.Dial("tcp", m.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	_ = conn.SetDeadline(time.Now().Add(clientBudget))
	br := bufio.NewReader(conn)
	for i := range 2 {
		if _, err := fmt.Fprintf(conn, "GET /healthz HTTP/1.1\r\nHost: movesvc\r\n\r\n"); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("request %d on the kept-alive connection: %v", i, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Close {
			t.Fatalf("request %d: %d, close %v; want 200 on a kept connection", i, resp.StatusCode, resp.Close)
		}
	}
	took := waitClosed(t, closed, conn.LocalAddr())
	if took > clientBudget/4 {
		t.Errorf("the idle connection was closed after %v, want well within the client's %v", took, clientBudget)
	}
	if _, err := br.ReadByte(); !errors.Is(err, io.EOF) {
		t.Errorf("reading the idle connection after the server closed it: %v, want EOF", err)
	}
}
