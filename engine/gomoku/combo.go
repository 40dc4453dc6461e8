package gomoku

// cellClass is what one player makes at an empty cell over its four lines
// together: the combination of its four line patterns, strongest first.
type cellClass uint8

// Cell classes, weakest first.
const (
	clsNone  cellClass = iota
	clsOpen2           // at least one open two
	clsThree           // a closed three (a four next move)
	cls3               // one open three
	cls33              // two or more open threes
	cls4               // one four (and no open three)
	cls43              // a four and an open three
	clsWin             // an open four or two fours: five next move whatever the reply
	clsFive            // five
	numClasses
)

// np is numPatterns as an int, for combination index arithmetic.
const np = int(numPatterns)

// comboKeys is the number of combinations of four line patterns: a
// combination's index is the sum over the directions d of its pattern in d
// times np^d.
const comboKeys = np * np * np * np

// dirWeight is np^d, the weight of direction d in a combination index.
var dirWeight = [4]uint16{1, uint16(np), uint16(np * np), uint16(np * np * np)}

// comboInfo is what a combination of four line patterns makes at a cell.
type comboInfo struct {
	score int32     // move-ordering score (see cellScore)
	class cellClass // the combination's class
	best  pattern   // the strongest line pattern
	fours uint8     // lines that make a four, an open four counting twice
	// plus is true for a four that makes an open two or better on another
	// line: the fours the quiescence search follows past its first ply.
	plus bool
}

// combos describes every combination of four line patterns.
var combos = buildCombos()

// buildCombos returns the table of every combination.
func buildCombos() *[comboKeys]comboInfo {
	t := new([comboKeys]comboInfo)
	for k := range t {
		var ps [4]pattern
		x := k
		for d := range 4 {
			ps[d] = pattern(x % np)
			x /= np
		}
		t[k] = comboOf(ps)
	}
	return t
}

// comboOf describes the cell whose four line patterns are ps. Its score is
// the sum of the line values, plus a bonus for the combinations that win,
// or scoreFive alone for a five.
func comboOf(ps [4]pattern) comboInfo {
	var c comboInfo
	var threes, closed, twos int
	for _, p := range ps {
		c.best = max(c.best, p)
		c.score += patternValue[p]
		switch p {
		case patFive, patOpen4:
			c.fours += 2
		case patFour:
			c.fours++
		case patOpen3:
			threes++
		case patThree:
			closed++
		case patOpen2:
			twos++
		}
	}
	c.plus = c.fours > 0 && threes+closed+twos > 0
	switch {
	case c.best == patFive:
		c.class, c.score = clsFive, scoreFive
	case c.fours >= 2:
		c.class = clsWin
		c.score += scoreOpen4
	case c.fours == 1 && threes > 0:
		c.class = cls43
		c.score += scoreFourThree
	case c.fours == 1:
		c.class = cls4
	case threes >= 2:
		c.class = cls33
		c.score += scoreDouble3
	case threes == 1:
		c.class = cls3
	case closed > 0:
		c.class = clsThree
	case twos > 0:
		c.class = clsOpen2
	}
	return c
}

// quickWin returns the plies to a win of the side to move in b that needs
// no search, read off the cell classes, or 0. It assumes the opponent cannot make five next move
// (pvs answers a four first): then a cell where the side to move makes an
// open four or two fours wins in 3 plies, as the opponent can block only
// one of the fives; and when the opponent cannot even make a four, a cell
// making a four and an open three, or two open threes, wins in 5: the
// opponent's one move stops one line only, and without a four of its own it
// cannot gain a tempo. Black under renju wins only by an open four it may
// play (threatens), in 3 plies: its double four and double three are
// forbidden.
func quickWin(b *board) int {
	me, opp := b.toMove(), 1-b.toMove()
	if b.count[opp][patFive] > 0 {
		return 0
	}
	if me == 0 && b.rule == Renju {
		if b.classes[me][clsWin] > 0 && b.threatens(me) {
			return 3
		}
		return 0
	}
	if b.classes[me][clsWin] > 0 {
		return 3
	}
	if b.classes[me][cls43]+b.classes[me][cls33] > 0 &&
		b.classes[opp][cls4]+b.classes[opp][cls43]+b.classes[opp][clsWin] == 0 {
		return 5
	}
	return 0
}
