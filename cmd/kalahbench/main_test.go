package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRun measures a few positions of Kalah(3,3) and reports them.
func TestRun(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-pits", "3", "-seeds", "3", "-n", "5", "-games", "1", "-tt-bits", "12"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"random (", "perfect (", "all (", "within 1 s"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestLevels measures the levels on a few positions of Kalah(3,3): full
// strength always plays a best move.
func TestLevels(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-pits", "3", "-seeds", "3", "-levels", "5", "-tt-bits", "12"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "level 10: 0.00 seeds lost a move, a best move 100% of 5") {
		t.Fatalf("full strength is not perfect:\n%s", out.String())
	}
}
