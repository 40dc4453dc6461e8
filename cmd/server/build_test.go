package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"testing"
)

// TestBuildIsNamedEverywhere builds the binary with a version and commit
// stamped by -ldflags, as the image build does, and finds them in
// -version's output, in the startup log and in movesvc_build_info. The
// server runs with GOMAXPROCS=1, as under a one-CPU container limit: the
// log shows one processor (the server no longer raises it) and one search
// slot (the default follows the CPUs the process may use).
func TestBuildIsNamedEverywhere(t *testing.T) {
	const version, commit = testVersion, testCommit
	bin := buildBinary(t)
	out, err := exec.Command(bin, "-version").Output()
	if err != nil {
		t.Fatalf("-version: %v", err)
	}
	if got := string(out); !strings.HasPrefix(got, "movesvc "+version+" (commit "+commit+", go") {
		t.Errorf("-version printed %q", got)
	}

	srv := startBuilt(t, bin, []string{"GOMAXPROCS=1"}, "-shutdown-delay", "-1s")
	var starting, listening struct {
		Version, Commit, Go string
		GOMAXPROCS          int    `json:"gomaxprocs"`
		MaxSearches         int    `json:"max_searches"`
		MaxTimeout          string `json:"max_timeout"`
	}
	for line := range strings.SplitSeq(srv.logs.String(), "\n") {
		switch {
		case strings.Contains(line, `"msg":"starting"`):
			_ = json.Unmarshal([]byte(line), &starting)
		case strings.Contains(line, `"msg":"listening"`):
			_ = json.Unmarshal([]byte(line), &listening)
		}
	}
	if starting.Version != version || starting.Commit != commit || !strings.HasPrefix(starting.Go, "go") || starting.GOMAXPROCS != 1 {
		t.Errorf("startup log %+v, want version %s, commit %s, gomaxprocs 1\n%s", starting, version, commit, srv.logs.String())
	}
	if listening.MaxSearches != 1 || listening.MaxTimeout != "10s" {
		t.Errorf("listening log %+v, want max_searches 1 and max_timeout \"10s\" (a duration as a string)", listening)
	}

	resp, err := http.Get(srv.base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := `movesvc_build_info{commit="` + commit + `",goversion="go`; !strings.Contains(string(body), want) ||
		!strings.Contains(string(body), `version="`+version+`"} 1`) {
		t.Errorf("/metrics lacks movesvc_build_info for %s %s", version, commit)
	}
	http.DefaultClient.CloseIdleConnections()
}
