package gomoku

import (
	"testing"

	"movesvc/engine/grid"
)

// renjuBoard returns a 15x15 renju board with black's stones on xs and
// white's on os (squares such as h8), black to move, set up without
// playing the stones.
func renjuBoard(t *testing.T, xs, os []string) *board {
	t.Helper()
	b := new(board)
	b.init(15, Renju)
	for colour, squares := range [][]string{xs, os} {
		for _, sq := range squares {
			row, col, err := grid.ParseSquare(sq, 15, 15)
			if err != nil {
				t.Fatal(err)
			}
			b.cells[b.index(row, col)] = int8(colour + 1)
		}
	}
	b.recount()
	return b
}

// cellOf returns the padded cell of a square on a 15x15 board.
func cellOf(t *testing.T, b *board, sq string) int {
	t.Helper()
	row, col, err := grid.ParseSquare(sq, b.size, b.size)
	if err != nil {
		t.Fatal(err)
	}
	return b.index(row, col)
}

// TestForbiddenKinds checks the renju detector on shapes whose answer the
// rule's text gives: a double three, double fours in two lines and in one,
// an overline, five beating a forbidden shape, a three blocked by white,
// and a double three one of whose threes is false because both cells that
// make it a straight four are overlines.
func TestForbiddenKinds(t *testing.T) {
	t.Parallel()
	overlineMakers := []string{"d9", "e9", "f9", "g9", "i9", "d5", "e5", "f5", "g5", "i5"}
	tests := []struct {
		name   string
		xs, os []string
		at     string
		want   forbidKind
	}{
		{"double three", []string{"f8", "g8", "h6", "h7"}, nil, "h8", forbidByDoubleThree},
		{"one three blocked", []string{"f8", "g8", "h6", "h7"}, []string{"e8"}, "h8", notForbidden},
		{"three and split three", []string{"f8", "g8", "h5", "h7"}, nil, "h8", forbidByDoubleThree},
		{"double four", []string{"f8", "g8", "i8", "h5", "h6", "h7"}, []string{"e8", "h4"}, "h8", forbidByDoubleFour},
		{"four and three", []string{"f8", "g8", "i8", "h6", "h7"}, []string{"e8"}, "h8", notForbidden},
		{"double four in one line", []string{"c8", "e8", "g8", "i8"}, nil, "f8", forbidByDoubleFour},
		{"overline", []string{"d8", "e8", "f8", "h8", "i8"}, nil, "g8", forbidByOverline},
		{"five with an overline", []string{"d8", "e8", "f8", "g8", "h3", "h4", "h5", "h6", "h7"}, nil, "h8", notForbidden},
		{"five with a double three", []string{"d8", "e8", "f8", "g8", "h6", "h7", "j10", "i9"}, nil, "h8", notForbidden},
		{"false three: its four cells are overlines", append([]string{"f8", "g8", "h6", "h7"}, overlineMakers...), nil, "h8", notForbidden},
		{"the same three where a four cell is free", append([]string{"f8", "g8", "h6", "h7"}, overlineMakers[:5]...), nil, "h8", forbidByDoubleThree},
	}
	for _, tt := range tests {
		b := renjuBoard(t, tt.xs, tt.os)
		before := *b
		if got := b.forbiddenKind(cellOf(t, b, tt.at)); got != tt.want {
			t.Errorf("%s: %s is %v, want %v", tt.name, tt.at, got, tt.want)
		}
		if b.cells != before.cells || b.keys != before.keys || b.lines != before.lines || b.count != before.count ||
			b.classes != before.classes || b.hash != before.hash || b.ply != before.ply {
			t.Errorf("%s: the check changed the board", tt.name)
		}
	}
}

// TestRenjuPatterns checks how renju reads black's and white's lines:
// black's five is exactly five, its open four a straight four, its two
// fours on one line a four (and a forbidden point, above); white's five
// is five or more.
func TestRenjuPatterns(t *testing.T) {
	t.Parallel()
	lineOf := func(colour int, mine, blocks []int, at int) pattern {
		b := new(board)
		b.init(15, Renju)
		for _, c := range mine {
			b.cells[b.index(7, c)] = int8(colour + 1)
		}
		for _, c := range blocks {
			b.cells[b.index(7, c)] = int8(2 - colour)
		}
		b.recount()
		return b.linePat(colour, 0, b.index(7, at))
	}
	tests := []struct {
		name         string
		colour       int
		mine, blocks []int
		at           int
		want         pattern
	}{
		{"black exact five", 0, []int{3, 4, 5, 6}, nil, 7, patFive},
		{"black overline is no five", 0, []int{2, 3, 4, 5, 7}, nil, 6, patNone},
		{"white overline wins", 1, []int{2, 3, 4, 5, 7}, nil, 6, patFive},
		{"black straight four", 0, []int{4, 5, 6}, nil, 7, patOpen4},
		{"black two fours in a line", 0, []int{3, 5, 6, 9}, nil, 7, patFour},
		{"white two fours in a line", 1, []int{3, 5, 6, 9}, nil, 7, patOpen4},
		{"black four next to an own stone", 0, []int{4, 5, 6, 9}, nil, 7, patFour},
		{"black open three", 0, []int{5, 6}, nil, 7, patOpen3},
		{"black three whose one straight four would be an overline", 0, []int{5, 6, 10}, []int{3}, 7, patThree},
		{"white three there", 1, []int{5, 6, 10}, []int{3}, 7, patOpen3},
	}
	for _, tt := range tests {
		if got := lineOf(tt.colour, tt.mine, tt.blocks, tt.at); got != tt.want {
			t.Errorf("%s: pattern %d, want %d", tt.name, got, tt.want)
		}
	}
}
