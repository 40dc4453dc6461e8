package kalah

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"movesvc/engine"
)

// TestBookProofs builds a book from the solve of Kalah(4,3)'s start, checks
// that it survives encoding, that a search with it gives the same value as
// one without in fewer nodes, and that every position of the paper's
// perfect game solves to the same value with it as without.
func TestBookProofs(t *testing.T) {
	t.Parallel()
	r := Rules{Pits: 4, Seeds: 3, EmptyCapture: true}
	db, _ := BuildDatabase(r, 4)
	table := NewTable(16)
	empty := NewBook(r, 0) // no proofs: the search without a book
	first := Search(context.Background(), NewPosition(r), Limits{Database: db, Table: table, Book: empty})
	bk := NewBook(r, 14)
	bk.AddProofs(table)
	if bk.Len() == 0 {
		t.Fatal("no proofs harvested")
	}
	data, _ := bk.MarshalBinary()
	parsed, err := ParseBook(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := parsed.MarshalBinary()
	if !bytes.Equal(data, again) || parsed.MinSeeds() != 14 || parsed.Len() != bk.Len() {
		t.Fatal("book does not round-trip")
	}
	with := Search(context.Background(), NewPosition(r), Limits{Database: db, Table: NewTable(16), Book: parsed})
	if with.Score != first.Score || !with.Complete || with.Nodes >= first.Nodes {
		t.Fatalf("with the book %+v, without %+v", with, first)
	}
	p := NewPosition(r)
	for _, pit := range "13103222301320302" { // Table 9's Kalah(4,3) game, dashes dropped
		if p.Over() {
			break
		}
		res := Search(context.Background(), p, Limits{Database: db, Table: NewTable(12), Book: parsed})
		if want := Search(context.Background(), p, Limits{Database: db, Table: NewTable(12), Book: empty}).Score; res.Score != want {
			t.Fatalf("%s: %d with the book, want %d", p, res.Score, want)
		}
		p.Play(moveOf(pit))
	}
	if _, err := ParseBook(data[:len(data)-1]); err == nil {
		t.Fatal("a truncated book parses")
	}
}

// moveOf converts a 0-based pit digit.
func moveOf(c rune) engine.Move { return engine.Move(c - '0') }

// TestDatabaseFile writes a database and reads it back, and rejects a
// corrupted file.
func TestDatabaseFile(t *testing.T) {
	r := Rules{Pits: 3, Seeds: 2, EmptyCapture: true}
	db, _ := BuildDatabase(r, 9)
	dir := t.TempDir()
	path, err := WriteDatabaseFile(db, dir)
	if err != nil || filepath.Base(path) != "kalah-p3-empty-9.db" {
		t.Fatalf("%s %v", path, err)
	}
	back, err := ReadDatabase(path)
	if err != nil || back.MaxSeeds() != 9 || back.Bytes() != DatabaseBytes(3, 9) {
		t.Fatalf("%v %v", back, err)
	}
	for n := range 10 {
		if !bytes.Equal(int8Bytes(back.layers[n]), int8Bytes(db.layers[n])) {
			t.Fatalf("layer %d differs", n)
		}
	}
	data, _ := os.ReadFile(path)
	data[100] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadDatabase(path); err == nil {
		t.Fatal("a corrupted file reads")
	}
}

// TestBookMoveCheckBounded answers a board of the embedded book one move
// from the start (x's pit 1, not the best: the book holds its value from
// the start's proof) with the book's value at once: the check of the
// book's move, which alone takes tens of millions of nodes with a
// 14-seed database, stops at bookCheckNodes, and the answer is the same
// for the same input.
func TestBookMoveCheckBounded(t *testing.T) {
	t.Parallel()
	p, err := ParsePosition(Standard, "position", "0,5,1,6,6,5:1/4,4,4,4,4,4:0/o")
	if err != nil {
		t.Fatal(err)
	}
	first := Search(context.Background(), p, Limits{Table: NewTable(12)})
	if !first.Complete || first.Score != 6 || first.Source != "book" {
		t.Fatalf("got score %d complete %v from %q, want the book's exact 6", first.Score, first.Complete, first.Source)
	}
	if limit := uint64(bookCheckNodes + pollInterval + maxPV*pvNodes); first.Nodes > limit {
		t.Errorf("the book's answer took %d nodes, more than the check's %d", first.Nodes, limit)
	}
	again := Search(context.Background(), p, Limits{Table: NewTable(12)})
	if again.Move != first.Move || again.Nodes != first.Nodes {
		t.Errorf("the same search answered %v in %d nodes, then %v in %d", first.Move, first.Nodes, again.Move, again.Nodes)
	}
}
