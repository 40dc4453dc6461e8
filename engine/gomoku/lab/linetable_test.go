package lab

import (
	"math/rand/v2"
	"testing"

	"movesvc/engine/gomoku"
)

// TestCanonLineKey checks that a key and its reverse share one canonical
// key, the smaller, and that LineKey puts the first cell in the low bits.
func TestCanonLineKey(t *testing.T) {
	a := LineKey([8]int{LineEdge, LineEmpty, LineOwn, LineOwn, LineEmpty, LineOther, LineEmpty, LineEmpty})
	b := LineKey([8]int{LineEmpty, LineEmpty, LineOther, LineEmpty, LineOwn, LineOwn, LineEmpty, LineEdge})
	if a&3 != LineEdge || a>>14 != LineEmpty {
		t.Errorf("LineKey: %016b", a)
	}
	if CanonLineKey(a) != CanonLineKey(b) || CanonLineKey(a) != min(a, b) {
		t.Errorf("canonical keys %d %d of %d %d", CanonLineKey(a), CanonLineKey(b), a, b)
	}
	for k := range NumLineKeys {
		c := CanonLineKey(uint16(k))
		if CanonLineKey(c) != c || c > uint16(k) {
			t.Fatalf("key %d: canonical %d", k, c)
		}
	}
}

// randomLines returns a line table with random values for a random half
// of the canonical keys that have a stone of their player.
func randomLines(rng *rand.Rand) *LineTable {
	t := &LineTable{{}, {}}
	for k := range NumLineKeys {
		key := uint16(k)
		if CanonLineKey(key) == key && lineKeyOwn(key) && rng.IntN(2) == 0 {
			t[0][key] = int16(rng.IntN(41) - 20)
			t[1][key] = int16(rng.IntN(41) - 20)
		}
	}
	return t
}

// TestLineSums checks, over random games under both rules, that the line
// sums the engine keeps for a search with a line table (on weights of 0)
// equal the values of the keys LineKeyCounts counts; the engine checks
// that play and undo keep the sums (gomoku's TestBookkeepingMatchesRecount).
func TestLineSums(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	table := randomLines(rng)
	var zero EvalWeights
	v := Options{Weights: &zero, Lines: table}.Variant()
	walk(t, rng, 6, func(st *gomoku.State) {
		counts := [2]map[uint16]int32{{}, {}}
		LineKeyCounts(st, counts)
		var want int32
		for role := range 2 {
			for k, n := range counts[role] {
				want += n * int32(table[role][k])
			}
		}
		if got := st.EvaluateWith(v); got != want {
			t.Fatalf("ply %d: sums %d, counted keys %d", st.Ply(), got, want)
		}
		if st.Ply() == 0 && want != 0 {
			t.Fatalf("empty board's sums %d, want 0 (no key has a stone)", want)
		}
	})
}

// TestSearchWithLines checks that a search with an empty line table
// searches as one without, and that a table with values changes the
// search.
func TestSearchWithLines(t *testing.T) {
	st := played(t, "freestyle", "h8 i9 j7 g9 i7 j8")
	a := search(st, 6, Options{})
	b := search(st, 6, Options{Lines: &LineTable{}})
	if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
		t.Errorf("without lines: %v %d %d nodes; empty lines: %v %d %d nodes", a.Move, a.Score, a.Nodes, b.Move, b.Score, b.Nodes)
	}
	c := search(st, 6, Options{Lines: randomLines(rand.New(rand.NewPCG(3, 4)))})
	if c.Score == a.Score && c.Nodes == a.Nodes {
		t.Errorf("random lines searched as none: %d, %d nodes", c.Score, c.Nodes)
	}
}

// TestParseLines checks that a table reads back as encoding/json writes
// it, and that a key that is not canonical is refused.
func TestParseLines(t *testing.T) {
	t.Parallel()
	table := randomLines(rand.New(rand.NewPCG(5, 6)))
	got, err := ParseLines(marshal(t, table))
	if err != nil || len(got[0]) != len(table[0]) || got[1][CanonLineKey(9)] != table[1][CanonLineKey(9)] {
		t.Fatalf("read back %d values (%v), want %d", len(got[0]), err, len(table[0]))
	}
	var bad uint16 = 1 // a stone of the player four before the centre: reversed, it is 1<<14
	if CanonLineKey(1<<14) != bad {
		t.Fatal("test premise")
	}
	if _, err := ParseLines([]byte(`[{"16384": 5}, {}]`)); err == nil {
		t.Error("a key that is not canonical was read")
	}
}
