package chess

import (
	"math/bits"
	"sync/atomic"
	"unsafe"
)

// Table is a transposition table (https://www.chessprogramming.org/Transposition_Table)
// of buckets of four entries, a cache line each, shared by the threads of a
// lazy SMP search without locks: each entry stores its key XOR its data, so
// that a torn write reads as a miss (Hyatt and Mann's lockless hashing).
// Win and loss scores are stored relative to the node. A Table may be
// reused across searches, which then start from what it holds; it is safe
// for concurrent use.
type Table struct {
	buckets []ttBucket
	mask    uint64
	gen     atomic.Uint32
}

// ttEntry is one stored position: key^data and data, where data packs the
// move (bits 0-15), the score (16-31), the static evaluation (32-47), the
// depth (48-55), the bound (56-57) and the search generation (58-63).
type ttEntry struct {
	key, data atomic.Uint64
}

// ttBucket is four entries, 64 bytes.
type ttBucket [4]ttEntry

// Bounds of a stored score.
const (
	boundNone  = 0
	boundUpper = 1 // the score is at most this (failed low)
	boundLower = 2 // the score is at least this (failed high)
	boundExact = boundUpper | boundLower
)

// ttBucketBytes is the size of a bucket.
const ttBucketBytes = 64

// DefaultTableBytes is the size of the table Search allocates when Limits
// gives none: 16 MiB.
const DefaultTableBytes = 16 << 20

// NewTable returns an empty table of at most bytes bytes (at least one
// bucket): the largest power of two of buckets that fits.
func NewTable(bytes int) *Table {
	n := max(bytes/ttBucketBytes, 1)
	n = 1 << (bits.Len(uint(n)) - 1)
	return &Table{buckets: make([]ttBucket, n), mask: uint64(n - 1)}
}

// Bytes returns the memory the table holds.
func (t *Table) Bytes() int { return len(t.buckets) * ttBucketBytes }

// Clear empties the table. No search may be using it.
func (t *Table) Clear() {
	clear(t.buckets)
	t.gen.Store(0)
}

// newSearch starts a new generation: entries of older searches are
// replaced first.
func (t *Table) newSearch() { t.gen.Add(1) }

// ttHit is what a probe found.
type ttHit struct {
	move  Move
	score int32
	eval  int32
	depth int
	bound uint8
}

// prefetch starts loading key's bucket into the processor's caches, so
// that a probe of key a little later finds it there instead of waiting for
// memory.
func (t *Table) prefetch(key uint64) {
	prefetch(unsafe.Pointer(&t.buckets[key&t.mask]))
}

// probe looks key up; ok is false on a miss.
func (t *Table) probe(key uint64) (h ttHit, ok bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		d := b[i].data.Load()
		if b[i].key.Load()^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return h, false
}

// unpack decodes an entry's data.
func unpack(d uint64) ttHit {
	return ttHit{
		move:  Move(d),
		score: int32(int16(d >> 16)),
		eval:  int32(int16(d >> 32)),
		depth: int(int8(d >> 48)),
		bound: uint8(d>>56) & 3,
	}
}

// store records a search result for key: the entry of the same key if the
// bucket has one, else the one with the least depth, older generations
// first. A store without a move keeps the move stored before for the key.
func (t *Table) store(key uint64, m Move, score, eval int32, depth int, bound uint8) {
	b := &t.buckets[key&t.mask]
	gen := uint64(t.gen.Load() & 63)
	victim, worst := 0, int(1<<30)
	for i := range b {
		d := b[i].data.Load()
		k := b[i].key.Load() ^ d
		if k == key {
			if m == NoMove {
				m = Move(d)
			}
			if bound != boundExact && depth+2 < int(int8(d>>48)) && d>>58 == gen {
				return // keep a much deeper entry of this search
			}
			victim = i
			break
		}
		value := int(int8(d >> 48))
		if d>>58 != gen {
			value -= 256
		}
		if value < worst {
			victim, worst = i, value
		}
	}
	d := uint64(m) | uint64(uint16(int16(score)))<<16 | uint64(uint16(int16(eval)))<<32 |
		uint64(uint8(int8(depth)))<<48 | uint64(bound)<<56 | gen<<58
	b[victim].key.Store(key ^ d)
	b[victim].data.Store(d)
}

// scoreToTable converts a score at ply from the root into one relative to
// the node: a mate counts its distance from the node. scoreFromTable
// undoes it.
func scoreToTable(s int32, ply int) int32 {
	switch {
	case s >= mateBound:
		return s + int32(ply)
	case s <= -mateBound:
		return s - int32(ply)
	}
	return s
}

// scoreFromTable converts a node-relative stored score back into one
// relative to the root at ply.
func scoreFromTable(s int32, ply int) int32 {
	switch {
	case s >= mateBound:
		return s - int32(ply)
	case s <= -mateBound:
		return s + int32(ply)
	}
	return s
}
