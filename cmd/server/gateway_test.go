package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
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
// are both full is passed through with its problem and Retry-After. Then a
// rolling restart under load: each replica in turn gets SIGTERM (its
// /readyz turns 503 while it still serves), exits 0 and starts again on
// its port, while clients send moves through nginx all along: no request
// may fail.
//
// It needs nginx (Debian's package): required under CI=true, skipped with
// a message elsewhere when nginx is missing.
func TestGatewayRollingRestart(t *testing.T) {
	longtest.Skip(t)
	nginxBin, err := exec.LookPath("nginx")
	if err != nil {
		nginxBin = "/usr/sbin/nginx"
		if _, statErr := os.Stat(nginxBin); statErr != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal("nginx is required in CI (apt-get install nginx): not found")
			}
			t.Skip("nginx is not installed (apt-get install nginx); the gateway test needs it")
		}
	}
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
	gw := startNginx(t, nginxBin, ports[:])
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
		if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" ||
			r.header.Get("Content-Type") != "application/problem+json" || !strings.Contains(r.body, `"/problems/overloaded"`) {
			t.Errorf("both replicas full: %d, Retry-After %q, %s %s; want the service's 503 problem with Retry-After",
				r.status, r.header.Get("Retry-After"), r.header.Get("Content-Type"), r.body)
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
		for i := range replicas {
			old := replicas[i]
			before := sent.Load()
			if err := old.cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			// Readiness turns 503 while the listener still takes requests.
			if status := waitReadyz(t, old.base); status != http.StatusServiceUnavailable {
				t.Errorf("replica %d: /readyz %d after SIGTERM, want 503 before the listener closes", i, status)
			}
			select {
			case err := <-old.exit:
				if err != nil {
					t.Errorf("replica %d exited with %v after SIGTERM, want 0\n%s", i, err, old.logs.String())
				}
			case <-time.After(30 * time.Second):
				t.Fatalf("replica %d did not exit", i)
			}
			replicas[i] = startBuilt(t, bin, nil, replicaArgs(ports[i])...)
			// nginx sends to the new process again once the replica's
			// fail_timeout has passed: wait for its first move, so that the
			// next replica is not stopped while this one is still skipped.
			for start := time.Now(); strings.Count(replicas[i].logs.String(), `"path":"/move"`) == 0; time.Sleep(10 * time.Millisecond) {
				if time.Since(start) > 30*time.Second {
					t.Fatalf("the restarted replica %d got no request through nginx", i)
				}
			}
			if sent.Load() == before {
				t.Errorf("no request was sent while replica %d restarted", i)
			}
		}
		close(stop)
		load.Wait()
		fmt.Printf("rolling restart through nginx: %d requests, %d failed\n", sent.Load(), failed.Load())
		if failed.Load() != 0 {
			failures.Range(func(k, _ any) bool { t.Errorf("failed request: %v", k); return true })
			t.Errorf("%d of %d requests failed during the rolling restart, want 0", failed.Load(), sent.Load())
		}
	})
}

// logged reports whether rep's log has a line with want, within a few
// seconds: lines reach the log through a pipe, after the answer.
func logged(rep *server, want string) bool {
	for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(10 * time.Millisecond) {
		if strings.Contains(rep.logs.String(), want) {
			return true
		}
	}
	return false
}

// freePort returns a TCP port on 127.0.0.1 that nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startNginx runs nginx in the foreground with deploy/nginx/movesvc.conf,
// its "# replica" lines pointing at replicaPorts and its "# gateway" listen
// line at a free port, and returns the gateway's base URL once it answers.
func startNginx(t *testing.T, nginxBin string, replicaPorts []int) string {
	t.Helper()
	shipped, err := os.ReadFile(filepath.Join("..", "..", "deploy", "nginx", "movesvc.conf"))
	if err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	var conf []string
	replicas := 0
	for line := range strings.SplitSeq(string(shipped), "\n") {
		switch {
		case strings.HasSuffix(line, "# replica"):
			if replicas < len(replicaPorts) {
				conf = append(conf, fmt.Sprintf("    server 127.0.0.1:%d max_fails=1 fail_timeout=2s;", replicaPorts[replicas]))
			}
			replicas++
		case strings.HasSuffix(line, "# gateway"):
			conf = append(conf, fmt.Sprintf("    listen 127.0.0.1:%d;", port))
		default:
			conf = append(conf, line)
		}
	}
	if replicas != len(replicaPorts) || !strings.Contains(string(shipped), "# gateway") {
		t.Fatalf("deploy/nginx/movesvc.conf has %d \"# replica\" lines and no \"# gateway\" line, or not the 2 the test replaces", replicas)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "movesvc.conf"), []byte(strings.Join(conf, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;" // the workers must reach the test's temporary files
	}
	main := fmt.Sprintf(`%s
daemon off;
worker_processes 1;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log info;
events { worker_connections 512; }
http {
    access_log %[2]s/access.log;
    client_body_temp_path %[2]s/body;
    proxy_temp_path %[2]s/proxy;
    fastcgi_temp_path %[2]s/fastcgi;
    uwsgi_temp_path %[2]s/uwsgi;
    scgi_temp_path %[2]s/scgi;
    include %[2]s/movesvc.conf;
}
`, user, dir)
	if err := os.WriteFile(filepath.Join(dir, "nginx.conf"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nginxBin, "-p", dir, "-c", filepath.Join(dir, "nginx.conf"), "-e", filepath.Join(dir, "error.log"))
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGQUIT) // graceful stop
		select {
		case err := <-exited:
			t.Logf("nginx stopped: %v", err)
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Logf("nginx killed: %v", <-exited)
		}
		if t.Failed() {
			errLog, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Logf("nginx error log:\n%s", errLog)
		}
	})
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-exited:
			errLog, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Fatalf("nginx exited: %v\n%s\n%s", err, out.String(), errLog)
		default:
		}
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base
			}
		}
		if time.Since(start) > 30*time.Second {
			t.Fatalf("nginx did not answer /healthz\n%s", out.String())
		}
	}
}

// gwResponse is one answer through the gateway.
type gwResponse struct {
	status int
	header http.Header
	body   string
	err    error
}

// gwPostErr posts body to base's /move and returns the answer or the error.
func gwPostErr(client *http.Client, base, body string) gwResponse {
	resp, err := client.Post(base+"/move", "application/json", strings.NewReader(body))
	if err != nil {
		return gwResponse{err: err}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return gwResponse{status: resp.StatusCode, header: resp.Header, body: string(b), err: err}
}

// gwPost posts body with header to base's /move, failing the test on a
// transport error.
func gwPost(t *testing.T, client *http.Client, base, body string, header http.Header) gwResponse {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+"/move", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = header.Clone()
	if req.Header == nil {
		req.Header = http.Header{}
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return gwResponse{status: resp.StatusCode, header: resp.Header, body: string(b)}
}

// waitReadyz polls base's /readyz until it is not 200 or the connection is
// refused, and returns the last status (0 when refused).
func waitReadyz(t *testing.T, base string) int {
	t.Helper()
	for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(5 * time.Millisecond) {
		resp, err := http.Get(base + "/readyz")
		if err != nil {
			return 0
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return resp.StatusCode
		}
	}
	return http.StatusOK
}
