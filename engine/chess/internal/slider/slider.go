// Package slider computes the attacks of sliding chess pieces slowly, by
// walking rays: the reference from which engine/chess fills its magic
// bitboard tables and from which cmd magicgen finds the magic numbers.
package slider

// Directions of the rook and of the bishop as (file, rank) steps.
var (
	RookSteps   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	BishopSteps = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// Attacks returns the squares (bit i for square i, a1 = 0) a piece moving
// along steps attacks from sq when occ holds the occupied squares: each ray
// up to and including the first occupied square.
func Attacks(sq int, occ uint64, steps [4][2]int) uint64 {
	var a uint64
	for _, d := range steps {
		f, r := sq%8+d[0], sq/8+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			bit := uint64(1) << (r*8 + f)
			a |= bit
			if occ&bit != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return a
}

// Mask returns the squares whose occupancy can change the attacks from sq
// along steps: every ray without its last square (the board's edge).
func Mask(sq int, steps [4][2]int) uint64 {
	var m uint64
	for _, d := range steps {
		f, r := sq%8+d[0], sq/8+d[1]
		for {
			nf, nr := f+d[0], r+d[1]
			if nf < 0 || nf >= 8 || nr < 0 || nr >= 8 {
				break
			}
			m |= uint64(1) << (r*8 + f)
			f, r = nf, nr
		}
	}
	return m
}

// Subsets calls fn with every subset of mask (the carry-rippler trick,
// https://www.chessprogramming.org/Traversing_Subsets_of_a_Set), the empty
// set first.
func Subsets(mask uint64, fn func(sub uint64)) {
	var sub uint64
	for {
		fn(sub)
		sub = (sub - mask) & mask
		if sub == 0 {
			return
		}
	}
}
