package gomoku

import "movesvc/engine"

// patternValue is the worth of one pattern a player could make on one line
// by playing at one empty cell.
var patternValue = [numPatterns]int32{
	patNone:  0,
	patOne:   1,
	patTwo:   4,
	patOpen2: 12,
	patThree: 20,
	patOpen3: 60,
	patFour:  70,
	patOpen4: 400,
	patFive:  2000,
}

// evaluate returns the static score of a position from the side to move's
// point of view: the summed pattern values of both players over the empty
// cells (from the pattern counts), the side to move's weighted up for the
// tempo, within ±MaxEval.
func (b *board) evaluate() int32 {
	me := b.toMove()
	var mine, theirs int32
	for p := patOne; p < numPatterns; p++ {
		mine += patternValue[p] * b.count[me][p]
		theirs += patternValue[p] * b.count[1-me][p]
	}
	v := mine*5/4 - theirs
	return max(-engine.MaxEval, min(engine.MaxEval, v))
}

// cellScore rates playing at the empty cell i for colour: the sum of its
// line values, with bonuses for the combinations that win (comboOf).
func (b *board) cellScore(colour, i int) int32 { return combos[b.combo[colour][i]].score }

// threat returns the strongest pattern colour makes by playing at the empty
// cell i, and how many directions give a four or better (an open four or
// five counting twice).
func (b *board) threat(colour, i int) (best pattern, fours int) {
	c := &combos[b.combo[colour][i]]
	return c.best, int(c.fours)
}
