package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"movesvc/internal/longtest"
)

// TestGatewayRollingRestart runs deploy/nginx/movesvc.conf, as shipped but
// for its addresses, in a real nginx in front of two replicas of the real
// binary, and checks what the config promises: requests reach both
// replicas; X-Request-Id is kept (the client's, or one nginx makes up);
// server-sent events come through as they are sent; a 503 of replicas that
// are both full is passed through with its problem and Retry-After. Then
// rolling restarts under load, back to back: each replica in turn gets
// SIGTERM (its /readyz turns 503 while it still serves), exits 0 and starts
// again on its port, and the next one gets SIGTERM as soon as the new
// process listens, with no wait for nginx to send it a request, twice
// round, while clients send moves through nginx all along: no request may
// fail (issue 49: one 503 used to take a replica out, and a replica still
// out when the other stopped made nginx answer 502).
//
// It needs nginx (Debian's package): required under CI=true, skipped with
// a message elsewhere when nginx is missing.
func TestGatewayRollingRestart(t *testing.T) {
	longtest.Skip(t)
	nginxBin := findNginx(t)
	bin := buildBinary(t)
	ports := [2]int{freePort(t), freePort(t)}
	replicaArgs := func(port int) []string {
		return []string{"-addr", fmt.Sprintf("127.0.0.1:%d", port), "-max-searches", "1",
			"-shutdown-delay", "1s", "-shutdown-grace", "10s", "-log-level", "info"}
	}
	var replicas [2]*server
	for i, port := range ports {
		replicas[i] = startBuilt(t, bin, nil, replicaArgs(port)...)
	}
	gw := startNginx(t, nginxBin, ports[:]).base
	client := &http.Client{Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()

	t.Run("balances", func(t *testing.T) {
		for range 8 {
			if r := gwPost(t, client, gw, `{"game":"tictactoe","moves":["b2"]}`, nil); r.status != http.StatusOK {
				t.Fatalf("POST /move through nginx: %d %s", r.status, r.body)
			}
		}
		for i, rep := range replicas {
			if !logged(rep, `"path":"/move"`) {
				t.Errorf("replica %d answered none of 8 moves", i)
			}
		}
	})

	t.Run("request id", func(t *testing.T) {
		r := gwPost(t, client, gw, `{"game":"tictactoe","moves":["b2"]}`, http.Header{"X-Request-Id": {"gateway-test-1"}})
		if got := r.header.Get("X-Request-Id"); got != "gateway-test-1" {
			t.Errorf("X-Request-Id %q back, want the client's gateway-test-1", got)
		}
		if !logged(replicas[0], `"request_id":"gateway-test-1"`) && !logged(replicas[1], `"request_id":"gateway-test-1"`) {
			t.Error("no replica logged the client's request id")
		}
		r = gwPost(t, client, gw, `{"game":"tictactoe","moves":["b2"]}`, nil)
		if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(r.header.Get("X-Request-Id")) {
			t.Errorf("X-Request-Id %q for a request without one, want the 32 hex digits nginx makes up", r.header.Get("X-Request-Id"))
		}
	})

	t.Run("event stream unbuffered", func(t *testing.T) {
		// A 4 s search on a 19x19 board: its deeper iterations end
		// hundreds of milliseconds apart, each with a progress event of a
		// few hundred bytes. Each event must reach the client soon after
		// the search sent it (its elapsed_ms): a proxy that buffers holds
		// small events back until a buffer fills or the stream ends.
		start := time.Now()
		req, _ := http.NewRequest(http.MethodPost, gw+"/move", strings.NewReader(
			`{"game":"gomoku","size":19,"moves":["j10","k11","k10","j11"],"depth":20,"timeout_ms":4000}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/event-stream")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("stream through nginx: %s %s", resp.Status, resp.Header.Get("Content-Type"))
		}
		var progress, results int
		var worst time.Duration // the longest an event took from the search to the client
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			line := sc.Text()
			if line == "event: result" {
				results++
			}
			data, ok := strings.CutPrefix(line, "data: ")
			if !ok || results > 0 {
				continue
			}
			var ev struct {
				ElapsedMS float64 `json:"elapsed_ms"`
			}
			if json.Unmarshal([]byte(data), &ev) != nil {
				t.Fatalf("progress data %q", data)
			}
			progress++
			// The search started after the request was sent: this
			// overstates the delay, never understates it.
			worst = max(worst, time.Since(start)-time.Duration(ev.ElapsedMS*float64(time.Millisecond)))
		}
		if progress < 3 || results != 1 {
			t.Fatalf("%d progress events and %d results, want several and one", progress, results)
		}
		if worst > 750*time.Millisecond {
			t.Errorf("a progress event reached the client %v after the search sent it: buffered", worst)
		}
	})

	t.Run("503 passed through", func(t *testing.T) {
		// Each replica's one slot held by a 3 s search sent to it directly.
		var wg sync.WaitGroup
		for _, rep := range replicas {
			wg.Go(func() {
				resp, err := client.Post(rep.base+"/move", "application/json", strings.NewReader(
					`{"game":"gomoku","moves":["h8","h9","j10"],"depth":20,"timeout_ms":3000}`))
				if err == nil {
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			})
		}
		for _, rep := range replicas {
			for rep.metric(t, "movesvc_searches_in_flight") != 1 {
				time.Sleep(5 * time.Millisecond)
			}
		}
		// Analysis is never answered from the result cache: it needs a slot.
		r := gwPost(t, client, gw, `{"game":"tictactoe","moves":["b2"],"analysis":true,"timeout_ms":100}`, nil)
		if !isServiceOverload(r) {
			t.Errorf("both replicas full: %v; want the service's 503 problem with Retry-After", r)
		}
		wg.Wait()
	})

	t.Run("rolling restart under load", func(t *testing.T) {
		var sent, failed atomic.Int64
		var failures sync.Map
		stop := make(chan struct{})
		var load sync.WaitGroup
		for range 4 {
			load.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					r := gwPostErr(client, gw, `{"game":"tictactoe","moves":["b2"]}`)
					sent.Add(1)
					if r.err != nil || r.status != http.StatusOK {
						failed.Add(1)
						failures.Store(fmt.Sprintf("%d %v %s", r.status, r.err, r.body), true)
					}
				}
			})
		}
		const rounds = 2
		for round := range rounds {
			for i := range replicas {
				before := sent.Load()
				replicas[i] = restart(t, replicas[i], func() *server { return startBuilt(t, bin, nil, replicaArgs(ports[i])...) })
				if sent.Load() == before {
					t.Errorf("round %d: no request was sent while replica %d restarted", round, i)
				}
			}
		}
		// nginx sends to both new processes again, while the load goes on.
		for i, rep := range replicas {
			if !logged(rep, `"path":"/move"`) {
				t.Errorf("the restarted replica %d got no request through nginx", i)
			}
		}
		close(stop)
		load.Wait()
		fmt.Printf("rolling restart through nginx, %d rounds back to back: %d requests, %d failed\n", rounds, sent.Load(), failed.Load())
		if failed.Load() != 0 {
			failures.Range(func(k, _ any) bool { t.Errorf("failed request: %v", k); return true })
			t.Errorf("%d of %d requests failed during the rolling restart, want 0", failed.Load(), sent.Load())
		}
	})
}

// restart stops old with SIGTERM, checks that its /readyz turns 503 before
// its listener closes and that it exits 0, and returns start's new
// process, at once.
func restart(t *testing.T, old *server, start func() *server) *server {
	t.Helper()
	if err := old.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if status := waitReadyz(t, old.base); status != http.StatusServiceUnavailable {
		t.Errorf("%s: /readyz %d after SIGTERM, want 503 before the listener closes", old.base, status)
	}
	select {
	case err := <-old.exit:
		if err != nil {
			t.Errorf("%s exited with %v after SIGTERM, want 0\n%s", old.base, err, old.logs.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not exit", old.base)
	}
	return start()
}
