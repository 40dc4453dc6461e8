package engine

import "sync/atomic"

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

// entry is one transposition-table slot, 16 bytes: data packs the score
// (low 32 bits), the move (16), the depth (8) and generation<<2 | bound (8),
// and check is the key XOR data. Both words are read and written
// atomically, so searches sharing a table (lazy SMP helpers) never see a
// mixed entry as a hit: an entry read while another goroutine writes it has
// a check that matches neither key ("lockless hashing", Hyatt and Mann).
type entry struct {
	check, data atomic.Uint64
}

// Table is a transposition table with one slot per index. After NewSearch,
// entries written in an earlier generation read as empty, so a table can be
// reused by another search without clearing it; after Carry they stay
// readable, so that one player's searches of the positions of one game
// build on each other. Probe and Store may be called from several
// goroutines at once (helpers of one search sharing the table); NewSearch
// and Carry may not run alongside them.
type Table struct {
	entries []entry
	mask    uint64
	gen     uint8
	// genMask selects the generation bits an entry must share with gen to
	// be read: all of them after NewSearch, none after Carry.
	genMask uint8
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
	t.genMask = generations - 1
	t.gen = (t.gen + 1) % generations
	if t.gen == 0 {
		clear(t.entries)
		t.gen = 1
	}
}

// Clear empties the table and starts a new generation.
func (t *Table) Clear() {
	clear(t.entries)
	t.NewSearch()
}

// Carry starts a new generation in which the entries stored before still
// read as hits, for a player that searches the positions of one game in
// turn: the next search starts from the last one's bounds and best moves
// for the positions both reach. An entry holds what is true of its
// position, whichever search stored it, but the result of a search then
// depends on the searches before it. Store replaces earlier generations'
// entries before the current one's, so the old ones age out. The next
// NewSearch hides them again. Generation 0 is skipped, as by NewSearch, so
// that Store never takes an entry never written for a current one; such an
// entry reads as a hit only for the key 0. Every entry stored since the
// table was made or cleared reads, so a table that served other searches
// is cleared before a first Carry.
func (t *Table) Carry() {
	t.genMask = 0
	t.gen = t.gen%(generations-1) + 1
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

// Probe returns the entry stored for key: in the current generation after
// NewSearch, in any generation after Carry.
func (t *Table) Probe(key uint64) (score int32, move Move, depth int, bound Bound, ok bool) {
	e := &t.entries[key&t.mask]
	data := e.data.Load()
	meta := uint8(data >> 56)
	if e.check.Load()^data != key || (meta>>2^t.gen)&t.genMask != 0 {
		return 0, NoMove, 0, BoundNone, false
	}
	return int32(uint32(data)), Move(int16(data >> 32)), int(int8(data >> 48)), Bound(meta & 3), true
}

// Store records a search result for key, replacing the slot's entry unless it
// holds a deeper result for another position of the current generation.
func (t *Table) Store(key uint64, score int32, move Move, depth int, bound Bound) {
	e := &t.entries[key&t.mask]
	old := e.data.Load()
	if uint8(old>>56)>>2 == t.gen && e.check.Load()^old != key && int(int8(old>>48)) > depth {
		return
	}
	depth = min(depth, 127)
	data := uint64(uint32(score)) | uint64(uint16(int16(move)))<<32 | uint64(uint8(int8(depth)))<<48 |
		uint64(t.gen<<2|uint8(bound))<<56
	e.check.Store(key ^ data)
	e.data.Store(data)
}

// Cutoff probes the entry of the node key, ply plies from the root with
// depth plies left to search in the window (alpha, beta). It returns the
// entry's move (NoMove when there is no entry) and, when the entry was
// searched at least depth plies deep and its bound settles the node (an
// exact score, a lower bound at or above beta, an upper bound at or below
// alpha), its score relative to the root (ScoreFromTable) and true.
func (t *Table) Cutoff(key uint64, depth, ply int, alpha, beta int32) (move Move, score int32, ok bool) {
	score, move, d, bound, found := t.Probe(key)
	if !found {
		return NoMove, 0, false
	}
	if d < depth {
		return move, 0, false
	}
	score = ScoreFromTable(score, ply)
	return move, score, bound == BoundExact || bound == BoundLower && score >= beta || bound == BoundUpper && score <= alpha
}

// StoreNode records the fail-soft result best, with its best move, of the
// node key ply plies from the root, searched depth plies deep in the window
// (alpha, beta), alpha as it was on entry: an upper bound when best <=
// alpha, a lower bound when best >= beta, else exact; its score relative
// to the node (ScoreToTable).
func (t *Table) StoreNode(key uint64, best int32, move Move, depth, ply int, alpha, beta int32) {
	bound := BoundExact
	switch {
	case best <= alpha:
		bound = BoundUpper
	case best >= beta:
		bound = BoundLower
	}
	t.Store(key, ScoreToTable(best, ply), move, depth, bound)
}
