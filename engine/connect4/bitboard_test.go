package connect4

import (
	"math/rand/v2"
	"movesvc/internal/longtest"
	"testing"
)

// naiveBoard is a plain grid used to check the bitboards: 0 empty, 1 the
// first player, 2 the second; rows from the bottom.
type naiveBoard [Width][Height]int

// fourAt reports whether player has four in a row through no particular
// cell: a full scan.
func (b *naiveBoard) hasFour(player int) bool {
	dirs := [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for c := range Width {
		for r := range Height {
			for _, d := range dirs {
				n := 0
				for k := range 4 {
					cc, rr := c+k*d[0], r+k*d[1]
					if cc < 0 || cc >= Width || rr < 0 || rr >= Height || b[cc][rr] != player {
						break
					}
					n++
				}
				if n == 4 {
					return true
				}
			}
		}
	}
	return false
}

// TestBitboardInvariants plays random games and checks at every ply that the
// bitboards agree with a plain grid: heights, keys unique and mirrored
// consistently, immediate wins, non-losing moves, and Undo restoring the
// position.
func TestBitboardInvariants(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	keys := map[uint64]Position{}
	for game := range longtest.Pick(60, 300) {
		var p Position
		var b naiveBoard
		var heights [Width]int
		for p.Moves() < Cells {
			player := p.Moves()%2 + 1
			// Immediate wins by the grid.
			for c := range Width {
				if heights[c] == Height {
					if p.CanPlay(c) {
						t.Fatalf("game %d: full column %d playable", game, c)
					}
					continue
				}
				b[c][heights[c]] = player
				want := b.hasFour(player)
				b[c][heights[c]] = 0
				if got := p.IsWinningMove(c); got != want {
					t.Fatalf("game %d ply %d: IsWinningMove(%d) = %v, want %v", game, p.Moves(), c, got, want)
				}
			}
			if k, ok := keys[p.Key()]; ok && k != p {
				t.Fatalf("two positions share key %x", p.Key())
			}
			keys[p.Key()] = p
			m := p.Mirror()
			if m.Key() != mirrorBits(p.Key()) || m.CanonicalKey() != p.CanonicalKey() {
				t.Fatalf("mirror keys disagree at %x", p.Key())
			}
			if !p.CanWinNext() {
				checkNonLosing(t, &p, &b, heights)
			}

			c := rng.IntN(Width)
			for heights[c] == Height {
				c = rng.IntN(Width)
			}
			before := p
			won := p.IsWinningMove(c)
			p.Play(c)
			after := p
			p.Undo(c)
			if p != before {
				t.Fatalf("Undo(%d) gave %+v, want %+v", c, p, before)
			}
			p = after
			b[c][heights[c]] = player
			heights[c]++
			if got := hasFour(p.current ^ p.mask); got != won || got != b.hasFour(player) {
				t.Fatalf("game %d: hasFour after move = %v, IsWinningMove said %v", game, got, won)
			}
			if won {
				break
			}
		}
	}
}

// checkNonLosing compares nonLosingMoves with the rule spelled out on the
// grid: a move is non-losing unless the opponent can then win at once.
func checkNonLosing(t *testing.T, p *Position, b *naiveBoard, heights [Width]int) {
	t.Helper()
	next := p.nonLosingMoves()
	me, them := p.Moves()%2+1, 2-p.Moves()%2
	for c := range Width {
		if heights[c] == Height {
			continue
		}
		b[c][heights[c]] = me
		heights[c]++
		loses := false
		for oc := range Width {
			if heights[oc] < Height {
				b[oc][heights[oc]] = them
				loses = loses || b.hasFour(them)
				b[oc][heights[oc]] = 0
			}
		}
		heights[c]--
		b[c][heights[c]] = 0
		if got := next&columnMask(c) != 0; got == loses {
			t.Fatalf("ply %d column %d: non-losing = %v, but opponent wins after it = %v", p.Moves(), c, got, loses)
		}
	}
}

func TestTableBoundsMerge(t *testing.T) {
	tb := NewTable(MinTableBits)
	tb.Store(12345, 2, noUpper, 3, 10)
	tb.Store(12345, noLower, 5, noMoveCol, 10)
	lo, hi, mv, ok := tb.Probe(12345)
	if !ok || lo != 2 || hi != 5 || mv != 3 {
		t.Fatalf("Probe = %d %d %d %v, want 2 5 3 true", lo, hi, mv, ok)
	}
	tb.Reset()
	if _, _, _, ok := tb.Probe(12345); ok {
		t.Fatal("entry survived Reset")
	}
	// Keys that share a bucket index but differ in the tag are told apart.
	a := uint64(1) << 40
	tb.Store(a, -3, -3, 1, 20)
	if _, _, _, ok := tb.Probe(a + 1); ok {
		t.Fatal("probe of another key matched")
	}
}

// TestTableFitFindsOnlyExactMatches stores keys while the table's region
// in use widens (Fit) and checks that every probe that matches returns
// what was stored for that very key, before and after, and that Reset
// narrows the region again.
func TestTableFitFindsOnlyExactMatches(t *testing.T) {
	t.Parallel()
	tb := NewTable(MinTableBits + 2)
	if got := tb.active.Load(); got != startBucketBits {
		t.Fatalf("a new table uses 1<<%d buckets, want 1<<%d", got, startBucketBits)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	stored := map[uint64]int{}
	// bound is what key's entry holds: a function of the key.
	bound := func(k uint64) int { return int(k%40) - 20 }
	for step := range 3 {
		for range 1 << (MinTableBits + step) {
			k := rng.Uint64() & (1<<keyBits - 1)
			tb.Store(k, bound(k), bound(k), noMoveCol, 20)
			stored[k] = bound(k)
		}
		tb.Fit(growDiv<<(tb.active.Load()+1) + 1)
	}
	if got, want := tb.active.Load(), uint32(tb.indexBits); got != want {
		t.Fatalf("after three widenings 1<<%d buckets in use, want all 1<<%d", got, want)
	}
	found := 0
	for k, b := range stored {
		if lo, hi, _, ok := tb.Probe(k); ok {
			found++
			if lo != b || hi != b {
				t.Fatalf("key %x: bounds %d %d, want %d", k, lo, hi, b)
			}
		}
	}
	if found == 0 {
		t.Fatal("no stored key found after widening")
	}
	for range 1 << 18 {
		k := rng.Uint64() & (1<<keyBits - 1)
		if _, ok := stored[k]; ok {
			continue
		}
		if lo, hi, _, ok := tb.Probe(k); ok {
			t.Fatalf("key %x never stored matched (%d %d)", k, lo, hi)
		}
	}
	// The keys a widening could confuse: stored at the start width, one
	// whose mixed value has the stored one's tag bits shifted up a bucket
	// bit, so that it lands in the same bucket with the same high bits.
	tb.Reset()
	for range 1000 {
		k := rng.Uint64() & (1<<keyBits - 1)
		tb.Store(k, bound(k), bound(k), noMoveCol, 20)
		h := mixKey(k)
		low := uint64(1)<<startBucketBits - 1
		twin := unmixKey((h>>startBucketBits<<(startBucketBits+1) | h&low) & (1<<keyBits - 1))
		tb.Fit(growDiv<<(startBucketBits+1) + 1)
		if _, _, _, ok := tb.Probe(twin); ok && twin != k {
			t.Fatalf("key %x matched the entry of %x after widening", twin, k)
		}
		tb.Reset()
	}
	tb.Fit(1 << 40)
	if got := tb.active.Load(); got != uint32(tb.indexBits) {
		t.Fatalf("Fit went past the table: 1<<%d buckets", got)
	}
	tb.Reset()
	if got := tb.active.Load(); got != startBucketBits {
		t.Fatalf("after Reset 1<<%d buckets in use, want 1<<%d", got, startBucketBits)
	}
	if tb.Widen(); tb.active.Load() != uint32(tb.indexBits) {
		t.Fatal("Widen left part of the table out")
	}
}

// unmixKey inverts mixKey.
func unmixKey(h uint64) uint64 {
	const all = 1<<keyBits - 1
	inv := func(c uint64) uint64 { // c's inverse modulo 2^64 (Newton)
		x := c
		for range 6 {
			x *= 2 - c*x
		}
		return x
	}
	unshift := func(x uint64, s uint) uint64 {
		for y := x >> s; y != 0; y >>= s {
			x ^= y
		}
		return x
	}
	h = unshift(h, 25)
	h = (h * inv(0xBF58476D1CE4E5B9)) & all
	h = unshift(h, 24)
	return (h * inv(0x9E3779B97F4A7C15)) & all
}

func TestMixKeyIsBijective(t *testing.T) {
	seen := map[uint64]uint64{}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		k := rng.Uint64() & (1<<keyBits - 1)
		h := mixKey(k)
		if h>>keyBits != 0 {
			t.Fatalf("mixKey(%x) = %x has more than %d bits", k, h, keyBits)
		}
		if u := unmixKey(h); u != k {
			t.Fatalf("unmixKey(mixKey(%x)) = %x", k, u)
		}
		if o, ok := seen[h]; ok && o != k {
			t.Fatalf("mixKey(%x) = mixKey(%x)", k, o)
		}
		seen[h] = k
	}
}

func TestPositionFromKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		var p Position
		for n := rng.IntN(Cells); p.Moves() < n; {
			c := rng.IntN(Width)
			if p.CanPlay(c) {
				p.Play(c)
			}
		}
		if got := positionFromKey(p.Key()); got != p {
			t.Fatalf("positionFromKey(%x) = %+v, want %+v", p.Key(), got, p)
		}
	}
}
