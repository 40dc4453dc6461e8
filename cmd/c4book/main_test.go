package main

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"movesvc/engine/connect4"
)

// TestBuildBook builds a small book below a middle-game position, runs the
// builder again to check it resumes without new work, and checks every entry
// against an independent solve: the score, and that the move achieves it.
func TestBuildBook(t *testing.T) {
	root, err := parseRoot("3455565261655364217")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	progress, out := filepath.Join(dir, "progress.txt"), filepath.Join(dir, "book.bin")
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	depth := root.Moves() + 3
	if err := run(root, depth, progress, out, connect4.MinTableBits, 2, 0, log); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(progress)
	if err := run(root, depth, progress, out, connect4.MinTableBits, 1, 0, log); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(progress); string(again) != string(first) {
		t.Fatal("a second run solved positions again")
	}
	// A spent budget solves nothing more and writes the book of what is
	// known: a deeper run stops at once with the same entries.
	deeper := filepath.Join(dir, "deeper.bin")
	if err := run(root, depth+1, progress, deeper, connect4.MinTableBits, 2, time.Nanosecond, log); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(progress); string(again) != string(first) {
		t.Fatal("a run with a spent budget solved positions")
	}
	if data, err := os.ReadFile(deeper); err != nil {
		t.Fatal(err)
	} else if b, err := connect4.ParseBook(data); err != nil {
		t.Fatal(err)
	} else if b.Complete() != depth {
		t.Fatalf("partial book complete to %d, want %d", b.Complete(), depth)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	book, err := connect4.ParseBook(data)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, l := range Layers(root, depth) {
		want += len(l)
	}
	if book.Len() != want || book.Complete() != depth {
		t.Fatalf("book has %d entries complete to %d, want %d to %d", book.Len(), book.Complete(), want, depth)
	}
	if e, ok := book.Lookup(root); !ok || e.Score != -10 {
		t.Fatalf("root entry %+v %v, want score -10 (Test_L2_R1)", e, ok)
	}
	solver := connect4.NewSolver(connect4.MinTableBits, nil)
	for _, l := range Layers(root, depth) {
		for _, p := range l {
			e, _ := book.Lookup(p)
			solver.Reset()
			if got := solver.Solve(p); got != e.Score {
				t.Fatalf("entry %x: score %d, solver says %d", p.CanonicalKey(), e.Score, got)
			}
			child := p
			if !child.CanPlay(e.Move) {
				t.Fatalf("entry %x: move %d is not playable", p.CanonicalKey(), e.Move)
			}
			child.Play(e.Move)
			solver.Reset()
			if got := -solver.Solve(child); got != e.Score {
				t.Fatalf("entry %x: move %d scores %d, not %d", p.CanonicalKey(), e.Move+1, got, e.Score)
			}
		}
	}
}
