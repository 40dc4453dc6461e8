package main

import (
	"io"
	"path/filepath"
	"testing"

	"movesvc/engine/kalah"
)

// TestRun builds both databases of a small variant and reads them back.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	if err := run([]string{"-pits", "3", "-seeds", "8", "-rule", "both", "-dir", dir}, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"kalah-p3-standard-8.db", "kalah-p3-empty-8.db"} {
		d, err := kalah.ReadDatabase(filepath.Join(dir, name))
		if err != nil || d.MaxSeeds() != 8 {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if err := run([]string{"-rule", "other"}, io.Discard); err == nil {
		t.Fatal("a bad rule is accepted")
	}
}
