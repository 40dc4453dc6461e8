package main

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestGatewayOwnErrors: the answers nginx makes itself under
// deploy/nginx/movesvc.conf are problems like the service's
// (application/problem+json with type, title, status, detail, request_id
// and errors), not nginx's HTML pages (issue 49): 413 for a body over the
// limit, declared or chunked; 502 when no replica takes the connection;
// 504 when the replicas take it and never answer (the read timeout cut to
// 1 s for the test). The request id in the body is the one in the
// X-Request-Id header: the client's, or one nginx makes up when the
// client's would not be safe to put in JSON. Then deploy/nginx's mtail
// program counts these answers by status from the access log.
func TestGatewayOwnErrors(t *testing.T) {
	nginxBin := findNginx(t)
	client := &http.Client{Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	// Nothing listens on these ports: every connection is refused.
	dead := startNginx(t, nginxBin, []int{freePort(t), freePort(t)})

	big := bytes.Repeat([]byte(" "), 1<<20+1) // over the gateway's limit, whatever it is up to 1 MiB
	for _, tc := range []struct {
		name    string
		base    string
		body    io.Reader
		id      string
		status  int
		problem string
	}{
		{"413 declared length", dead.base, bytes.NewReader(big), "own-errors-413", http.StatusRequestEntityTooLarge, "/problems/body-too-large"},
		{"413 chunked", dead.base, struct{ io.Reader }{bytes.NewReader(big)}, "own-errors-413c", http.StatusRequestEntityTooLarge, "/problems/body-too-large"},
		{"502 no replica", dead.base, strings.NewReader(`{"game":"tictactoe"}`), "own-errors-502", http.StatusBadGateway, "about:blank"},
		{"502 unsafe request id", dead.base, strings.NewReader(`{"game":"tictactoe"}`), `a"b\c`, http.StatusBadGateway, "about:blank"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := gwProblem(t, client, tc.base, tc.body, tc.id, tc.status, tc.problem)
			if strings.ContainsAny(tc.id, `"\`) {
				if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(r.RequestID) {
					t.Errorf("request_id %q for the client's id %q, want one nginx makes up", r.RequestID, tc.id)
				}
			} else if r.RequestID != tc.id {
				t.Errorf("request_id %q, want the client's %q", r.RequestID, tc.id)
			}
		})
	}

	silent := startNginx(t, nginxBin, []int{silentListener(t), silentListener(t)},
		confEdit{"proxy_read_timeout 30s;", "proxy_read_timeout 1s;"})
	t.Run("504 replicas silent", func(t *testing.T) {
		r := gwProblem(t, client, silent.base, strings.NewReader(`{"game":"tictactoe"}`), "own-errors-504", http.StatusGatewayTimeout, "about:blank")
		if r.RequestID != "own-errors-504" {
			t.Errorf("request_id %q, want the client's", r.RequestID)
		}
	})

	// The gateway's metrics: deploy/nginx/movesvc.mtail over the access
	// logs of the two gateways counts each answer above by its status.
	t.Run("mtail counts the answers", func(t *testing.T) {
		want := map[string]float64{"413": 2, "502": 2, "504": 1}
		var got map[string]float64
		for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(50 * time.Millisecond) {
			// nginx writes a line once the answer is sent.
			if got = gatewayResponses(t, dead.accessLog, silent.accessLog); maps.Equal(got, want) {
				return
			}
		}
		t.Errorf("nginx_http_responses_total by status %v, want %v", got, want)
	})
}

// gatewayResponses runs deploy/nginx/movesvc.mtail once over the access
// logs and returns its nginx_http_responses_total by status. mtail
// (Debian's package) is required under CI=true; the test is skipped
// without it elsewhere.
func gatewayResponses(t *testing.T, logs ...string) map[string]float64 {
	t.Helper()
	bin, err := exec.LookPath("mtail")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("mtail is required in CI (apt-get install mtail): not found")
		}
		t.Skip("mtail is not installed (apt-get install mtail)")
	}
	args := []string{"-one_shot", "-one_shot_format", "prometheus", "-emit_prog_label=false", "-logtostderr",
		"-progs", filepath.Join("..", "..", "deploy", "nginx", "movesvc.mtail")}
	for _, l := range logs {
		args = append(args, "-logs", l)
	}
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		t.Fatalf("mtail: %v\n%s", err, out)
	}
	sample := regexp.MustCompile(`(?m)^nginx_http_responses_total\{status="(\d{3})"\} (\d+)$`)
	got := map[string]float64{}
	for _, m := range sample.FindAllStringSubmatch(string(out), -1) {
		n, _ := strconv.ParseFloat(m[2], 64)
		got[m[1]] += n
	}
	return got
}

// gatewayProblem is the part of a problem body the gateway tests read.
type gatewayProblem struct {
	Type, Title, Detail string
	Status              int
	RequestID           string `json:"request_id"`
	Errors              []struct{ Location, Message string }
}

// gwProblem posts body to base's /move with X-Request-Id id and checks that
// the answer is a problem of status and type: application/problem+json,
// every field filled in, and the request id of the body the one of the
// X-Request-Id header.
func gwProblem(t *testing.T, client *http.Client, base string, body io.Reader, id string, status int, typ string) gatewayProblem {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+"/move", body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Id", id)
	r := gwDo(client, req)
	if r.err != nil {
		t.Fatal(r.err)
	}
	if r.status != status || r.header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("%v; want %d application/problem+json", r, status)
	}
	var p gatewayProblem
	if err := json.Unmarshal([]byte(r.body), &p); err != nil {
		t.Fatalf("the problem is not JSON: %v\n%s", err, r.body)
	}
	if p.Type != typ || p.Status != status || p.Title == "" || p.Detail == "" ||
		len(p.Errors) == 0 || p.Errors[0].Location == "" || p.Errors[0].Message == "" {
		t.Errorf("problem %+v; want type %s, status %d, a title, a detail and an error with its location", p, typ, status)
	}
	if p.RequestID == "" || p.RequestID != r.header.Get("X-Request-Id") {
		t.Errorf("request_id %q in the body, %q in X-Request-Id: want the same id in both", p.RequestID, r.header.Get("X-Request-Id"))
	}
	return p
}

// silentListener returns the port of a listener that takes connections
// and never answers, until the test ends.
func silentListener(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return ln.Addr().(*net.TCPAddr).Port
}
