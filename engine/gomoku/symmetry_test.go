package gomoku

import (
	"context"
	"math/rand/v2"
	"testing"

	"movesvc/engine"
	"movesvc/internal/longtest"
)

// playCells plays the given (row, col) cells on a fresh 15x15 board in
// turn, x first.
func playCells(cells ...[2]int) *board {
	b := new(board)
	b.init(15, Freestyle)
	for _, c := range cells {
		b.play(b.index(c[0], c[1]))
	}
	return b
}

// TestMapCell checks that the eight symmetries are eight different maps of
// the board onto itself, that each keeps the centre, and that they are
// closed under composition (a group, which dropSymmetricMoves relies on).
func TestMapCell(t *testing.T) {
	b := playCells()
	centre := b.index(7, 7)
	probe := b.index(2, 5) // on no axis of symmetry: its eight images differ
	images := map[int]bool{}
	for t1 := range symmetry(numSymmetries) {
		if got := b.mapCell(t1, centre); got != centre {
			t.Errorf("symmetry %d moves the centre", t1)
		}
		images[b.mapCell(t1, probe)] = true
		onto := map[int]bool{}
		for row := range 15 {
			for col := range 15 {
				onto[b.mapCell(t1, b.index(row, col))] = true
			}
		}
		if len(onto) != 15*15 {
			t.Errorf("symmetry %d maps the board onto %d cells", t1, len(onto))
		}
		for t2 := range symmetry(numSymmetries) {
			composed := false
			for t3 := range symmetry(numSymmetries) {
				if sameMap(b, t3, func(i int) int { return b.mapCell(t2, b.mapCell(t1, i)) }) {
					composed = true
				}
			}
			if !composed {
				t.Errorf("symmetry %d then %d is none of the eight", t1, t2)
			}
		}
	}
	if len(images) != numSymmetries {
		t.Errorf("the symmetries take a cell to %d cells, want %d", len(images), numSymmetries)
	}
}

// sameMap reports whether symmetry t maps every cell as f does.
func sameMap(b *board, t symmetry, f func(int) int) bool {
	for row := range b.size {
		for col := range b.size {
			if i := b.index(row, col); b.mapCell(t, i) != f(i) {
				return false
			}
		}
	}
	return true
}

// TestSymmetries checks the symmetries found in positions of known shape,
// and on random positions made symmetric by construction.
func TestSymmetries(t *testing.T) {
	for _, tt := range []struct {
		name  string
		cells [][2]int
		want  int // symmetries that keep the position
	}{
		{"empty", nil, 8},
		{"centre", [][2]int{{7, 7}}, 8},
		{"off-centre stone", [][2]int{{6, 7}}, 2},
		{"diagonal neighbour", [][2]int{{7, 7}, {6, 8}}, 2},
		{"edge neighbour", [][2]int{{7, 7}, {6, 7}}, 2},
		{"knight's step", [][2]int{{7, 7}, {5, 8}}, 1},
		{"square, x on a diagonal", [][2]int{{7, 7}, {7, 8}, {8, 8}, {8, 7}}, 2},
		{"two x around an o", [][2]int{{6, 7}, {7, 7}, {8, 7}}, 4},
	} {
		b := playCells(tt.cells...)
		set := b.symmetries()
		if n := bitCount(set); n != tt.want || set&1 == 0 {
			t.Errorf("%s: symmetries %08b (%d), want %d with the identity", tt.name, set, n, tt.want)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		sym := symmetry(1 + rng.IntN(numSymmetries-1))
		b := playCells()
		// Stones in orbits under sym: play a cell, then its images, each
		// of the same colour, keeping the colours' turns by pairs.
		var xs, os []int
		for range 1 + rng.IntN(4) {
			c := b.index(rng.IntN(15), rng.IntN(15))
			orbit := []int{c}
			for i := b.mapCell(sym, c); i != c; i = b.mapCell(sym, i) {
				orbit = append(orbit, i)
			}
			if rng.IntN(2) == 0 {
				xs = append(xs, orbit...)
			} else {
				os = append(os, orbit...)
			}
		}
		if !placeAll(b, xs, os) {
			continue
		}
		if set := b.symmetries(); set&(1<<sym) == 0 {
			t.Fatalf("a position built symmetric under %d: symmetries %08b", sym, set)
		}
	}
}

// placeAll plays x on xs and o on os alternately, passing for a colour
// that has run out; false if a cell repeats.
func placeAll(b *board, xs, os []int) bool {
	seen := map[int]bool{}
	for _, i := range append(append([]int{}, xs...), os...) {
		if seen[i] {
			return false
		}
		seen[i] = true
	}
	for len(xs) > 0 || len(os) > 0 {
		for _, list := range []*[]int{&xs, &os} {
			if len(*list) > 0 {
				b.play((*list)[0])
				*list = (*list)[1:]
			} else {
				b.pass()
			}
		}
	}
	return true
}

func bitCount(set uint8) int {
	n := 0
	for ; set != 0; set &= set - 1 {
		n++
	}
	return n
}

// TestDropSymmetricMoves checks that of a symmetric position's root moves
// one of each orbit is kept, first in order, and that a position with no
// symmetry keeps every move.
func TestDropSymmetricMoves(t *testing.T) {
	for _, tt := range []struct {
		name      string
		cells     [][2]int
		all, kept int
	}{
		{"diagonal neighbour", [][2]int{{7, 7}, {6, 8}}, 32, 18},
		{"edge neighbour", [][2]int{{7, 7}, {6, 7}}, 28, 16},
		{"square, x on a diagonal", [][2]int{{7, 7}, {7, 8}, {8, 8}, {8, 7}}, 32, 18},
		{"knight's step", [][2]int{{7, 7}, {5, 8}}, 36, 36},
	} {
		b := playCells(tt.cells...)
		s := getSearcher(b, 12, nil, Options{}, nil)
		n := s.rootCandidates(1)
		all := append([]int16{}, s.moves[s.sp-n:s.sp]...)
		kept := s.dropSymmetricMoves(n)
		if n != tt.all || kept != tt.kept || s.sp != kept {
			t.Errorf("%s: %d moves, %d kept (stack at %d); want %d and %d", tt.name, n, kept, s.sp, tt.all, tt.kept)
		}
		set := b.symmetries()
		for j, m := range all {
			covered := false
			for sym := range symmetry(numSymmetries) {
				if set&(1<<sym) == 0 {
					continue
				}
				for _, k := range s.moves[:kept] {
					if int(k) == b.mapCell(sym, int(m)) {
						covered = true
					}
				}
			}
			if !covered {
				t.Errorf("%s: move %d (%d) is not kept and no kept move is its image", tt.name, j, m)
			}
		}
		if kept > 0 && s.moves[0] != all[0] {
			t.Errorf("%s: the first move is not kept first", tt.name)
		}
		putSearcher(s, nil)
	}
}

// symmetricOpenings are openings a symmetry of the board leaves as they
// are: each keeps one diagonal or axis as a mirror, or two.
var symmetricOpenings = [][]string{
	{"h8", "i9"}, {"h8", "h9"}, {"h8", "h10"}, {"h8", "j10"},
	{"h8", "h9", "h7"}, {"h8", "i9", "g7"}, {"h8", "i8", "i9", "h9"},
}

// TestSymmetricRootSearch checks the search of symmetric openings with one
// root move of each set the symmetries map together against the search of
// every root move, at depth 6 (in the quick run: depth 5, the first four
// openings): it searches fewer nodes on every opening,
// and the analysis lists no two moves a symmetry maps together. (The two
// need not choose the same move or score: move ordering and pruning break
// ties by cell, so a search of a move and of its mirror image can differ.)
func TestSymmetricRootSearch(t *testing.T) {
	t.Parallel()
	var nodes, allNodes uint64
	depth, openings := longtest.Pick(5, 6), symmetricOpenings[:longtest.Pick(4, len(symmetricOpenings))]
	for _, moves := range openings {
		st := gomokuState(t, moves...)
		ctx := context.Background()
		params := engine.Limits{Depth: depth, MaxNodes: 5_000_000}
		r := st.SearchWith(ctx, params, Options{})
		all := st.SearchWith(ctx, params, WithoutSymmetry(Options{}))
		if !r.Complete || !all.Complete {
			t.Fatalf("%v: incomplete searches", moves)
		}
		if r.Nodes >= all.Nodes {
			t.Errorf("%v: %d nodes with the symmetry, %d without", moves, r.Nodes, all.Nodes)
		}
		nodes, allNodes = nodes+r.Nodes, allNodes+all.Nodes
		b := &st.b
		set := b.symmetries()
		if set == 1 {
			t.Fatalf("%v: no symmetry", moves)
		}
		analysis := st.Analyze(ctx, engine.Limits{Depth: 2}, 8)
		for i, e := range analysis {
			for _, f := range analysis[:i] {
				for sym := symmetry(1); sym < numSymmetries; sym++ {
					if set&(1<<sym) != 0 && b.mapCell(sym, st.pad(e.Move)) == st.pad(f.Move) {
						t.Errorf("%v: the analysis lists %s and its image %s", moves, st.FormatMove(e.Move), st.FormatMove(f.Move))
					}
				}
			}
		}
	}
	t.Logf("depth %d over %d symmetric openings: %d nodes, %d searching every root move", depth, len(openings), nodes, allNodes)
}

// BenchmarkSymmetricOpenings measures depth 12 over symmetricOpenings with
// one root move of each set the symmetries map together (sym) and with
// every root move (all).
func BenchmarkSymmetricOpenings(b *testing.B) {
	for _, c := range []struct {
		name string
		opt  Options
	}{{"sym", Options{}}, {"all", WithoutSymmetry(Options{})}} {
		opt := c.opt
		b.Run(c.name, func(b *testing.B) {
			var states []*State
			for _, moves := range symmetricOpenings {
				states = append(states, gomokuState(b, moves...))
			}
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				for _, st := range states {
					nodes += st.SearchWith(context.Background(), engine.Limits{Depth: 12, TableBits: 20}, opt).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
