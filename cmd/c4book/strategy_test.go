package main

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"movesvc/engine/connect4"
)

// TestBuildStrategy builds the strategy book below a middle-game position
// and checks it is what the service plays: from the root, and from each
// position after one move from it, following the book's move wherever the
// book's side is to move and trying every reply, every position reached
// with the book's side to move and at most depth stones is in the book
// (unless that side wins at once), with an exact score and a move that
// achieves it; the book holds fewer positions than the whole layers; and a
// second run solves nothing.
func TestBuildStrategy(t *testing.T) {
	root, err := parseRoot("3455565261655364217")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	progress, out := filepath.Join(dir, "progress.txt"), filepath.Join(dir, "book.bin")
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	depth := root.Moves() + 5
	if err := runStrategy(root, depth, progress, out, connect4.MinTableBits, 2, 0, log); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(progress)
	if err := runStrategy(root, depth, progress, out, connect4.MinTableBits, 1, 0, log); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(progress); string(again) != string(first) {
		t.Fatal("a second run solved positions again")
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	book, err := connect4.ParseBook(data)
	if err != nil {
		t.Fatal(err)
	}
	whole := 0
	for _, l := range Layers(root, depth)[root.Moves()+1:] {
		whole += len(l)
	}
	if book.Len() >= whole {
		t.Errorf("strategy book of %d positions, the whole layers have %d", book.Len(), whole)
	}

	solver := connect4.NewSolver(connect4.MinTableBits, nil)
	visited := 0
	var walk func(p connect4.Position, side int)
	walk = func(p connect4.Position, side int) {
		if p.Moves() > depth || p.Moves() == connect4.Cells || p.CanWinNext() {
			return
		}
		if p.Moves()%2 != side {
			for c := range connect4.Width {
				if p.CanPlay(c) {
					q := p
					q.Play(c)
					walk(q, side)
				}
			}
			return
		}
		visited++
		e, ok := book.Lookup(p)
		if !ok {
			t.Fatalf("position %x (%d stones) of the strategy is not in the book", p.Key(), p.Moves())
		}
		solver.Reset()
		if got := solver.Solve(p); got != e.Score {
			t.Fatalf("entry %x: score %d, solver says %d", p.Key(), e.Score, got)
		}
		after := p
		after.Play(e.Move)
		solver.Reset()
		if after.Moves() < connect4.Cells {
			if got := -solver.Solve(after); got != e.Score {
				t.Fatalf("entry %x: move %d scores %d, not %d", p.Key(), e.Move+1, got, e.Score)
			}
		}
		walk(after, side)
	}
	walk(root, root.Moves()%2)
	walk(root, 1-root.Moves()%2)
	if visited == 0 {
		t.Fatal("no strategy position visited")
	}
	t.Logf("%d positions visited, book of %d, whole layers %d", visited, book.Len(), whole)
}
