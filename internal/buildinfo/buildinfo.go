// Package buildinfo tells which build of movesvc is running: the version
// and commit that the release build stamps into the binary with -ldflags,
//
//	go build -ldflags "-X movesvc/internal/buildinfo.version=v1.2.3 -X movesvc/internal/buildinfo.commit=$(git rev-parse HEAD)" ./cmd/server
//
// or, for a plain go build from a git checkout, what the Go toolchain
// recorded of it (the vcs.revision build setting). The same figures go to
// -version, to the movesvc_build_info metric and to the startup log.
package buildinfo

import (
	"runtime"
	"runtime/debug"

	"github.com/prometheus/client_golang/prometheus"
)

// version and commit are set with -ldflags -X at build time.
var (
	version string
	commit  string
)

// Info is what is known of the running build.
type Info struct {
	// Version is the release version stamped at build time, or the main
	// module's version as the toolchain recorded it ("(devel)" for a
	// build from a checkout), or "unknown".
	Version string
	// Commit is the commit stamped at build time, or the vcs.revision the
	// toolchain recorded (with "-dirty" when the tree had changes), or
	// "unknown".
	Commit string
	// GoVersion is the toolchain that built the binary.
	GoVersion string
}

// Get returns the running build's Info.
func Get() Info {
	info := Info{Version: version, Commit: commit, GoVersion: runtime.Version()}
	if bi, ok := debug.ReadBuildInfo(); ok {
		if info.Version == "" && bi.Main.Version != "" {
			info.Version = bi.Main.Version
		}
		if info.Commit == "" {
			info.Commit = vcsRevision(bi.Settings)
		}
	}
	if info.Version == "" {
		info.Version = "unknown"
	}
	if info.Commit == "" {
		info.Commit = "unknown"
	}
	return info
}

// vcsRevision returns the vcs.revision of settings, with "-dirty" when
// vcs.modified is true, or "".
func vcsRevision(settings []debug.BuildSetting) string {
	var rev string
	var dirty bool
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" && dirty {
		rev += "-dirty"
	}
	return rev
}

// String is the one line -version prints: "movesvc VERSION (commit COMMIT,
// GOVERSION)".
func (i Info) String() string {
	return "movesvc " + i.Version + " (commit " + i.Commit + ", " + i.GoVersion + ")"
}

// Collector returns the movesvc_build_info gauge: always 1, with the
// build's version, commit and Go version as labels, the usual way to put a
// build on dashboards and to join it onto other series.
func (i Info) Collector() prometheus.Collector {
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "movesvc_build_info",
		Help:        "Always 1; the labels name the running build.",
		ConstLabels: prometheus.Labels{"version": i.Version, "commit": i.Commit, "goversion": i.GoVersion},
	})
	g.Set(1)
	return g
}
