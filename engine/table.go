package engine

import "sync"

// Bound says how a stored score relates to the true value of the position.
type Bound uint8

// Bounds of a stored score.
const (
	BoundNone  Bound = iota
	BoundLower       // the true value is >= the score (the search failed high)
	BoundUpper       // the true value is <= the score (the search failed low)
	BoundExact
)

// generations is the number of distinct search generations a table tells apart
// before it must be cleared.
const generations = 64

// entryBytes is the size of one entry.
const entryBytes = 16

// entry is one transposition-table slot, 16 bytes.
type entry struct {
	key   uint64
	score int32
	move  int16
	depth int8
	meta  uint8 // generation<<2 | bound
}

// Table is a transposition table with one slot per index. Entries written in
// an earlier generation read as empty, so a table can be reused by another
// search without clearing it. A Table is used by one search at a time.
type Table struct {
	entries []entry
	mask    uint64
	gen     uint8
}

// NewTable returns a table of 1<<bits entries (16 bytes each).
func NewTable(bits int) *Table {
	t := &Table{entries: make([]entry, 1<<bits), mask: 1<<bits - 1}
	t.NewSearch()
	return t
}

// NewSearch starts a new generation: every entry stored before reads as empty
// from now on.
func (t *Table) NewSearch() {
	t.gen = (t.gen + 1) % generations
	if t.gen == 0 {
		clear(t.entries)
		t.gen = 1
	}
}

// Len returns the number of slots.
func (t *Table) Len() int { return len(t.entries) }

// bits returns log2 of the number of slots.
func (t *Table) bits() int {
	n := 0
	for 1<<n < len(t.entries) {
		n++
	}
	return n
}

// TableBytes returns the memory of a table of 1<<bits entries; bits of
// zero or less mean DefaultTableBits.
func TableBytes(bits int) int64 {
	if bits <= 0 {
		bits = DefaultTableBits
	}
	return entryBytes << min(bits, MaxTableBits)
}

// Probe returns the entry stored for key in the current generation.
func (t *Table) Probe(key uint64) (score int32, move Move, depth int, bound Bound, ok bool) {
	e := &t.entries[key&t.mask]
	if e.key != key || e.meta>>2 != t.gen {
		return 0, NoMove, 0, BoundNone, false
	}
	return e.score, Move(e.move), int(e.depth), Bound(e.meta & 3), true
}

// Store records a search result for key, replacing the slot's entry unless it
// holds a deeper result for another position of the current generation.
func (t *Table) Store(key uint64, score int32, move Move, depth int, bound Bound) {
	e := &t.entries[key&t.mask]
	if e.meta>>2 == t.gen && e.key != key && int(e.depth) > depth {
		return
	}
	if depth > 127 {
		depth = 127
	}
	*e = entry{key: key, score: score, move: int16(move), depth: int8(depth), meta: t.gen<<2 | uint8(bound)}
}

// tablePools keeps reusable tables by size for searches without a
// Reservation, so that a search does not allocate and clear a fresh table.
var tablePools [MaxTableBits + 1]sync.Pool

// acquireTable returns a table of 1<<bits entries for a search: from its
// reservation when it has one, else from the shared pool, reused when one
// is free.
func acquireTable(bits int, r *Reservation) *Table {
	if r != nil {
		return r.table(bits)
	}
	if t, ok := tablePools[bits].Get().(*Table); ok {
		t.NewSearch()
		return t
	}
	return NewTable(bits)
}

// releaseTable makes t available to later searches: to later searches
// under the reservation r and, once r is released, its budget; to the
// shared pool when r is nil.
func releaseTable(t *Table, r *Reservation) {
	if r != nil {
		r.keepTable(t)
		return
	}
	tablePools[t.bits()].Put(t)
}
