package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// TestStampedBuildWins: what -ldflags stamped is what Get reports, in
// String and in the build-info gauge's labels.
func TestStampedBuildWins(t *testing.T) {
	defer func(v, c string) { version, commit = v, c }(version, commit)
	version, commit = "v1.2.3", "abc123"
	info := Get()
	if info.Version != "v1.2.3" || info.Commit != "abc123" || info.GoVersion != runtime.Version() {
		t.Fatalf("Get: %+v", info)
	}
	if got, want := info.String(), "movesvc v1.2.3 (commit abc123, "+runtime.Version()+")"; got != want {
		t.Errorf("String: %q, want %q", got, want)
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(info.Collector())
	want := `
# HELP movesvc_build_info Always 1; the labels name the running build.
# TYPE movesvc_build_info gauge
movesvc_build_info{commit="abc123",goversion="` + runtime.Version() + `",version="v1.2.3"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "movesvc_build_info"); err != nil {
		t.Error(err)
	}
}

// TestUnstampedBuildIsNeverEmpty: without -ldflags every field still has
// a value to show.
func TestUnstampedBuildIsNeverEmpty(t *testing.T) {
	defer func(v, c string) { version, commit = v, c }(version, commit)
	version, commit = "", ""
	if info := Get(); info.Version == "" || info.Commit == "" {
		t.Errorf("Get: %+v", info)
	}
}

func TestVCSRevision(t *testing.T) {
	for _, tc := range []struct {
		settings []debug.BuildSetting
		want     string
	}{
		{nil, ""},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "f00"}, {Key: "vcs.modified", Value: "false"}}, "f00"},
		{[]debug.BuildSetting{{Key: "vcs.modified", Value: "true"}, {Key: "vcs.revision", Value: "f00"}}, "f00-dirty"},
	} {
		if got := vcsRevision(tc.settings); got != tc.want {
			t.Errorf("vcsRevision(%v) = %q, want %q", tc.settings, got, tc.want)
		}
	}
}
