package backgammon

// Table caches deeper-than-0-ply evaluations of positions (the side on roll
// before its roll), keyed by the board's hash and the ply, with the
// evaluations each took: a hit counts them again, so that a search under a
// node limit ends at the same point, and answers the same, whatever the
// table held before. It is a
// direct-mapped array: a new entry replaces whatever shared its slot. A
// Table may be reused by successive searches (it holds values, not bounds,
// so old entries stay right for the same networks) but not shared by
// concurrent ones.
type Table struct {
	entries []tableEntry
	mask    uint64
}

type tableEntry struct {
	key   uint64
	probs Probs
	cost  uint32 // evaluations the entry took, counted again on a hit
}

// tableEntryBytes is the size of one entry.
const tableEntryBytes = 32

// NewTable returns a table of at most bytes bytes (at least one entry; a
// power of two entries).
func NewTable(bytes int) *Table {
	n := 1
	for n*2*tableEntryBytes <= bytes {
		n *= 2
	}
	return &Table{entries: make([]tableEntry, n), mask: uint64(n - 1)}
}

// Bytes returns the memory t holds.
func (t *Table) Bytes() int { return len(t.entries) * tableEntryBytes }

// plyKey mixes the ply into a board hash so that one position at two plies
// takes two keys; 0 is kept for empty slots.
func plyKey(h uint64, ply int) uint64 {
	k := h ^ uint64(ply)*0x9e3779b97f4a7c15
	if k == 0 {
		k = 1
	}
	return k
}

func (t *Table) probe(key uint64) (Probs, uint32, bool) {
	e := &t.entries[key&t.mask]
	if e.key == key {
		return e.probs, e.cost, true
	}
	return Probs{}, 0, false
}

func (t *Table) store(key uint64, p Probs, cost uint64) {
	e := &t.entries[key&t.mask]
	e.key, e.probs, e.cost = key, p, uint32(min(cost, 1<<32-1))
}
