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
	// forbid, under renju only, flags by the whole key the lines where
	// black may not play the centre whatever else it makes: an overline
	// (forbidOverline) or two fours on the one line (forbidFourFour). Nil
	// under the other rules.
	forbid []uint8
}

// The flags of patternTable.forbid.
const (
	forbidOverline = 1 << iota // black's stone at the centre makes six or more in a row
	forbidFourFour             // black's stone at the centre makes two fours on this line
)

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
	tableOnce [numRules]sync.Once
	tables    [numRules]*patternTable
)

// tableFor returns the pattern table of a rule, building it on first use.
func tableFor(r Rule) *patternTable {
	tableOnce[r].Do(func() { tables[r] = buildTable(r, r == Freestyle) })
	return tables[r]
}

// lineRule is how one colour's lines are read under a rule: whether only
// exactly five wins (standard; black under renju), and whether an open
// four must be a straight four, its two winning cells five apart (black
// under renju, whose two fours on one line are a forbidden double four).
type lineRule struct {
	exact, straight bool
}

// lineRuleOf returns how colour's lines are read under r.
func lineRuleOf(r Rule, colour int) lineRule {
	switch {
	case r == Standard:
		return lineRule{exact: true}
	case r == Renju && colour == 0:
		return lineRule{exact: true, straight: true}
	}
	return lineRule{}
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
// Under renju it also flags black's forbidden lines (patternTable.forbid).
func buildTable(r Rule, inner bool) *patternTable {
	t := &patternTable{bytes: make([]uint8, 1<<keyBits), mask: 1<<keyBits - 1}
	if inner {
		t = &patternTable{bytes: make([]uint8, 1<<innerBits), shift: 2, mask: 1<<innerBits - 1}
	}
	if r == Renju {
		t.forbid = make([]uint8, len(t.bytes))
	}
	var line [2*halfLine + 1]int8
	for colour := range 2 {
		lr := lineRuleOf(r, colour)
		classify := newClassifier(lr)
		own := int8(colour + 1)
		for index := range len(t.bytes) {
			key := uint32(index) << t.shift
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
			if t.forbid != nil && colour == 0 {
				t.forbid[index] = forbiddenLine(&line)
			}
		}
	}
	return t
}

// newClassifier returns the memoised classification of lines (classifyLine)
// under lr.
func newClassifier(lr lineRule) func(line *[2*halfLine + 1]int8) pattern {
	memo := make([]pattern, perspectiveKeys)
	done := make([]bool, perspectiveKeys)
	var classify func(line *[2*halfLine + 1]int8) pattern
	classify = func(line *[2*halfLine + 1]int8) pattern {
		k := 0
		for i := 2 * halfLine; i >= 0; i-- {
			if i != halfLine {
				k = 3*k + int(line[i])
			}
		}
		if done[k] {
			return memo[k]
		}
		p := classifyLine(line, lr, classify)
		memo[k], done[k] = p, true
		return p
	}
	return classify
}

// forbiddenLine returns the forbid flags of a line whose centre holds
// black's stone under renju: an overline through the centre, or two cells
// that make exactly five fewer than five apart (two fours on one line).
func forbiddenLine(line *[2*halfLine + 1]int8) uint8 {
	if runLength(line) >= 6 {
		return forbidOverline
	}
	if _, first, last := fivePoints(line, lineRule{exact: true}); last-first > 0 && last-first < 5 {
		return forbidFourFour
	}
	return 0
}

// classifyLine returns the pattern of a line whose centre holds the
// player's stone, under lr. A four has one empty cell that makes five
// through the centre, an open four two (a straight four, five apart, when
// lr.straight; closer, they are two fours); a three is a line where one
// move makes a four (open three: an open four), and so on down.
func classifyLine(line *[2*halfLine + 1]int8, lr lineRule, classify func(*[2*halfLine + 1]int8) pattern) pattern {
	if isFive(line, lr) {
		return patFive
	}
	fives, first, last := fivePoints(line, lr)
	switch {
	case fives >= 2 && (!lr.straight || last-first >= 5):
		return patOpen4
	case fives >= 1:
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

// fivePoints returns how many empty cells of line make five through the
// centre under lr, and the first and last of them (0, -1 when none).
func fivePoints(line *[2*halfLine + 1]int8, lr lineRule) (n, first, last int) {
	first, last = 0, -1
	for i := range line {
		if line[i] != pEmpty {
			continue
		}
		line[i] = pMine
		if isFive(line, lr) {
			if n == 0 {
				first = i
			}
			n, last = n+1, i
		}
		line[i] = pEmpty
	}
	return n, first, last
}

// runLength returns the length of the run of the player's stones through
// the centre of line.
func runLength(line *[2*halfLine + 1]int8) int {
	lo, hi := halfLine, halfLine
	for lo > 0 && line[lo-1] == pMine {
		lo--
	}
	for hi < 2*halfLine && line[hi+1] == pMine {
		hi++
	}
	return hi - lo + 1
}

// isFive reports whether the run of the player's stones through the centre
// wins under lr: five or more, or exactly five when lr.exact.
func isFive(line *[2*halfLine + 1]int8, lr lineRule) bool {
	n := runLength(line)
	if lr.exact {
		return n == 5
	}
	return n >= 5
}
