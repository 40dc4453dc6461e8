// Package longtest gates the long checks of the test suite: exhaustive test
// sets, strength ladders and games, all puzzles, process-level load runs.
// The plain test command (go test -race ./...) leaves them out so that it
// stays fast on a loaded 2-core machine; .ci/run turns them on, so CI keeps
// checking them, without the race detector (they are single-threaded
// searches, which it slows ten- to thirtyfold):
//
//	MOVESVC_LONG_TESTS=1 go test ./...
package longtest

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the long checks on when set to
// anything but "" or "0".
const Env = "MOVESVC_LONG_TESTS"

// Enabled reports whether the long checks run.
func Enabled() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// Skip skips t unless the long checks run, saying how to run it.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skipf("long check: %s=1 runs it (.ci/run does)", Env)
	}
}

// Pick returns quick normally and long when the long checks run: the size of
// a sample that the quick run keeps small and the long run takes whole.
func Pick[T any](quick, long T) T {
	if Enabled() {
		return long
	}
	return quick
}
