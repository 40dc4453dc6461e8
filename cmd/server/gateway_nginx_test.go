package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The gateway tests run deploy/nginx/movesvc.conf as it is shipped but for
// the addresses on its marked lines, in Debian's nginx, in front of the
// real binary (gateway_test.go, gateway_burst_test.go) or of listeners
// that fail on purpose (gateway_errors_test.go). This file starts nginx
// and talks to it.

// findNginx returns the nginx binary: required under CI=true, the test
// skipped with a message elsewhere when nginx is missing.
func findNginx(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs nginx and the binary")
	}
	if bin, err := exec.LookPath("nginx"); err == nil {
		return bin
	}
	const debian = "/usr/sbin/nginx"
	if _, err := os.Stat(debian); err == nil {
		return debian
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("nginx is required in CI (apt-get install nginx): not found")
	}
	t.Skip("nginx is not installed (apt-get install nginx); the gateway tests need it")
	return ""
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

// confEdit replaces the one occurrence of Old in the shipped config with
// New: a test's change to a setting it cannot wait for (a 30 s timeout).
type confEdit struct{ Old, New string }

// replicaAddr is a replica's address on a "# replica" line.
var replicaAddr = regexp.MustCompile(`\b127\.0\.0\.1:[0-9]+\b`)

// gatewayConf returns the shipped config with each distinct replica
// address of its "# replica" lines, in the order they first appear,
// replaced by the matching one of replicaPorts, its "# gateway" listen
// line by gatewayPort, its "# access log" line writing to accessLog, and
// edits applied.
func gatewayConf(t *testing.T, replicaPorts []int, gatewayPort int, accessLog string, edits ...confEdit) string {
	t.Helper()
	shipped, err := os.ReadFile(filepath.Join("..", "..", "deploy", "nginx", "movesvc.conf"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(shipped)
	for _, e := range edits {
		if strings.Count(text, e.Old) != 1 {
			t.Fatalf("deploy/nginx/movesvc.conf has %q %d times, want once", e.Old, strings.Count(text, e.Old))
		}
		text = strings.Replace(text, e.Old, e.New, 1)
	}
	ports := map[string]string{}
	var conf []string
	gateways, logs := 0, 0
	for line := range strings.SplitSeq(text, "\n") {
		switch {
		case strings.HasSuffix(line, "# replica"):
			line = replicaAddr.ReplaceAllStringFunc(line, func(addr string) string {
				if _, ok := ports[addr]; !ok && len(ports) < len(replicaPorts) {
					ports[addr] = fmt.Sprintf("127.0.0.1:%d", replicaPorts[len(ports)])
				}
				return ports[addr]
			})
		case strings.HasSuffix(line, "# gateway"):
			line = fmt.Sprintf("    listen 127.0.0.1:%d; # gateway", gatewayPort)
			gateways++
		case strings.HasSuffix(line, "# access log"):
			fields := strings.Fields(line)
			if len(fields) < 3 || fields[0] != "access_log" {
				t.Fatalf("deploy/nginx/movesvc.conf: %q is not an access_log line", line)
			}
			fields[1] = accessLog
			line = "    " + strings.Join(fields, " ")
			logs++
		}
		conf = append(conf, line)
	}
	if len(ports) != len(replicaPorts) || gateways != 1 || logs != 1 {
		t.Fatalf("deploy/nginx/movesvc.conf names %d replica addresses on its \"# replica\" lines and has %d \"# gateway\" and %d \"# access log\" lines; the test replaces %d, 1 and 1",
			len(ports), gateways, logs, len(replicaPorts))
	}
	return strings.Join(conf, "\n")
}

// gateway is a running nginx with the shipped config.
type gateway struct {
	base      string // its URL
	accessLog string // the file of its "# access log" line
}

// startNginx runs nginx in the foreground with the shipped config for
// replicaPorts (gatewayConf), and returns it once it takes connections (a
// request would reach, and might count against, a replica).
func startNginx(t *testing.T, nginxBin string, replicaPorts []int, edits ...confEdit) gateway {
	t.Helper()
	port := freePort(t)
	dir := t.TempDir()
	gw := gateway{base: fmt.Sprintf("http://127.0.0.1:%d", port), accessLog: filepath.Join(dir, "movesvc.log")}
	if err := os.WriteFile(filepath.Join(dir, "movesvc.conf"), []byte(gatewayConf(t, replicaPorts, port, gw.accessLog, edits...)), 0o644); err != nil {
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
			t.Logf("nginx access log, answers other than 200 (status, time, client, request, bytes, replicas tried, their statuses, their times, request id):\n%s", unsuccessful(gw.accessLog))
		}
	})
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-exited:
			errLog, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Fatalf("nginx exited: %v\n%s\n%s", err, out.String(), errLog)
		default:
		}
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return gw
		}
		if time.Since(start) > 30*time.Second {
			t.Fatalf("nginx did not answer\n%s", out.String())
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

// String describes the answer for a failure message.
func (r gwResponse) String() string {
	if r.err != nil {
		return r.err.Error()
	}
	return fmt.Sprintf("%d %s Retry-After %q: %.300s", r.status, r.header.Get("Content-Type"), r.header.Get("Retry-After"), r.body)
}

// gwDo sends req and returns the answer or the transport error.
func gwDo(client *http.Client, req *http.Request) gwResponse {
	resp, err := client.Do(req)
	if err != nil {
		return gwResponse{err: err}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return gwResponse{status: resp.StatusCode, header: resp.Header, body: string(b), err: err}
}

// gwPostErr posts body to base's /move and returns the answer or the error.
func gwPostErr(client *http.Client, base, body string) gwResponse {
	req, err := http.NewRequest(http.MethodPost, base+"/move", strings.NewReader(body))
	if err != nil {
		return gwResponse{err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	return gwDo(client, req)
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
	r := gwDo(client, req)
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r
}

// isServiceOverload reports whether r is the service's own 503 for a full
// replica: its problem, with Retry-After.
func isServiceOverload(r gwResponse) bool {
	return r.err == nil && r.status == http.StatusServiceUnavailable && r.header.Get("Retry-After") != "" &&
		r.header.Get("Content-Type") == "application/problem+json" && strings.Contains(r.body, `"type":"/problems/overloaded"`)
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

// unsuccessful returns the lines of the access log at path whose status is
// not 200, at most 50, for a failed test's log: each names the replicas a
// request tried and what each answered.
func unsuccessful(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	var out []string
	for line := range strings.SplitSeq(strings.TrimSpace(string(b)), "\n") {
		if !strings.HasPrefix(line, "200 ") && len(out) < 50 {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
