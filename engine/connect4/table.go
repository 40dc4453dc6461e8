package connect4

import "sync/atomic"

// Table is the solver's transposition table: buckets of two 8-byte
// entries, each holding a lower and an upper bound on a position's score,
// the best move found, and how much work stood behind it. The position's
// 49-bit key is mixed by a bijection; the low bits pick the bucket and the
// rest is stored as the tag, so a match is exact, never a collision. A
// 13-bit generation stamp lets Reset empty the table in O(1).
//
// A Table is used by one search at a time.
type Table struct {
	buckets   [][2]uint64
	indexBits uint
	gen       uint64
}

// Table sizes: a table of bits holds 1<<bits entries of 8 bytes. With
// fewer than MinTableBits the tag would not fit in an entry.
const (
	MinTableBits     = 18
	MaxTableBits     = 30
	DefaultTableBits = 20
)

// Entry layout, from the low bits.
const (
	tagWidth  = 32
	genShift  = tagWidth
	genWidth  = 13
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

// Reset empties the table: entries of earlier generations read as absent.
func (t *Table) Reset() {
	t.gen = (t.gen + 1) & genMask
	if t.gen == 0 {
		clear(t.buckets)
		t.gen = 1
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
	b := &t.buckets[h&(1<<t.indexBits-1)]
	return b, h>>t.indexBits | t.gen<<genShift
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
