package connect4

import "sync/atomic"

// Table is the solver's transposition table: buckets of two 8-byte
// entries, each holding a lower and an upper bound on a position's score,
// the best move found, and how much work stood behind it. The position's
// 49-bit key is mixed by a bijection; the low bits pick the bucket and the
// bits above the lowest MinTableBits-1 are stored as the tag, so a match
// is exact, never a collision, however many buckets are in use. An
// 11-bit generation stamp lets Reset empty the table in O(1).
//
// A solve uses only the first buckets of the table at first, a region
// small enough to stay in a core's cache, and widens it as its node count
// grows (Fit): the many small solves stay fast, the large ones get the
// whole table. An entry stored before a widening is found after it only
// when its bucket is unchanged (half of them for each doubling).
//
// A Table is used by one search at a time (its threads included).
type Table struct {
	buckets   [][2]uint64
	indexBits uint
	// active is log2 of the buckets in use, startBucketBits..indexBits.
	active atomic.Uint32
	gen    uint64
}

// Table sizes: a table of bits holds 1<<bits entries of 8 bytes. With
// fewer than MinTableBits the tag would not fit in an entry.
const (
	MinTableBits     = 16
	MaxTableBits     = 30
	DefaultTableBits = 18
)

// startBucketBits is log2 of the buckets a solve starts with (1<<16
// entries, 512 KiB), and growDiv how many nodes per entry in use make Fit
// double the region. docs/connect4.md has the measurements that chose
// them and DefaultTableBits (2 MiB, the size of this machine's L2 cache).
const (
	startBucketBits = MinTableBits - 1
	growDiv         = 8
)

// Entry layout, from the low bits.
const (
	tagShift  = MinTableBits - 1 // the key bits below the tag: the fewest bucket bits
	tagWidth  = keyBits - tagShift
	genShift  = tagWidth
	genWidth  = 11
	loShift   = genShift + genWidth
	hiShift   = loShift + 6
	moveShift = hiShift + 6
	workShift = moveShift + 3

	tagMask   = 1<<tagWidth - 1
	genMask   = 1<<genWidth - 1
	scoreMask = 1<<6 - 1
	boundBias = 32 // stored bound = score + boundBias
	noMoveCol = -1
)

// Bounds that say "nothing known".
const (
	noLower = -boundBias
	noUpper = boundBias - 1
)

// NewTable returns an empty table of 1<<bits entries, bits clamped to
// MinTableBits..MaxTableBits.
func NewTable(bits int) *Table {
	bits = max(MinTableBits, min(bits, MaxTableBits))
	t := &Table{buckets: make([][2]uint64, 1<<(bits-1)), indexBits: uint(bits - 1)}
	adviseHugePages(t.buckets)
	t.Reset()
	return t
}

// Bits returns log2 of the number of entries.
func (t *Table) Bits() int { return int(t.indexBits) + 1 }

// Reset empties the table (entries of earlier generations read as
// absent) and narrows the region in use to its start.
func (t *Table) Reset() {
	t.gen = (t.gen + 1) & genMask
	if t.gen == 0 {
		clear(t.buckets)
		t.gen = 1
	}
	t.active.Store(uint32(min(uint(startBucketBits), t.indexBits)))
}

// Widen puts the whole table in use until the next Reset.
func (t *Table) Widen() { t.active.Store(uint32(t.indexBits)) }

// Fit widens the region in use, doubling it while nodes, the nodes
// searched since Reset (by the calling thread), exceed growDiv nodes per
// entry in it; it never narrows it. It is safe to call from any thread of
// a solve: a probe or store racing with it uses either width, and both
// find only exact matches.
func (t *Table) Fit(nodes uint64) {
	for {
		cur := t.active.Load()
		a := cur
		for uint(a) < t.indexBits && nodes > growDiv<<(a+1) {
			a++
		}
		if a == cur || t.active.CompareAndSwap(cur, a) {
			return
		}
	}
}

// mixKey is a bijection of 49-bit keys that spreads them over the table.
func mixKey(k uint64) uint64 {
	const all = 1<<keyBits - 1
	k = (k * 0x9E3779B97F4A7C15) & all
	k ^= k >> 24
	k = (k * 0xBF58476D1CE4E5B9) & all
	k ^= k >> 25
	return k
}

// locate returns the bucket and the stamped tag (tag and generation) of key.
func (t *Table) locate(key uint64) (*[2]uint64, uint64) {
	h := mixKey(key)
	b := &t.buckets[h&(1<<t.active.Load()-1)]
	return b, h>>tagShift | t.gen<<genShift
}

const stampMask = 1<<(tagWidth+genWidth) - 1

// Probe returns the bounds lo <= score <= hi and the best move stored for
// key in this generation; ok is false when there is none.
func (t *Table) Probe(key uint64) (lo, hi, move int, ok bool) {
	b, stamp := t.locate(key)
	for i := range b {
		e := atomic.LoadUint64(&b[i])
		if e&stampMask == stamp {
			return int(e>>loShift&scoreMask) - boundBias, int(e>>hiShift&scoreMask) - boundBias,
				int(e>>moveShift&7) - 1, true
		}
	}
	return noLower, noUpper, noMoveCol, false
}

// Store records that lo <= score <= hi for key, with the best move (or
// noMoveCol) and the number of stones of the position, merging with what
// is known. Of two different positions, the first slot keeps the one with
// fewer stones (more work behind it), the second takes the newest.
func (t *Table) Store(key uint64, lo, hi, move, stones int) {
	b, stamp := t.locate(key)
	work := uint64(Cells-stones) / 3
	for i := range b {
		e := atomic.LoadUint64(&b[i])
		if e&stampMask == stamp {
			lo = max(lo, int(e>>loShift&scoreMask)-boundBias)
			hi = min(hi, int(e>>hiShift&scoreMask)-boundBias)
			if move == noMoveCol {
				move = int(e>>moveShift&7) - 1
			}
			atomic.StoreUint64(&b[i], pack(stamp, lo, hi, move, work))
			return
		}
	}
	e := pack(stamp, lo, hi, move, work)
	first := atomic.LoadUint64(&b[0])
	if first>>genShift&genMask != t.gen || first>>workShift <= work {
		atomic.StoreUint64(&b[1], first)
		atomic.StoreUint64(&b[0], e)
		return
	}
	atomic.StoreUint64(&b[1], e)
}

func pack(stamp uint64, lo, hi, move int, work uint64) uint64 {
	return stamp | uint64(lo+boundBias)<<loShift | uint64(hi+boundBias)<<hiShift |
		uint64(move+1)<<moveShift | work<<workShift
}
