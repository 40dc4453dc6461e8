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
// cells, the side to move's weighted up for the tempo, within ±MaxEval.
func (b *board) evaluate() int32 {
	me := b.toMove()
	v := b.value[me]*5/4 - b.value[1-me]
	return max(-engine.MaxEval, min(engine.MaxEval, v))
}

// Move-ordering scores of a cell for one player, from the patterns the
// player makes there in the four directions.
const (
	scoreFive      = 1 << 20
	scoreOpen4     = 1 << 17 // an open four or a double four
	scoreFourThree = 1 << 15
	scoreDouble3   = 1 << 13
)

// cellScore rates playing at the empty cell i for colour: the sum of its
// line values, with bonuses for the combinations that win.
func (b *board) cellScore(colour, i int) int32 {
	var s int32
	fours, threes := 0, 0
	for d := range 4 {
		p := b.pat(colour, d, i)
		switch p {
		case patFive:
			return scoreFive
		case patOpen4:
			fours += 2
		case patFour:
			fours++
		case patOpen3:
			threes++
		}
		s += patternValue[p]
	}
	switch {
	case fours >= 2:
		s += scoreOpen4
	case fours == 1 && threes > 0:
		s += scoreFourThree
	case threes >= 2:
		s += scoreDouble3
	}
	return s
}

// threat returns the strongest pattern colour makes by playing at i, and
// how many directions give a four or better.
func (b *board) threat(colour, i int) (best pattern, fours int) {
	for d := range 4 {
		p := b.pat(colour, d, i)
		best = max(best, p)
		if p >= patFour {
			fours++
			if p >= patOpen4 {
				fours++
			}
		}
	}
	return best, fours
}
