package kalah

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// Book holds proved bounds on the values of boards with many seeds, near
// the start of a variant, where the search would take long: the proofs a
// solve of the start (and of the positions cmd/kalahbook is given) leaves
// in its table, kept for the boards with at least MinSeeds seeds. The
// search consults it like a table that is never overwritten. A Book is
// read-only and safe for concurrent use.
type Book struct {
	v        variant
	minSeeds int
	entries  []bookEntry // sorted by key
}

// bookEntry is a board's key and its proved bounds and best move.
type bookEntry struct {
	lo    uint64
	hi    uint32
	lower int8
	upper int8
	move  int8
}

// MinSeeds returns the fewest seeds of a board the book holds.
func (bk *Book) MinSeeds() int { return bk.minSeeds }

// Len returns the number of boards in the book.
func (bk *Book) Len() int { return len(bk.entries) }

// lookup returns what the book holds of the board with key (lo, hi).
func (bk *Book) lookup(lo, hi uint64) (ttEntry, bool) {
	i, ok := slices.BinarySearchFunc(bk.entries, bookEntry{lo: lo, hi: uint32(hi)}, compareEntries)
	if !ok {
		return ttEntry{}, false
	}
	e := &bk.entries[i]
	return ttEntry{lo: int(e.lower), hi: int(e.upper), depth: provenDepth, move: int(e.move), found: true}, true
}

// compareEntries orders entries by key.
func compareEntries(a, b bookEntry) int {
	if a.lo != b.lo {
		if a.lo < b.lo {
			return -1
		}
		return 1
	}
	return int(a.hi) - int(b.hi)
}

// NewBook returns an empty book of r's pits and capture rule for boards
// of at least minSeeds seeds.
func NewBook(r Rules, minSeeds int) *Book {
	return &Book{v: variant{m: r.Pits, emptyCapture: r.EmptyCapture}, minSeeds: minSeeds}
}

// AddProofs adds to the book the proved bounds the table holds of boards
// with at least MinSeeds seeds, narrowing those it already has. The table
// must have served the book's variant.
func (bk *Book) AddProofs(t *Table) {
	byKey := make(map[[2]uint64]int, len(bk.entries))
	for i, e := range bk.entries {
		byKey[[2]uint64{e.lo, uint64(e.hi)}] = i
	}
	for i := range t.buckets {
		for k := range t.buckets[i] {
			e := &t.buckets[i][k]
			u := unpack(e.data)
			if e.data>>48&0xff == 0 || !u.proven() {
				continue
			}
			var b board
			binary.LittleEndian.PutUint64(b[0:8], e.lo)
			binary.LittleEndian.PutUint32(b[8:12], uint32(e.data))
			if bk.v.seeds(&b) < bk.minSeeds {
				continue
			}
			key := [2]uint64{e.lo, uint64(uint32(e.data))}
			move := int8(noMove) // only a lower bound's move is known to reach it
			if u.lo > -bk.v.seeds(&b) {
				move = int8(u.move)
			}
			if j, ok := byKey[key]; ok {
				old := &bk.entries[j]
				if int8(u.lo) > old.lower {
					old.lower, old.move = int8(u.lo), move
				}
				old.upper = min(old.upper, int8(u.hi))
				continue
			}
			byKey[key] = len(bk.entries)
			bk.entries = append(bk.entries, bookEntry{lo: e.lo, hi: uint32(e.data), lower: int8(u.lo), upper: int8(u.hi), move: move})
		}
	}
	slices.SortFunc(bk.entries, compareEntries)
}

// bookMagic starts a book file; then the pits, 1 for empty capture or 0,
// MinSeeds (a byte each), a zero byte, the entry count (uint32), and the
// entries of 16 bytes: the key's words (uint64, uint32), the lower and
// upper bounds and the move (int8 each), a zero byte; all little-endian.
const bookMagic = "KALAHBK1"

// MarshalBinary encodes the book in the format ParseBook reads.
func (bk *Book) MarshalBinary() ([]byte, error) {
	out := make([]byte, 0, 16+16*len(bk.entries))
	out = append(out, bookMagic...)
	capture := byte(0)
	if bk.v.emptyCapture {
		capture = 1
	}
	out = append(out, byte(bk.v.m), capture, byte(bk.minSeeds), 0)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(bk.entries)))
	for _, e := range bk.entries {
		out = binary.LittleEndian.AppendUint64(out, e.lo)
		out = binary.LittleEndian.AppendUint32(out, e.hi)
		out = append(out, byte(e.lower), byte(e.upper), byte(e.move), 0)
	}
	return out, nil
}

// ParseBook decodes a book that MarshalBinary encoded.
func ParseBook(data []byte) (*Book, error) {
	if len(data) < 16 || string(data[:8]) != bookMagic {
		return nil, errors.New("kalah: not a book")
	}
	r := Rules{Pits: int(data[8]), Seeds: 1, EmptyCapture: data[9] == 1}
	n := int(binary.LittleEndian.Uint32(data[12:16]))
	if r.Validate() != nil || len(data) != 16+16*n {
		return nil, fmt.Errorf("kalah: book of %d bytes: bad header or size", len(data))
	}
	bk := NewBook(r, int(data[10]))
	bk.entries = make([]bookEntry, n)
	for i := range n {
		d := data[16+16*i:]
		bk.entries[i] = bookEntry{lo: binary.LittleEndian.Uint64(d), hi: binary.LittleEndian.Uint32(d[8:]),
			lower: int8(d[12]), upper: int8(d[13]), move: int8(d[14])}
	}
	if !slices.IsSortedFunc(bk.entries, compareEntries) {
		return nil, errors.New("kalah: book entries out of order")
	}
	return bk, nil
}
