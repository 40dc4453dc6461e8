package gomoku

// zobrist holds one random key per colour and padded cell; zobristSide is
// mixed in on every move, so the side to move is part of the hash.
var (
	zobrist     [2][maxCells]uint64
	zobristSide uint64
)

func init() {
	x := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := range zobrist {
		for i := range zobrist[c] {
			zobrist[c][i] = next()
		}
	}
	zobristSide = next()
}
