package race

import (
	"os"
	"strings"
	"syscall"
	"testing"
)

// NoExitSleep makes every race-built process this one starts from now on
// (a test binary run again as a fake engine or brain) exit at once: the
// race runtime otherwise sleeps a second before a process exits
// (GORACE's atexit_sleep_ms, 1000 by default), which a test that starts a
// process a game pays in every game. It appends the option to GORACE, so
// options the caller set stay; it changes nothing without the race
// detector, whose binaries read no GORACE. Call it from TestMain.
func NoExitSleep() {
	opts := strings.TrimSpace(os.Getenv("GORACE") + " atexit_sleep_ms=0")
	_ = os.Setenv("GORACE", opts)
}

// Exit ends a test binary with code, as os.Exit does, but a passing one
// under the race detector at once: os.Exit(0) first runs the race
// runtime's finaliser, which sleeps a second (GORACE's atexit_sleep_ms),
// and a quick run of some thirty packages paid half a minute of it. What
// the finaliser would report is already reported: the testing package
// fails the test during which a race is found, so a binary with a race
// never exits 0. With coverage on, Exit is os.Exit, whose hooks write the
// counters. Call it from TestMain with m.Run()'s code.
func Exit(code int) {
	if Enabled && code == 0 && testing.CoverMode() == "" {
		syscall.Exit(0)
	}
	os.Exit(code)
}
