package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"movesvc/engine/kalah"
)

// TestRun builds the book of Kalah(3,3) to one move after the start and
// checks that a search with it agrees with one without.
func TestRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.book")
	if err := run([]string{"-pits", "3", "-seeds", "3", "-rule", "empty", "-plies", "1", "-min-seeds", "12", "-tt-bits", "14", "-out", out}, io.Discard); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	book, err := kalah.ParseBook(data)
	if err != nil || book.Len() == 0 || book.MinSeeds() != 12 {
		t.Fatalf("%v %v", book, err)
	}
	r := kalah.Rules{Pits: 3, Seeds: 3, EmptyCapture: true}
	with := kalah.Search(context.Background(), kalah.NewPosition(r), kalah.Limits{Book: book})
	without := kalah.Search(context.Background(), kalah.NewPosition(r), kalah.Limits{Book: kalah.NewBook(r, 99)})
	if with.Score != without.Score || with.Score != 2 || with.Nodes > without.Nodes {
		t.Fatalf("with the book %+v, without %+v", with, without)
	}
	if got := len(upTo(r, 1)); got != 4 {
		t.Fatalf("start and %d positions one move on, want 3", got-1)
	}
}
