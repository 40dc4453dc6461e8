package lab

import (
	"encoding/json"
	"fmt"

	"movesvc/engine/gomoku"
)

// The line table evaluation: a value for every line key an empty cell has
// in a direction, seen from a player (the eight cells within four of it:
// empty, the player's, the other player's or off the board), one table
// for the side to move and one for the opponent, summed over the empty
// cells and the four directions, on top of the weights or the cell table.
// Where the cell table sees nine pattern classes a line, the line table
// sees every arrangement of the stones around the cell. A search with a
// table (Options.Lines) has the board keep the sums up to date as it
// keeps the line keys (gomoku.Variant.Lines), so an evaluation adds two
// sums.

// NumLineKeys is the number of line keys: four states for each of the
// eight cells, the cell four to one before the centre in the low bits,
// then the cells one to four after it (see LineKey), as the engine's
// (gomoku.NumLineKeys) but seen from a player.
const NumLineKeys = gomoku.NumLineKeys

// Line key cell states, seen from one player.
const (
	LineEmpty = 0
	LineOwn   = 1
	LineOther = 2
	LineEdge  = 3
)

// LineTable holds the value of line keys: [0] where the side to move is
// the player the key is seen from, [1] where the opponent is. A key is
// written canonically (CanonLineKey: the smaller of it and its reverse);
// keys missing from the maps, and keys without a stone of the player,
// are worth 0. encoding/json writes it as two objects keyed by the key in
// decimal.
type LineTable [2]map[uint16]int16

// LineKey returns the key of cells, the eight states (LineEmpty ...) of
// the cells four, three, two and one before an empty cell and one to four
// after it along a line.
func LineKey(cells [8]int) uint16 {
	var k uint16
	for j, c := range cells {
		k |= uint16(c&3) << (2 * j)
	}
	return k
}

// CanonLineKey returns the smaller of key and the key of its cells in
// reverse order: a line read either way has one canonical key.
func CanonLineKey(key uint16) uint16 {
	var r uint16
	for j := range 8 {
		r |= (key >> (2 * j) & 3) << (2 * (7 - j))
	}
	return min(key, r)
}

// lineKeyOwn reports whether key has a cell of the player it is seen from.
func lineKeyOwn(key uint16) bool {
	for j := range 8 {
		if key>>(2*j)&3 == LineOwn {
			return true
		}
	}
	return false
}

// lineKeySeenBy returns the line key of the engine's key raw (x's stones
// 1, o's 2) seen from colour (0 x, 1 o): seen from o the two swap.
func lineKeySeenBy(raw uint16, colour int) uint16 {
	if colour == 0 {
		return raw
	}
	var key uint16
	for j := range 8 {
		c := raw >> (2 * j) & 3
		if c == 1 || c == 2 {
			c = 3 - c
		}
		key |= c << (2 * j)
	}
	return key
}

// values returns t in the engine's form, for a search.
func (t *LineTable) values() *gomoku.LineValues {
	v := new(gomoku.LineValues)
	for raw := range NumLineKeys {
		for colour := range 2 {
			key := lineKeySeenBy(uint16(raw), colour)
			if !lineKeyOwn(key) {
				continue
			}
			canon := CanonLineKey(key)
			v[colour][raw] = [2]int32{int32(t[0][canon]), int32(t[1][canon])}
		}
	}
	return v
}

// lineValues keeps the engine's form of each line table Options has named.
var lineValues = engineForms[LineTable, gomoku.LineValues]{form: (*LineTable).values}

// LineKeyCounts adds to counts, for the side to move (role 0) and the
// opponent (role 1), how many times each canonical line key with a stone
// of its player is met over the empty cells of st and four directions.
func LineKeyCounts(st *gomoku.State, counts [2]map[uint16]int32) {
	me := int(st.ToMove())
	st.EmptyCells(func(c gomoku.EmptyCell) {
		for _, raw := range c.Lines {
			for role, colour := range [2]int{me, 1 - me} {
				if key := lineKeySeenBy(raw, colour); lineKeyOwn(key) {
					counts[role][CanonLineKey(key)]++
				}
			}
		}
	})
}

// ParseLines reads a LineTable written as JSON: two objects mapping keys
// in decimal to values.
func ParseLines(data []byte) (LineTable, error) {
	var t LineTable
	if err := json.Unmarshal(data, &t); err != nil {
		return t, err
	}
	for role := range t {
		for k := range t[role] {
			if CanonLineKey(k) != k {
				return t, fmt.Errorf("line key %d is not canonical", k)
			}
		}
	}
	return t, nil
}
