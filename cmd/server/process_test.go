package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// server is the real binary running as a child process.
type server struct {
	cmd  *exec.Cmd
	base string
	logs *syncBuffer
	exit chan error
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startBinary builds the server into a temporary directory and starts it
// on a random port with args, returning once it has said where it listens.
func startBinary(t *testing.T, args ...string) *server {
	t.Helper()
	return startBuilt(t, buildBinary(t), nil, args...)
}

// testVersion and testCommit are stamped into the binary the tests build,
// by -ldflags as the image build does.
const testVersion, testCommit = "v9.9.9-test", "0123abcd"

// buildBinary returns the server built, static and stamped with
// testVersion and testCommit; it skips the test under -short. It builds
// once per test process, into a folder TestMain removes, so the tests that
// run the binary share one link.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	builds.Lock()
	defer builds.Unlock()
	if builds.bin != "" {
		return builds.bin
	}
	if builds.dir == "" {
		dir, err := os.MkdirTemp("", "movesvc-build-")
		if err != nil {
			t.Fatal(err)
		}
		builds.dir = dir
	}
	bin := filepath.Join(builds.dir, "movesvc")
	ldflags := "-X movesvc/internal/buildinfo.version=" + testVersion + " -X movesvc/internal/buildinfo.commit=" + testCommit
	build := exec.Command("go", "build", "-o", bin, "-ldflags", ldflags, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	builds.bin = bin
	return bin
}

// builds holds the binary buildBinary made and its folder.
var builds struct {
	sync.Mutex
	dir, bin string
}

// removeBuilds removes the binary buildBinary made.
func removeBuilds() {
	if builds.dir != "" {
		_ = os.RemoveAll(builds.dir)
	}
}

// startBuilt starts the server binary bin on a random port with args and
// env added to the test's environment, returning once it has said where it
// listens.
func startBuilt(t *testing.T, bin string, env []string, args ...string) *server {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"-addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, logs: &syncBuffer{}, exit: make(chan error, 1)}
	addr := make(chan string, 1)
	copied := make(chan struct{})
	go func() {
		defer close(copied)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			_, _ = s.logs.Write([]byte(line + "\n")) // a syncBuffer: writes do not fail
			var rec struct{ Msg, Addr string }
			if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "listening" {
				addr <- rec.Addr
			}
		}
	}()
	go func() {
		<-copied // Wait must not close the pipe before the log is read
		s.exit <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-s.exit //nolint:errcheck // killed: the exit error says so
		}
	})
	select {
	case a := <-addr:
		s.base = "http://" + a
	case err := <-s.exit:
		t.Fatalf("the server exited at start: %v\n%s", err, s.logs.String())
	case <-time.After(30 * time.Second):
		t.Fatalf("the server did not start\n%s", s.logs.String())
	}
	return s
}

// metric reads one unlabelled series from the server's /metrics.
func (s *server) metric(t *testing.T, name string) float64 {
	t.Helper()
	resp, err := http.Get(s.base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var v float64
		if n, _ := strings.CutPrefix(sc.Text(), name+" "); n != sc.Text() {
			if err := json.Unmarshal([]byte(n), &v); err == nil {
				return v
			}
		}
	}
	t.Fatalf("/metrics has no %s", name)
	return 0
}

// TestSIGTERMUnderLoad runs the real binary with two long searches in
// flight and a stream of short requests, and sends SIGTERM: /readyz turns
// 503 while the searches still run, a new search in the shutdown delay is
// still answered 200 (a balancer may send it before it notices), the
// process then drains (new searches refused with 503, the listener
// closed), the searches in flight are answered 200, no request gets
// another 5xx, and the process exits 0, which it does only when every
// request finished within the grace period.
func TestSIGTERMUnderLoad(t *testing.T) {
	srv := startBinary(t, "-max-searches", "3", "-queue-size", "-1", "-shutdown-delay", "1s", "-shutdown-grace", "10s", "-log-level", "info")
	client := &http.Client{Timeout: 20 * time.Second}
	defer client.CloseIdleConnections()
	post := func(body string) (int, http.Header, error) {
		resp, err := client.Post(srv.base+"/move", "application/json", strings.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		defer func() { _ = resp.Body.Close() }()
		_, _ = io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, resp.Header, nil
	}

	// Two searches that run to their 3 s deadline.
	long := `{"game":"gomoku","moves":["j10","k11","k10","j11"],"size":19,"depth":20,"timeout_ms":3000}`
	inFlight := make(chan int, 2)
	for range 2 {
		go func() {
			status, _, err := post(long)
			if err != nil {
				t.Errorf("in-flight search: %v", err)
			}
			inFlight <- status
		}()
	}
	for srv.metric(t, "movesvc_searches_in_flight") != 2 {
		time.Sleep(5 * time.Millisecond)
	}

	// Load: short searches back to back until the listener closes.
	stopLoad := make(chan struct{})
	loadDone := make(chan map[int]int)
	firstOK := make(chan struct{})
	go func() {
		counts := map[int]int{}
		for {
			select {
			case <-stopLoad:
				loadDone <- counts
				return
			default:
			}
			status, _, err := post(`{"game":"tictactoe","moves":["b2"]}`)
			if err != nil {
				status = -1 // refused once the listener is closed
			}
			counts[status]++
			if status == http.StatusOK && counts[status] == 1 {
				close(firstOK)
			}
		}
	}()
	select { // the load is on before the signal
	case <-firstOK:
	case <-time.After(30 * time.Second):
		t.Fatalf("no short request answered 200 before SIGTERM\n%s", srv.logs.String())
	}

	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for {
		resp, err := client.Get(srv.base + "/readyz")
		if err != nil {
			t.Fatalf("readyz: %v", err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode == http.StatusServiceUnavailable {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	select {
	case status := <-inFlight:
		t.Fatalf("a search in flight was answered (%d) before readyz turned 503", status)
	default:
	}
	status, _, err := post(`{"game":"connect4","moves":["4"]}`)
	if err != nil || status != http.StatusOK {
		t.Errorf("a new search in the shutdown delay: %d %v; want 200", status, err)
	}
	if strings.Contains(srv.logs.String(), `"msg":"draining"`) {
		t.Errorf("the server drained before the 1 s shutdown delay ran out:\n%s", srv.logs.String())
	}

	for range 2 {
		if status := <-inFlight; status != http.StatusOK {
			t.Errorf("a search in flight at SIGTERM was answered %d", status)
		}
	}
	select {
	case err := <-srv.exit:
		close(stopLoad)
		if err != nil {
			t.Fatalf("exit: %v, want 0 (all requests done within the grace period)\n%s", err, srv.logs.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the server did not exit\n%s", srv.logs.String())
	}
	counts := <-loadDone
	for status, n := range counts {
		if status != http.StatusOK && status != http.StatusServiceUnavailable && status != -1 {
			t.Errorf("%d short requests answered %d", n, status)
		}
	}
	if counts[http.StatusOK] == 0 || counts[http.StatusServiceUnavailable]+counts[-1] == 0 {
		t.Errorf("short requests %v: want some answered and some refused (503, or the connection) once drained", counts)
	}
	logs := srv.logs.String()
	if !strings.Contains(logs, `"msg":"shutting down"`) || !strings.Contains(logs, `"msg":"draining"`) || !strings.Contains(logs, `"msg":"stopped"`) {
		t.Errorf("the log lacks the shutdown:\n%s", logs)
	}
}
