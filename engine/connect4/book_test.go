package connect4

import "testing"

// TestEmbeddedBook checks the embedded book: the published column values of
// the empty board, entries that agree with their children where those are
// in the book, and moves that achieve the entries' scores.
func TestEmbeddedBook(t *testing.T) {
	t.Parallel()
	book := DefaultBook()
	if book.Complete() < 1 || book.Len() == 0 {
		t.Fatalf("book complete to %d stones with %d entries", book.Complete(), book.Len())
	}
	// The empty board's columns score -2 -1 0 1 0 -1 -2 for the first player.
	for c, want := range []int{-2, -1, 0, 1, 0, -1, -2} {
		var p Position
		p.Play(c)
		e, ok := book.Lookup(p)
		if !ok || -e.Score != want {
			t.Fatalf("column %d: book %+v %v, want %d for the first player", c+1, e, ok, want)
		}
	}
	checked := 0
	book.Each(func(key uint64, e BookEntry) {
		p := positionFromKey(key)
		if p.CanWinNext() || !p.CanPlay(e.Move) {
			t.Fatalf("entry %x: immediate win or unplayable move %d", key, e.Move+1)
		}
		best, all := -Cells, true
		for c := range Width {
			if !p.CanPlay(c) {
				continue
			}
			child := p
			child.Play(c)
			var v int
			if child.CanWinNext() {
				v = (Cells + 1 - child.moves) / 2
			} else if ce, ok := book.Lookup(child); ok {
				v = ce.Score
			} else {
				all = false
				continue
			}
			best = max(best, -v)
			if c == e.Move && -v != e.Score {
				t.Fatalf("entry %x scores %d but its move %d scores %d", key, e.Score, c+1, -v)
			}
		}
		if all {
			checked++
			if best != e.Score {
				t.Fatalf("entry %x scores %d, its children %d", key, e.Score, best)
			}
		}
	})
	if checked == 0 {
		t.Fatal("no entry had all its children in the book")
	}
}

func TestBookRoundTrip(t *testing.T) {
	data, err := DefaultBook().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	again, err := ParseBook(data)
	if err != nil || again.Len() != DefaultBook().Len() || again.Complete() != DefaultBook().Complete() {
		t.Fatalf("round trip: %v", err)
	}
	for _, bad := range [][]byte{nil, []byte("C4BOOK1\n"), append([]byte(nil), data[:len(data)-1]...)} {
		if _, err := ParseBook(bad); err == nil {
			t.Fatalf("ParseBook accepted %d bytes of garbage", len(bad))
		}
	}
}
