package gomoku

import (
	"maps"
	"math/rand/v2"
	"testing"

	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// fresh returns a board of b's size and rule holding the same stones with
// every key, count, class and cell and line value sum (for b's values)
// rebuilt from scratch.
func fresh(b *board) *board {
	f := new(board)
	f.init(b.size, b.rule)
	f.cells = b.cells
	f.values, f.lineVals = b.values, b.lineVals
	f.recount()
	return f
}

// sameBookkeeping reports the first difference between b's incremental
// bookkeeping and a recount of its stones, or "".
func sameBookkeeping(b *board) string {
	f := fresh(b)
	for i, c := range b.cells {
		for d := range 4 {
			if c != wall && b.keys[d][i] != f.keys[d][i] {
				return "line keys"
			}
		}
	}
	if b.count != f.count {
		return "pattern counts"
	}
	if b.classes != f.classes {
		return "cell classes"
	}
	if b.valueSum != f.valueSum {
		return "cell table sums"
	}
	if b.lineSum != f.lineSum {
		return "line table sums"
	}
	for i, c := range b.cells {
		for colour := range 2 {
			if c == empty && b.combo[colour][i] != f.combo[colour][i] {
				return "combination indices"
			}
		}
		for d := range 4 {
			if c == empty && b.lines[i][d] != f.lines[i][d] {
				return "line bytes"
			}
		}
	}
	for colour := range 2 {
		// The set of four cells holds what a scan of the area finds.
		var want cellSet
		b.area(func(i int) bool {
			if best, _ := b.threat(colour, i); best >= patFour {
				want.add(i)
			}
			return true
		})
		if b.fourCells[colour] != want || f.fourCells[colour] != want {
			return "sets of four cells"
		}
	}
	var hash uint64
	near := [maxCells]uint8{}
	for i, c := range b.cells {
		if c == black || c == white {
			hash ^= zobrist[c-1][i]
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					near[i+dr*b.stride+dc]++
				}
			}
		}
	}
	if b.ply&1 == 1 {
		hash ^= zobristSide
	}
	if b.hash != hash {
		return "hash"
	}
	if b.near != near {
		return "neighbour counts"
	}
	return ""
}

// randomGame plays random moves near the stones on b until someone makes
// five, the board fills or n moves are played, and returns them.
func randomGame(b *board, rng *rand.Rand, n int) []int {
	var played []int
	for len(played) < n && !b.five && !b.full() {
		var cands []int
		for row := range b.size {
			for col := range b.size {
				i := b.index(row, col)
				if b.cells[i] == empty && (b.stones == 0 || b.near[i] > 0 || rng.IntN(8) == 0) {
					cands = append(cands, i)
				}
			}
		}
		m := cands[rng.IntN(len(cands))]
		b.play(m)
		played = append(played, m)
	}
	return played
}

// randomValues returns cell values and line values drawn from rng, from
// -100 to 100 and from -20 to 20.
func randomValues(rng *rand.Rand) (*CellValues, *LineValues) {
	cells, lines := new(CellValues), new(LineValues)
	for k := range cells {
		cells[k] = [2]int32{rng.Int32N(201) - 100, rng.Int32N(201) - 100}
	}
	for colour := range lines {
		for k := range lines[colour] {
			lines[colour][k] = [2]int32{rng.Int32N(41) - 20, rng.Int32N(41) - 20}
		}
	}
	return cells, lines
}

// TestBookkeepingMatchesRecount plays random games on several sizes under
// both rules and checks after every move and every undo that the
// incrementally kept keys, line bytes, combinations, pattern and class
// counts, hash and neighbour counts, and the sums of random cell and line
// values (the board keeps them only for a search given values), equal a
// recount from the stones; the odd games with an undo log attached
// from a few moves in, so that undo takes both ways; games of up to 120
// moves (in the quick run, one game of each size and rule, the standard
// rule's with the log, of up to 60 moves; under the race detector, one size
// for each rule: the smallest for freestyle, 15 for standard, the largest
// for renju).
func TestBookkeepingMatchesRecount(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	cells, lines := randomValues(rand.New(rand.NewPCG(13, 14)))
	log := new(undoLog)
	for i, size := range []int{MinSize, 15, MaxSize} {
		for k, rule := range []Rule{Freestyle, Standard, Renju} {
			if race.Enabled && !longtest.Enabled() && k != i {
				continue
			}
			for game := range longtest.Pick(1, 4) {
				b := new(board)
				b.init(size, rule)
				b.setTables(cells, lines)
				var played []int
				if (game+int(rule))%2 == 1 {
					played = randomGame(b, rng, 3) // undone without the log
					b.attach(log)
				}
				for !b.five && !b.full() && len(played) < longtest.Pick(60, 120) {
					played = append(played, randomGame(b, rng, 1)...)
					if diff := sameBookkeeping(b); diff != "" {
						t.Fatalf("size %d %v game %d: after %d moves the %s differ from a recount", size, rule, game, len(played), diff)
					}
				}
				for len(played) > 0 {
					m := played[len(played)-1]
					played = played[:len(played)-1]
					b.undo(m)
					if diff := sameBookkeeping(b); diff != "" {
						t.Fatalf("size %d %v game %d: after undoing to %d moves the %s differ from a recount", size, rule, game, len(played), diff)
					}
				}
			}
		}
	}
}

// TestPlayUndoRestores checks that undoing a random game restores the empty
// board exactly: cells, keys, line bytes, combinations, counts, classes,
// sets of four cells, hash and neighbours; without and with an undo log.
func TestPlayUndoRestores(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	for _, logged := range []bool{false, true} {
		b := new(board)
		b.init(15, Freestyle)
		start := *b
		if logged {
			b.attach(new(undoLog))
		}
		for range 20 {
			played := randomGame(b, rng, 200)
			for i := len(played) - 1; i >= 0; i-- {
				b.undo(played[i])
			}
			if b.cells != start.cells || b.keys != start.keys || b.lines != start.lines ||
				b.combo != start.combo || b.count != start.count || b.classes != start.classes || b.valueSum != start.valueSum ||
				b.fourCells != start.fourCells ||
				b.hash != start.hash || b.near != start.near || b.ply != 0 || b.stones != 0 || b.five {
				t.Fatalf("logged %v: undoing %d moves did not restore the empty board", logged, len(played))
			}
		}
	}
}

// line builds a 15x15 board with the given stones of one colour on row 7
// (columns), the other colour's stones at blocks, and returns the pattern
// colour makes by playing at column at, horizontally.
func line(rule Rule, mine, blocks []int, at int) pattern {
	b := new(board)
	b.init(15, rule)
	for _, c := range mine {
		b.cells[b.index(7, c)] = black
	}
	for _, c := range blocks {
		b.cells[b.index(7, c)] = white
	}
	b.recount()
	return b.linePat(0, 0, b.index(7, at))
}

// TestPatterns checks the classification of typical horizontal shapes.
func TestPatterns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		rule         Rule
		mine, blocks []int
		at           int
		want         pattern
	}{
		{"five", Freestyle, []int{3, 4, 5, 6}, nil, 7, patFive},
		{"five in the gap", Freestyle, []int{3, 4, 6, 7}, nil, 5, patFive},
		{"overline wins freestyle", Freestyle, []int{2, 3, 4, 5, 7}, nil, 6, patFive},
		{"overline is no five standard", Standard, []int{2, 3, 4, 5, 7}, nil, 6, patNone},
		{"exact five standard", Standard, []int{3, 4, 5, 6}, []int{2, 8}, 7, patFive},
		{"open four", Freestyle, []int{4, 5, 6}, nil, 7, patOpen4},
		{"four blocked on one side", Freestyle, []int{4, 5, 6}, []int{3}, 7, patFour},
		{"split four", Freestyle, []int{4, 5, 7}, nil, 8, patFour},
		{"edge four", Freestyle, []int{0, 1, 2}, nil, 3, patFour},
		{"open three", Freestyle, []int{5, 6}, nil, 7, patOpen3},
		{"split open three", Freestyle, []int{5, 7}, nil, 8, patOpen3},
		{"closed three", Freestyle, []int{5, 6}, []int{4}, 7, patThree},
		{"dead three", Freestyle, []int{5, 6}, []int{4, 8}, 7, patNone},
		{"open two", Freestyle, []int{6}, nil, 7, patOpen2},
		{"double four in a line", Freestyle, []int{3, 5, 6, 9}, nil, 7, patOpen4},
		{"standard open four next to an own stone", Standard, []int{4, 5, 6, 9}, nil, 7, patFour},
	}
	for _, tt := range tests {
		if got := line(tt.rule, tt.mine, tt.blocks, tt.at); got != tt.want {
			t.Errorf("%s: pattern %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestFreestyleInnerTable checks that the freestyle table, indexed by the
// eight inner fields of a key, gives for every key what the table of whole
// keys gives: the fifth cell on each side never changes a freestyle pattern.
func TestFreestyleInnerTable(t *testing.T) {
	t.Parallel()
	whole, inner := buildTable(Freestyle, false), tableFor(Freestyle)
	// Every key in the long run, every seventh in the quick one.
	for key := uint32(0); key < 1<<keyBits; key += longtest.Pick[uint32](7, 1) {
		if w, i := whole.lookup(key), inner.lookup(key); w != i {
			t.Fatalf("key %#x: whole table %#x, inner table %#x", key, w, i)
		}
	}
}

// TestDefencesStopEveryOpenThree plays random games and checks, wherever a
// side can make an open four, that the defences generated are exactly the
// defender's fours near the stones and the cells whose stone leaves no open
// four to make, found by playing every empty cell: 60 games, 5 in the quick
// run.
func TestDefencesStopEveryOpenThree(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	checked := 0
	games := longtest.Pick(5, 60)
	for game := range games {
		b := new(board)
		b.init(15, Rule(game%2))
		s := getSearcher(b, 10, nil, Options{}, nil)
		for b.ply < 70 && !b.five && !b.full() {
			randomGame(b, rng, 1)
			for colour := range 2 {
				if b.count[colour][patOpen4] == 0 || b.count[1-colour][patFive] > 0 || b.five {
					continue
				}
				want := map[int]bool{}
				b.area(func(i int) bool {
					if best, _ := b.threat(1-colour, i); best >= patFour {
						want[i] = true
					}
					return true
				})
				for i := range b.cells {
					if b.cells[i] != empty {
						continue
					}
					saved := b.ply
					if b.toMove() != 1-colour {
						b.pass()
					}
					b.play(i)
					if b.count[colour][patOpen4] == 0 {
						want[i] = true
					}
					b.undo(i)
					if b.ply != saved {
						b.unpass()
					}
				}
				n := s.defences(colour)
				got := map[int]bool{}
				for _, i := range s.moves[s.sp-n : s.sp] {
					got[int(i)] = true
				}
				s.sp -= n
				if len(got) != n || !maps.Equal(got, want) {
					t.Fatalf("game %d after %d, colour %d: defences %v, want %v", game, b.ply, colour, got, want)
				}
				checked++
			}
		}
		putSearcher(s, nil)
	}
	if checked < games*5/3 {
		t.Errorf("only %d positions with an open three", checked)
	}
}
