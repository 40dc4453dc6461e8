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

func TestMixKeyIsBijective(t *testing.T) {
	seen := map[uint64]uint64{}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		k := rng.Uint64() & (1<<keyBits - 1)
		h := mixKey(k)
		if h>>keyBits != 0 {
			t.Fatalf("mixKey(%x) = %x has more than %d bits", k, h, keyBits)
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
