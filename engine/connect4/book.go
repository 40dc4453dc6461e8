package connect4

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
)

// Book holds exact scores of positions, looked up by canonical key. Every
// position with at most Complete stones (that is not over and where the
// side to move cannot win at once) is in it; positions with more stones, up
// to Depth, may be. A Book is read-only and safe for concurrent use.
type Book struct {
	complete int
	depth    int
	entries  []uint64 // sorted; key<<entryKeyShift | move<<8 | score+scoreBias
}

// bookMagic starts a book file; the layout follows: complete and depth
// (one byte each), two zero bytes, the entry count (uint32), then the
// entries (uint64 each), all little-endian.
const bookMagic = "C4BOOK1\n"

const (
	scoreBias     = 64
	entryKeyShift = 11
)

// BookEntry is the exact score of a position and a move that achieves it.
type BookEntry struct {
	Score int
	Move  int
}

// NewBook returns a book of the given entries by canonical key (moves as
// in the canonical orientation); complete is the number of stones up to
// which it covers every position.
func NewBook(complete int, scores map[uint64]BookEntry) *Book {
	b := &Book{complete: complete, depth: complete, entries: make([]uint64, 0, len(scores))}
	for k, v := range scores {
		b.entries = append(b.entries, k<<entryKeyShift|uint64(v.Move)<<8|uint64(v.Score+scoreBias))
		b.depth = max(b.depth, keyStones(k))
	}
	slices.Sort(b.entries)
	return b
}

// keyStones returns the number of stones of the position with key k.
func keyStones(k uint64) int {
	p := positionFromKey(k)
	return p.moves
}

// positionFromKey decodes a key. Column by column the key holds the side to
// move's stones plus 2^h - 1 for a column of h stones, so adding one puts
// a single marker bit above the top stone.
func positionFromKey(k uint64) Position {
	var p Position
	for c := range Width {
		col := k>>(c*stride)&(1<<stride-1) + 1
		h := 63 - bits.LeadingZeros64(col)
		p.mask |= (1<<h - 1) << (c * stride)
		p.current |= (col - 1<<h) << (c * stride)
		p.moves += h
	}
	return p
}

// ParseBook reads a book in the format MarshalBinary writes.
func ParseBook(data []byte) (*Book, error) {
	if len(data) < len(bookMagic)+8 || string(data[:len(bookMagic)]) != bookMagic {
		return nil, errors.New("connect4: not a book file")
	}
	h := data[len(bookMagic):]
	b := &Book{complete: int(h[0]), depth: int(h[1])}
	n := int(binary.LittleEndian.Uint32(h[4:8]))
	body := h[8:]
	if len(body) != 8*n {
		return nil, fmt.Errorf("connect4: book has %d bytes of entries, want %d", len(body), 8*n)
	}
	b.entries = make([]uint64, n)
	for i := range b.entries {
		b.entries[i] = binary.LittleEndian.Uint64(body[8*i:])
		if i > 0 && b.entries[i] <= b.entries[i-1] {
			return nil, errors.New("connect4: book entries out of order")
		}
	}
	return b, nil
}

// MarshalBinary encodes the book for ParseBook.
func (b *Book) MarshalBinary() ([]byte, error) {
	out := make([]byte, 0, len(bookMagic)+8+8*len(b.entries))
	out = append(out, bookMagic...)
	out = append(out, byte(b.complete), byte(b.depth), 0, 0)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(b.entries)))
	for _, e := range b.entries {
		out = binary.LittleEndian.AppendUint64(out, e)
	}
	return out, nil
}

// Complete returns the number of stones up to which every position is in
// the book.
func (b *Book) Complete() int { return b.complete }

// Depth returns the largest number of stones of a position in the book.
func (b *Book) Depth() int { return b.depth }

// Len returns the number of positions in the book.
func (b *Book) Len() int { return len(b.entries) }

// lookup returns the entry of the position with canonical key key, its
// move in the canonical orientation.
func (b *Book) lookup(key uint64) (BookEntry, bool) {
	lo, hi := 0, len(b.entries)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if b.entries[mid]>>entryKeyShift < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(b.entries) && b.entries[lo]>>entryKeyShift == key {
		e := b.entries[lo]
		return BookEntry{Score: int(e&0xff) - scoreBias, Move: int(e >> 8 & 7)}, true
	}
	return BookEntry{}, false
}

// Lookup returns the exact score of p and a column that achieves it.
func (b *Book) Lookup(p Position) (BookEntry, bool) {
	if b == nil || p.moves > b.depth {
		return BookEntry{}, false
	}
	k, mirrored := canonicalKey(p.Key())
	e, ok := b.lookup(k)
	if ok && mirrored {
		e.Move = Width - 1 - e.Move
	}
	return e, ok
}

// Each calls fn with every entry's canonical key, in key order.
func (b *Book) Each(fn func(key uint64, e BookEntry)) {
	for _, e := range b.entries {
		fn(e>>entryKeyShift, BookEntry{Score: int(e&0xff) - scoreBias, Move: int(e >> 8 & 7)})
	}
}

//go:embed book/book.bin
var bookData []byte

// DefaultBook returns the book embedded in the binary, built by
// cmd/c4book.
var DefaultBook = sync.OnceValue(func() *Book {
	b, err := ParseBook(bookData)
	if err != nil {
		panic("connect4: embedded book: " + err.Error())
	}
	return b
})
