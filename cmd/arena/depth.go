package main

import "fmt"

// depthCount counts the completed depths of one side's searched moves:
// those with no proved result (a forced reply or a proved win is found
// at depth 1 and says nothing of how deep the search gets). An outside
// brain reports no depth, and its count stays empty.
type depthCount struct {
	moves int
	byPly [maxCountedDepth + 1]int // moves by completed depth; deeper ones count at maxCountedDepth
	plies int                      // the sum of the depths
}

// maxCountedDepth is the deepest depth counted apart; gomoku.MaxDepth is
// lower.
const maxCountedDepth = 127

// add counts a move searched to depth plies; depth 0 (an outside brain's
// move) is not counted.
func (c *depthCount) add(depth int) {
	if depth <= 0 {
		return
	}
	c.moves++
	c.plies += depth
	c.byPly[min(depth, maxCountedDepth)]++
}

// merge adds the moves counted in o to c.
func (c *depthCount) merge(o depthCount) {
	c.moves += o.moves
	c.plies += o.plies
	for d, n := range o.byPly {
		c.byPly[d] += n
	}
}

// mean returns the mean depth of the counted moves, 0 when there are none.
func (c *depthCount) mean() float64 {
	if c.moves == 0 {
		return 0
	}
	return float64(c.plies) / float64(c.moves)
}

// median returns the lower median depth of the counted moves, 0 when there
// are none.
func (c *depthCount) median() int {
	seen := 0
	for d, n := range c.byPly {
		if seen += n; n > 0 && 2*seen >= c.moves {
			return d
		}
	}
	return 0
}

// phaseStarts are the first plies of the phases of a game that the report
// gives the depth of apart: the opening, the middle game and the long
// game. Where an engine's depth falls as the board fills shows there,
// not in the depth of the whole match.
var phaseStarts = [numPhases]int{0, 20, 40}

// numPhases is the number of phases phaseStarts names.
const numPhases = 3

// phaseOf returns the phase of a move made at ply (counted from the empty
// board, opening stones included).
func phaseOf(ply int) int {
	p := 0
	for p+1 < numPhases && ply >= phaseStarts[p+1] {
		p++
	}
	return p
}

// phaseName returns phase p as a range of plies, e.g. "20-39" or "40+".
func phaseName(p int) string {
	if p+1 == numPhases {
		return fmt.Sprintf("%d+", phaseStarts[p])
	}
	return fmt.Sprintf("%d-%d", phaseStarts[p], phaseStarts[p+1]-1)
}
