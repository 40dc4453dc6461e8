package backgammon

// Board layout constants. A side's points are counted from its own side:
// index i (0..23) is its point i+1, so its home board is indices 0..5 and it
// moves from high indices to low ones; BarIndex is its bar.
const (
	NumPoints = 24
	BarIndex  = 24
	Checkers  = 15 // checkers per side
	slots     = 25 // points and bar
)

// Board is the checkers of both sides. Board[0] is the side on roll and
// Board[1] the other side; each side's row is counted from its own side
// (Board[s][i] checkers on its point i+1, Board[s][BarIndex] on its bar).
// The checkers a side has borne off are Checkers minus those on its row.
// A side's point i is the other side's point 23-i.
type Board [2][slots]int8

// StartBoard is the opening position: each side has two checkers on its 24
// point, five on its 13, three on its 8 and five on its 6.
var StartBoard = Board{
	{5: 5, 7: 3, 12: 5, 23: 2},
	{5: 5, 7: 3, 12: 5, 23: 2},
}

// Swapped returns b with the two sides exchanged: the position as the other
// side sees it when it is on roll.
func (b *Board) Swapped() Board { return Board{b[1], b[0]} }

// OnBoard returns the checkers side s has on points and bar (not borne off).
func (b *Board) OnBoard(s int) int {
	n := 0
	for _, c := range b[s] {
		n += int(c)
	}
	return n
}

// Off returns the checkers side s has borne off.
func (b *Board) Off(s int) int { return Checkers - b.OnBoard(s) }

// Pips returns side s's pip count: the sum over its checkers of the distance
// each must travel to bear off (the bar counts 25).
func (b *Board) Pips(s int) int {
	n := 0
	for i, c := range b[s] {
		n += int(c) * (i + 1)
	}
	return n
}

// Contact reports whether the sides can still hit or block each other: some
// checker of one side is behind some checker of the other.
func (b *Board) Contact() bool {
	back0 := b.backIndex(0)
	back1 := b.backIndex(1)
	if back0 < 0 || back1 < 0 {
		return false
	}
	// Side 0's point back0 is side 1's point 23-back0; contact when side
	// 1's rearmost checker is past it.
	return back1 > 23-back0
}

// backIndex returns the index of side s's rearmost checker (BarIndex if any
// is on the bar), or -1 if it has none left.
func (b *Board) backIndex(s int) int {
	for i := BarIndex; i >= 0; i-- {
		if b[s][i] > 0 {
			return i
		}
	}
	return -1
}

// AllHome reports whether side s has every checker left in its home board
// (points 1-6), the condition for bearing off.
func (b *Board) AllHome(s int) bool {
	for i := 6; i < slots; i++ {
		if b[s][i] > 0 {
			return false
		}
	}
	return true
}

// Result values of a finished game, for the winner: single game, gammon,
// backgammon.
const (
	Single     = 1
	Gammon     = 2
	Backgammon = 3
)

// WinKind returns how much side s has won by if it has borne off all its
// checkers (Single, Gammon or Backgammon), or 0 if it has not. A gammon: the
// loser has borne off none; a backgammon: also has a checker on the bar or in
// the winner's home board.
func (b *Board) WinKind(s int) int {
	if b.OnBoard(s) > 0 {
		return 0
	}
	o := 1 - s
	if b.OnBoard(o) < Checkers {
		return Single
	}
	for i := 18; i < slots; i++ {
		if b[o][i] > 0 {
			return Backgammon
		}
	}
	return Gammon
}

// Validate reports the first reason b is not a position: a negative count,
// more than Checkers checkers on a side, or a point held by both sides.
func (b *Board) Validate() error {
	for s := 0; s < 2; s++ {
		for i, c := range b[s] {
			if c < 0 {
				return errorf("%s has %d checkers on its %s", sideName(s), c, slotName(i))
			}
		}
		if n := b.OnBoard(s); n > Checkers {
			return errorf("%s has %d checkers, more than %d", sideName(s), n, Checkers)
		}
	}
	for i := 0; i < NumPoints; i++ {
		if b[0][i] > 0 && b[1][23-i] > 0 {
			return errorf("point %d of the side on roll holds checkers of both sides", i+1)
		}
	}
	return nil
}

// slotName names index i of a side's row: "bar" or the point number.
func slotName(i int) string {
	if i == BarIndex {
		return "bar"
	}
	return "point " + itoa(i+1)
}
