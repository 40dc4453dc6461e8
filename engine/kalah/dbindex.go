package kalah

// The endgame databases index a board by the seeds on it (its layer) and,
// within the layer, by the rank of the composition of those seeds into the
// 2m pits, in lexicographic order with the side to move's pit 1 most
// significant. Every composition has an index, unreachable or finished
// ones included, so a probe needs no look-up to find its place.

// maxParts is the most pits a board has.
const maxParts = 2 * MaxPits

// binom[n][k] is the binomial coefficient C(n, k).
var binom = func() (t [maxBoard + maxParts + 1][maxParts + 1]uint64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= min(n, maxParts); k++ {
			t[n][k] = t[n-1][k-1]
			if k < n {
				t[n][k] += t[n-1][k]
			}
		}
	}
	return t
}()

// layerSize returns the number of boards of parts pits holding n seeds.
func layerSize(n, parts int) uint64 { return binom[n+parts-1][parts-1] }

// rank returns the index of b, a board of parts pits holding n seeds, in
// its layer: for each pit in turn, the number of boards that agree on the
// pits before it and hold fewer seeds in it (a sum of binomials that
// telescopes to two terms).
func rank(b *board, parts, n int) uint64 {
	var r uint64
	s := n
	for i := range parts - 1 {
		j := parts - i
		v := int(b[i])
		r += binom[s+j-1][j-1] - binom[s-v+j-1][j-1]
		s -= v
	}
	return r
}

// nextBoard steps b, a board of parts pits, to the next in rank order with
// the same seeds, and reports false after the last.
func nextBoard(b *board, parts int) bool {
	j := parts - 1
	for j > 0 && b[j] == 0 {
		j--
	}
	if j == 0 {
		return false
	}
	rest := b[j] - 1
	b[j] = 0
	b[j-1]++
	b[parts-1] += rest
	return true
}
