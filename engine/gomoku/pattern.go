package gomoku

import "sync"

// pattern is what one player makes on one line through an empty cell by
// playing there, ordered by strength.
type pattern uint8

// Line patterns, weakest first.
const (
	patNone  pattern = iota
	patOne           // a stone that can still grow into an open two
	patTwo           // a closed two: one move makes a closed three
	patOpen2         // an open two: one move makes an open three
	patThree         // a closed three: one move makes a four
	patOpen3         // an open three: one move makes an open four
	patFour          // a four: one move makes five
	patOpen4         // an open four: two different moves make five
	patFive          // five in a row (exactly five under the standard rule)
	numPatterns
)

// halfLine is how many cells on each side of a cell a line key holds: five,
// so that the standard rule can tell an exact five from an overline.
const halfLine = 5

// keyBits is the size of a line key: two bits for each of the 2*halfLine
// neighbours (empty, black, white, off the board).
const keyBits = 4 * halfLine

// Cell contents as stored in a line key and on the padded board.
const (
	empty = 0
	black = 1
	white = 2
	wall  = 3
)

// patternTable maps a line key to the patterns both colours make by playing
// at its centre, packed in one byte (black in the low four bits, white in
// the high four) so that one table serves both with one load. The standard
// rule's table is indexed by the whole key (1 MiB): telling an exact five
// from an overline needs the fifth cell on each side. Under freestyle that
// cell never matters (a five through the centre lies within four cells of
// it), so its table is indexed by the inner eight fields alone (64 KiB),
// small enough to stay in the cache.
type patternTable struct {
	bytes []uint8
	shift uint   // the key is shifted right by shift
	mask  uint32 // and masked to index bytes
}

// lookup returns the packed patterns of key.
func (t *patternTable) lookup(key uint32) uint8 { return t.bytes[key>>t.shift&t.mask] }

// get returns the pattern colour makes with key.
func (t *patternTable) get(colour int, key uint32) pattern {
	return pattern(t.lookup(key) >> (4 * uint(colour)) & 15)
}

// innerBits is the size of the freestyle table's index: the eight fields
// within four cells of the centre, which sit in bits 2 to 17 of a key.
const innerBits = keyBits - 4

var (
	tableOnce [2]sync.Once
	tables    [2]*patternTable
)

// tableFor returns the pattern table of a rule, building it on first use.
func tableFor(r Rule) *patternTable {
	tableOnce[r].Do(func() { tables[r] = buildTable(r, r == Freestyle) })
	return tables[r]
}

// fieldShift returns the bit position in a line key of the neighbour at
// offset k (-halfLine..-1, 1..halfLine) from the centre.
func fieldShift(k int) uint {
	if k < 0 {
		return uint(2 * (k + halfLine))
	}
	return uint(2 * (k + halfLine - 1))
}

// Perspective cells for the classification: the centre player's stones,
// and cells blocked by the opponent or the edge.
const (
	pEmpty = 0
	pMine  = 1
	pBlock = 2
)

// perspectiveKeys is the number of perspective lines: 3 states for each of
// the 2*halfLine neighbours.
const perspectiveKeys = 59049 // 3^10

// buildTable classifies every line key for both colours under rule r; when
// inner, only the inner fields index the table (sound under freestyle only).
func buildTable(r Rule, inner bool) *patternTable {
	memo := make([]pattern, perspectiveKeys)
	done := make([]bool, perspectiveKeys)
	var classify func(line *[2*halfLine + 1]int8) pattern
	index := func(line *[2*halfLine + 1]int8) int {
		k := 0
		for i := 2 * halfLine; i >= 0; i-- {
			if i != halfLine {
				k = 3*k + int(line[i])
			}
		}
		return k
	}
	classify = func(line *[2*halfLine + 1]int8) pattern {
		k := index(line)
		if done[k] {
			return memo[k]
		}
		p := classifyLine(line, r, classify)
		memo[k], done[k] = p, true
		return p
	}
	t := &patternTable{bytes: make([]uint8, 1<<keyBits), mask: 1<<keyBits - 1}
	if inner {
		t = &patternTable{bytes: make([]uint8, 1<<innerBits), shift: 2, mask: 1<<innerBits - 1}
	}
	var line [2*halfLine + 1]int8
	for index := range len(t.bytes) {
		key := uint32(index) << t.shift
		for colour := range 2 {
			own := int8(colour + 1)
			for k := -halfLine; k <= halfLine; k++ {
				if k == 0 {
					line[halfLine] = pMine
					continue
				}
				switch c := int8(key >> fieldShift(k) & 3); c {
				case empty:
					line[k+halfLine] = pEmpty
				case own:
					line[k+halfLine] = pMine
				default:
					line[k+halfLine] = pBlock
				}
			}
			t.bytes[index] |= uint8(classify(&line)) << (4 * uint(colour))
		}
	}
	return t
}

// classifyLine returns the pattern of a line whose centre holds the
// player's stone. A four has one empty cell that makes five through the
// centre, an open four two; a three is a line where one move makes a four
// (open three: an open four), and so on down.
func classifyLine(line *[2*halfLine + 1]int8, r Rule, classify func(*[2*halfLine + 1]int8) pattern) pattern {
	if isFive(line, r) {
		return patFive
	}
	fives := 0
	for i := range line {
		if line[i] != pEmpty {
			continue
		}
		line[i] = pMine
		if isFive(line, r) {
			fives++
		}
		line[i] = pEmpty
	}
	switch {
	case fives >= 2:
		return patOpen4
	case fives == 1:
		return patFour
	}
	best := patNone
	for i := range line {
		if line[i] != pEmpty {
			continue
		}
		line[i] = pMine
		child := classify(line)
		line[i] = pEmpty
		var p pattern
		switch child {
		case patOpen4:
			p = patOpen3
		case patFour:
			p = patThree
		case patOpen3:
			p = patOpen2
		case patThree:
			p = patTwo
		case patOpen2, patTwo:
			p = patOne
		}
		best = max(best, p)
	}
	return best
}

// isFive reports whether the run of the player's stones through the centre
// wins under rule r: five or more, or exactly five under the standard rule.
func isFive(line *[2*halfLine + 1]int8, r Rule) bool {
	lo, hi := halfLine, halfLine
	for lo > 0 && line[lo-1] == pMine {
		lo--
	}
	for hi < 2*halfLine && line[hi+1] == pMine {
		hi++
	}
	n := hi - lo + 1
	if r == Standard {
		return n == 5
	}
	return n >= 5
}
