package engine

import (
	"sync"
	"testing"
)

// TestTableRoundTrip checks that an entry reads back as stored, negative
// scores, moves and depths included, and that a new generation empties the
// table.
func TestTableRoundTrip(t *testing.T) {
	tt := NewTable(4)
	cases := []struct {
		key   uint64
		score int32
		move  Move
		depth int
		bound Bound
	}{{1, -WinScore + 3, NoMove, 0, BoundUpper}, {2, 1234, 37, 127, BoundExact}, {3, -7, 360, -2, BoundLower}}
	for _, c := range cases {
		tt.Store(c.key, c.score, c.move, c.depth, c.bound)
		score, move, depth, bound, ok := tt.Probe(c.key)
		if !ok || score != c.score || move != c.move || depth != c.depth || bound != c.bound {
			t.Errorf("key %d: read %d %d %d %d %v, stored %+v", c.key, score, move, depth, bound, ok, c)
		}
		if _, _, _, _, ok := tt.Probe(c.key + 16); ok {
			t.Errorf("key %d: another key of the same slot hits", c.key+16)
		}
	}
	tt.NewSearch()
	if _, _, _, _, ok := tt.Probe(2); ok {
		t.Error("an entry of the last generation hits")
	}
}

// TestTableConcurrent has goroutines store and probe keys that share slots
// at once, as lazy SMP helpers do: every hit must return the data stored
// for that key, never a mix of two entries. (Under the race detector it
// also checks that the accesses are synchronised.)
func TestTableConcurrent(t *testing.T) {
	const bits, writers, rounds = 6, 4, 20_000
	tt := NewTable(bits)
	// dataOf derives an entry from its key, so a reader can check a hit.
	dataOf := func(key uint64) (int32, Move, int) {
		return int32(key*2654435761) >> 1, Move(key % 400), int(key % 100)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	bad := 0
	for w := range writers {
		wg.Go(func() {
			for r := range rounds {
				// Seven keys in each of slots 1 to 4, every slot
				// written by every goroutine in turn.
				key := uint64((r+w)%writers+((r%7)<<bits)) + 1
				score, move, depth := dataOf(key)
				tt.Store(key, score, move, depth, BoundExact)
				probe := uint64((r+w+1)%writers+(((r+3)%7)<<bits)) + 1
				if s, m, d, _, ok := tt.Probe(probe); ok {
					ws, wm, wd := dataOf(probe)
					if s != ws || m != wm || d != wd {
						mu.Lock()
						bad++
						mu.Unlock()
					}
				}
			}
		})
	}
	wg.Wait()
	if bad > 0 {
		t.Errorf("%d hits returned another entry's data", bad)
	}
}

// TestTableTornEntry builds the state a reader can see while another
// goroutine rewrites a slot (the check word of one entry with the data word
// of another) and checks that it reads as a miss for both keys, rather than
// as one key's hit with the other's data.
func TestTableTornEntry(t *testing.T) {
	tt := NewTable(4)
	const a, b = 5, 5 + 16 // the same slot
	tt.Store(a, 111, 7, 3, BoundExact)
	checkA := tt.entries[a&tt.mask].check.Load()
	tt.Store(b, -222, 9, 4, BoundLower)
	for name, key := range map[string]uint64{"first": a, "second": b} {
		tt.entries[a&tt.mask].check.Store(checkA) // a's check, b's data
		if score, move, _, _, ok := tt.Probe(key); ok {
			t.Errorf("torn entry: the %s key hits, score %d move %d", name, score, move)
		}
	}
}

// TestTableCarry checks the generations after Carry: the entries stored
// before still read back, and read as themselves; a deeper entry of an
// earlier generation gives way to a shallower one of the current, which a
// deeper entry of the current generation does not; the generations cycle
// past 0 without clearing; and NewSearch hides the carried entries again.
func TestTableCarry(t *testing.T) {
	tt := NewTable(4)
	tt.Store(1, 500, 7, 9, BoundExact)
	tt.Store(2, -40, 3, 12, BoundLower)
	tt.Carry()
	if score, move, depth, bound, ok := tt.Probe(1); !ok || score != 500 || move != 7 || depth != 9 || bound != BoundExact {
		t.Errorf("carried entry: %d %d %d %d %v", score, move, depth, bound, ok)
	}
	if _, _, _, _, ok := tt.Probe(17); ok {
		t.Error("another key of a carried entry's slot hits")
	}
	// Key 18 shares key 2's slot: the older, deeper entry gives way.
	tt.Store(18, 11, 4, 2, BoundUpper)
	if score, _, depth, _, ok := tt.Probe(18); !ok || score != 11 || depth != 2 {
		t.Errorf("a shallow entry did not replace an earlier generation's deeper one: %d %d %v", score, depth, ok)
	}
	// Within the generation the deeper entry stays.
	tt.Store(2, -40, 3, 12, BoundLower)
	tt.Store(34, 5, 1, 1, BoundExact)
	if _, _, depth, _, ok := tt.Probe(2); !ok || depth != 12 {
		t.Errorf("a shallower entry of the same generation replaced a deeper one: depth %d, %v", depth, ok)
	}
	for range 2 * generations {
		tt.Carry()
		if tt.gen == 0 {
			t.Fatal("Carry made generation 0 current")
		}
	}
	if _, _, _, _, ok := tt.Probe(1); !ok {
		t.Error("an entry did not survive the generations cycling")
	}
	tt.NewSearch()
	if _, _, _, _, ok := tt.Probe(1); ok {
		t.Error("a carried entry hits after NewSearch")
	}
	tt.Store(3, 1, 1, 1, BoundExact)
	tt.Carry()
	if _, _, _, _, ok := tt.Probe(3); !ok {
		t.Error("an entry of the last NewSearch generation is not carried")
	}
}
