package kalah

import "fmt"

// Database holds the exact value of every board with at most MaxSeeds
// seeds of one variant's pits and capture rule (the seeds a pit starts
// with play no part once the game is under way): the seeds the side to
// move gains from the board from there on, less the opponent's, with
// perfect play by both (a store-independent value, as in Irving, Donkers
// and Uiterwijk's databases). A Database is read-only once built and safe
// for concurrent use.
type Database struct {
	v        variant
	maxSeeds int
	layers   [][]int8 // by seeds on the board, by rank
}

// MaxSeeds returns the most seeds a board in the database holds.
func (d *Database) MaxSeeds() int { return d.maxSeeds }

// Bytes returns the memory the database's values take.
func (d *Database) Bytes() int64 {
	var n int64
	for _, l := range d.layers {
		n += int64(len(l))
	}
	return n
}

// DatabaseBytes returns the bytes a database of the boards of pits pits
// with at most maxSeeds seeds takes: one per board.
func DatabaseBytes(pits, maxSeeds int) int64 {
	var n int64
	for s := range maxSeeds + 1 {
		n += int64(layerSize(s, 2*pits))
	}
	return n
}

// value returns the value of b, which holds n <= MaxSeeds seeds.
func (d *Database) value(b *board, n int) int {
	return int(d.layers[n][rank(b, 2*d.v.m, n)])
}

// unknown marks a value not computed yet while a database is built.
const unknown = -128

// BuildDatabase computes the database of r's pits and capture rule up to
// maxSeeds seeds on the board, layer by layer from the empty board up.
// Within a layer a board's value may depend on boards of the same layer (a
// move that neither reaches the store nor captures); such a move only moves
// the mover's seeds towards its store, so these dependencies have no cycle
// and are computed first, depth first.
func BuildDatabase(r Rules, maxSeeds int) (*Database, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if maxSeeds < 0 || maxSeeds > maxBoard {
		return nil, fmt.Errorf("kalah: database seeds %d out of 0..%d", maxSeeds, maxBoard)
	}
	d := &Database{v: variant{m: r.Pits, emptyCapture: r.EmptyCapture}, maxSeeds: maxSeeds}
	parts := 2 * r.Pits
	for n := range maxSeeds + 1 {
		layer := make([]int8, layerSize(n, parts))
		for k := range layer {
			layer[k] = unknown
		}
		d.layers = append(d.layers, layer)
		var b board
		b[parts-1] = uint8(n)
		for ok := true; ok; ok = nextBoard(&b, parts) {
			d.solve(&b, n)
		}
	}
	return d, nil
}

// solve returns the value of b, holding n seeds, computing it (and the
// values of the same layer it depends on) when not yet known.
func (d *Database) solve(b *board, n int) int {
	r := rank(b, 2*d.v.m, n)
	if v := d.layers[n][r]; v != unknown {
		return int(v)
	}
	mine, theirs := d.v.sides(b)
	best := mine - theirs // a finished game: the rest to their owners
	if mine > 0 && theirs > 0 {
		best = -maxBoard
		for i := range d.v.m {
			if b[i] != 0 {
				best = max(best, d.moveValue(b, n, i))
			}
		}
	}
	d.layers[n][r] = int8(best)
	return best
}

// moveValue returns the value for the side to move of playing pit i of b,
// which holds n seeds, by the values of the boards it leads to.
func (d *Database) moveValue(b *board, n, i int) int {
	c := *b
	net, extra, over := d.v.sow(&c, i)
	switch {
	case over:
		return net
	case extra:
		return net + d.solve(&c, n-net)
	default:
		d.v.flip(&c)
		return net - d.solve(&c, n-net)
	}
}
