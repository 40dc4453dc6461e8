package kalah

// Table is a transposition table: bounds on the values of boards, each
// with the depth (in turns) of the search that found them or the mark of a
// proof, and the best move found. Buckets hold two entries: the first keeps
// the entry with the larger subtree, the second takes whatever the first
// does not. Entries identify their board exactly (both words of its key),
// so a probe never confuses two boards. A Table is used by one search at a
// time; it may be reused by the next, whose proofs stay valid (the same
// variant: a table remembers which it served and is cleared for another).
type Table struct {
	buckets []bucket
	mask    uint64
	rules   Rules
}

// bucket is two entries, a cache line's half.
type bucket [2]entry

// entry is a board's key and what is known of it. data packs, from the
// low bits: the key's high word (32 bits, enough for 12 pits), the lower
// bound and the upper bound (8 bits each, biased by boundBias), the depth
// (8 bits, provenDepth for a proof), the best move plus one (4 bits, 0 for
// none) and the log2 of the subtree's nodes (4 bits).
type entry struct {
	lo, data uint64
}

// Entry field layout.
const (
	boundBias   = 128
	provenDepth = 255 // the depth of an entry whose bounds are proved
	maxDepth    = provenDepth - 1
)

// EntryBytes is the size of one table entry.
const EntryBytes = 16

// DefaultTableBits is the log2 of the entries of the table a search
// allocates when the caller supplies none (2^22 entries, 64 MiB).
const DefaultTableBits = 22

// NewTable returns an empty table of 2^bits entries (bits from 1 to 40).
func NewTable(bits int) *Table {
	bits = min(max(bits, 1), 40)
	n := uint64(1) << (bits - 1) // buckets of two
	return &Table{buckets: make([]bucket, n), mask: n - 1}
}

// Bytes returns the memory the table's entries take.
func (t *Table) Bytes() int64 { return int64(len(t.buckets)) * 2 * EntryBytes }

// Clear empties the table.
func (t *Table) Clear() { clear(t.buckets) }

// prepare makes the table ready for a search of rules: cleared when it last
// served another variant.
func (t *Table) prepare(r Rules) {
	if t.rules != r {
		t.Clear()
		t.rules = r
	}
}

// ttEntry is an entry unpacked.
type ttEntry struct {
	lo, hi int // bounds on the value
	depth  int // provenDepth for a proof
	move   int // noMove when none
	found  bool
}

// usable reports whether the entry answers a search of depth turns.
func (e *ttEntry) usable(depth int) bool {
	return e.found && (e.depth == provenDepth || e.depth >= depth)
}

// cutoff reports whether the entry decides a search of depth turns with
// the window (alpha, beta), and the value it returns: a lower bound >=
// beta, an upper bound <= alpha, or the exact value.
func (e *ttEntry) cutoff(alpha, beta, depth int) (int, bool) {
	if !e.usable(depth) {
		return 0, false
	}
	switch {
	case e.lo >= beta:
		return e.lo, true
	case e.hi <= alpha:
		return e.hi, true
	case e.lo == e.hi:
		return e.lo, true
	}
	return 0, false
}

// proven reports whether the entry's bounds are proved.
func (e *ttEntry) proven() bool { return e.depth == provenDepth }

// index returns the bucket of a key.
func (t *Table) index(lo, hi uint64) *bucket {
	return &t.buckets[mix(lo^hi*0x9e3779b97f4a7c15)&t.mask]
}

// probe returns what the table holds of the board with key (lo, hi).
func (t *Table) probe(lo, hi uint64) ttEntry {
	bk := t.index(lo, hi)
	for k := range bk {
		if e := &bk[k]; e.lo == lo && uint32(e.data) == uint32(hi) && e.data>>48&0xff != 0 {
			return unpack(e.data)
		}
	}
	return ttEntry{lo: -boundBias, hi: boundBias, move: noMove}
}

// unpack unpacks an entry's data.
func unpack(d uint64) ttEntry {
	return ttEntry{
		lo:    int(d>>32&0xff) - boundBias,
		hi:    int(d>>40&0xff) - boundBias,
		depth: int(d >> 48 & 0xff),
		move:  int(d>>56&0xf) - 1,
		found: true,
	}
}

// store records bounds lo <= value <= hi of the board with key (key,
// hiKey) found by a search of depth turns (1 to maxDepth, or provenDepth
// for a proof) that visited about 2^work nodes. A proof already held for
// the board is kept over a depth-limited result and narrows a new proof;
// bounds of the same depth narrow each other.
func (t *Table) store(key, hiKey uint64, lo, hi, depth, move, work int) {
	bk := t.index(key, hiKey)
	slot := -1
	for k := range bk {
		e := &bk[k]
		if e.lo != key || uint32(e.data) != uint32(hiKey) || e.data>>48&0xff == 0 {
			continue
		}
		slot = k
		old := unpack(e.data)
		if old.proven() && depth != provenDepth {
			return
		}
		if old.depth == depth && max(lo, old.lo) <= min(hi, old.hi) {
			lo, hi = max(lo, old.lo), min(hi, old.hi)
			if move == noMove {
				move = old.move
			}
		}
		break
	}
	if slot < 0 {
		slot = 1
		if int(bk[0].data>>60) <= work {
			slot = 0
			bk[1] = bk[0]
		}
	}
	bk[slot] = entry{lo: key, data: uint64(uint32(hiKey)) |
		uint64(lo+boundBias)<<32 | uint64(hi+boundBias)<<40 |
		uint64(depth)<<48 | uint64(move+1)<<56 | uint64(min(work, 15))<<60}
}
