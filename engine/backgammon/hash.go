package backgammon

// zobrist holds a random key per side, slot and count
// (https://www.chessprogramming.org/Zobrist_Hashing), from a fixed seed.
var zobrist [2][slots][Checkers + 1]uint64

func init() {
	x := uint64(0x6a09e667f3bcc908)
	for s := range zobrist {
		for i := range zobrist[s] {
			for c := range zobrist[s][i] {
				x = splitmix(x)
				zobrist[s][i][c] = x
			}
		}
	}
}

// splitmix returns the next value of the SplitMix64 sequence after x.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	z := x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Hash returns a 64-bit key of b (the side on roll is b[0], so the same
// checkers with the other side on roll hash differently).
func (b *Board) Hash() uint64 {
	var h uint64
	for s := 0; s < 2; s++ {
		for i, c := range b[s] {
			h ^= zobrist[s][i][c]
		}
	}
	return h
}
