package gomoku

// Line values: a value for every line key an empty cell has in a
// direction (the eight cells within four of it), summed over the empty
// cells and the four directions, on top of the weights or the cell
// values. Where the cell values see nine pattern classes a line, the line
// values see every arrangement of the stones around the cell. During a
// search with Variant.Lines the board keeps the sums up to date as it
// keeps the line keys, so an evaluation adds two sums. The lab's line
// tables (engine/gomoku/lab) are written in this form for a search.

// NumLineKeys is the number of line keys: two bits for each of the eight
// cells, the cell four before the centre in the lowest bits, then three,
// two and one before it and one to four after it; each 0 empty, 1 x's
// stone, 2 o's, 3 off the board.
const NumLineKeys = 1 << 16

// LineValues holds, for x ([0]) and o ([1]) and each line key, the value
// of the key where that player is the side to move ([0]) and where it is
// the opponent ([1]).
type LineValues [2][NumLineKeys][2]int32

// innerKey returns the inner eight fields of a board line key: its line
// key as LineValues index it.
func innerKey(key uint32) uint32 { return key >> 2 & (NumLineKeys - 1) }

// addLine adds (sign 1) or removes (sign -1) the values of an empty
// cell's line key from the line sums, when b keeps them.
func (b *board) addLine(key uint32, sign int32) {
	if lv := b.lineVals; lv != nil {
		k := innerKey(key)
		for colour := range 2 {
			x := &lv[colour][k]
			b.lineSum[colour][0] += sign * x[0]
			b.lineSum[colour][1] += sign * x[1]
		}
	}
}

// lineScore returns the line sums' part of b's evaluation for the side to
// move: 0 when b keeps none.
func lineScore(b *board) int32 {
	me := b.toMove()
	return b.lineSum[me][0] + b.lineSum[1-me][1]
}
