package main

import (
	"bytes"
	"os"
	"path/filepath"
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

// TestPositionsFile solves the positions of a file, its comments and
// blank lines skipped, the lines of kalahbench's own output read too.
func TestPositionsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "positions.txt")
	text := "# Kalah(3,3)\n3,3,3:0/3,3,3:0/x\n\nfile     3,3,0:1/4,4,3:0/o   seeds 17\n"
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run([]string{"-pits", "3", "-seeds", "3", "-positions", path, "-tt-bits", "12", "-max-nodes", "100000"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3,3,3:0/3,3,3:0/x", "3,3,0:1/4,4,3:0/o", "file (2 positions)"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("report lacks %q:\n%s", want, out.String())
		}
	}
}
