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

// TestParentScores checks the scores a layer's entries prove for the next
// layer against independent solves, and that an entry contradicting
// another is reported. The root is a position of Test_L2_R1 whose next
// three layers solve in milliseconds.
func TestParentScores(t *testing.T) {
	root, err := parseRoot("16445643742326746657")
	if err != nil {
		t.Fatal(err)
	}
	layers := Layers(root, root.Moves()+3)
	parents, children := layers[root.Moves()+2], layers[root.Moves()+3]
	solver := connect4.NewSolver(connect4.MinTableBits, nil)
	known := map[uint64]connect4.BookEntry{}
	for _, p := range parents {
		e := solveEntry(solver, p, known, 0, false)
		known[p.CanonicalKey()] = e
	}
	scores, err := parentScores(parents, known)
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) == 0 || len(scores) >= len(children) {
		t.Fatalf("%d of %d children scored by their parents, want some but not all", len(scores), len(children))
	}
	for _, p := range children {
		score, ok := scores[p.CanonicalKey()]
		if !ok {
			continue
		}
		solver.Reset()
		if got := solver.Solve(p); got != score {
			t.Fatalf("position %x: parents say %d, the solver %d", p.CanonicalKey(), score, got)
		}
	}
	// Two parents of one child: one whose entry's move makes it and says
	// the parent scores 5 (the child -5), another that says 3 (the child at
	// least -3). They contradict each other.
	firstParent := map[uint64]connect4.Position{}
	reported, found := false, false
	for _, p := range parents {
		layerChildren(p, func(c int, child connect4.Position) {
			q, seen := firstParent[child.CanonicalKey()]
			if !seen {
				firstParent[child.CanonicalKey()] = p
				return
			}
			if found || q.CanonicalKey() == p.CanonicalKey() {
				return
			}
			found = true
			wrong := map[uint64]connect4.BookEntry{
				p.CanonicalKey(): {Score: 5, Move: c},
				q.CanonicalKey(): {Score: 3, Move: -1},
			}
			_, err := parentScores(parents, wrong)
			reported = err != nil
		})
	}
	if !found {
		t.Fatal("no child with two parents")
	}
	if !reported {
		t.Fatal("contradicting entries were not reported")
	}
}
