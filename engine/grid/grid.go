// Package grid holds the parsing shared by games played on a rectangular
// board: rows of '.', 'x' and 'o' (top row first), the side to move inferred
// from the stone counts, and square notation ("b2": column letter from 'a' on
// the left, row number from 1 at the bottom).
//
// Every error is an *engine.InputError naming the request field at fault.
package grid

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"movesvc/engine"
)

// Cell is the content of one square.
type Cell int8

// Cell contents.
const (
	Empty Cell = iota
	X          // the first player's stone
	O          // the second player's stone
)

// Stone returns the cell holding p's stone.
func Stone(p engine.Player) Cell { return Cell(p) + 1 }

// Board is a parsed board: Cells holds rows*cols cells, row-major, top row
// first.
type Board struct {
	Rows, Cols int
	Cells      []Cell
	CountX     int
	CountO     int
}

// ParseBoard parses rows of '.', 'x' and 'o' (either case) into a board of
// the given size. Errors name "board" or "board[i]".
func ParseBoard(rows []string, nrows, ncols int) (Board, error) {
	if len(rows) != nrows {
		return Board{}, engine.Invalid("board", len(rows), "must have %d rows, got %d", nrows, len(rows))
	}
	b := Board{Rows: nrows, Cols: ncols, Cells: make([]Cell, 0, nrows*ncols)}
	for i, row := range rows {
		field := fmt.Sprintf("board[%d]", i)
		if n := utf8.RuneCountInString(row); n != ncols {
			return Board{}, engine.Invalid(field, row, "must have %d cells, got %d", ncols, n)
		}
		for j, r := range []rune(row) {
			switch r {
			case '.':
				b.Cells = append(b.Cells, Empty)
			case 'x', 'X':
				b.Cells = append(b.Cells, X)
				b.CountX++
			case 'o', 'O':
				b.Cells = append(b.Cells, O)
				b.CountO++
			default:
				return Board{}, engine.Invalid(field, row, "column %d: invalid cell %q, want '.', 'x' or 'o'", j+1, r)
			}
		}
	}
	return b, nil
}

// SideToMove infers the side to move from the stone counts, x moving first:
// equal counts mean x, one more x means o. toMove, when not empty, must be
// "x" or "o" and agree with the counts.
func SideToMove(countX, countO int, toMove string) (engine.Player, error) {
	var p engine.Player
	switch countX - countO {
	case 0:
		p = engine.First
	case 1:
		p = engine.Second
	default:
		return 0, engine.Invalid("board", nil,
			"impossible stone counts: %d x and %d o (x moves first, so x has as many stones as o or one more)", countX, countO)
	}
	if toMove != "" && !strings.EqualFold(toMove, p.String()) {
		return 0, engine.Invalid("to_move", toMove, "is %q but the stone counts say %q is to move", toMove, p.String())
	}
	return p, nil
}

// ParseSquare parses square notation such as "b2" on a board of the given
// size into a 0-based row from the top and column from the left. The column
// letter may be either case.
func ParseSquare(s string, rows, cols int) (row, col int, err error) {
	if len(s) < 2 || len(s) > 3 {
		return 0, 0, fmt.Errorf("invalid square %q: want a column letter and a row number, like \"b2\"", s)
	}
	c := s[0] | 0x20 // lower case
	if c < 'a' || int(c-'a') >= cols {
		return 0, 0, fmt.Errorf("invalid square %q: column must be 'a'..'%c'", s, 'a'+cols-1)
	}
	n, convErr := strconv.Atoi(s[1:])
	if convErr != nil || s[1] == '0' || s[1] == '+' || s[1] == '-' || n < 1 || n > rows {
		return 0, 0, fmt.Errorf("invalid square %q: row must be 1..%d", s, rows)
	}
	return rows - n, int(c - 'a'), nil
}

// FormatSquare returns the notation of the square at row (from the top) and
// col on a board with the given number of rows.
func FormatSquare(row, col, rows int) string {
	return string(rune('a'+col)) + strconv.Itoa(rows-row)
}

// FormatRows renders cells (row-major, top row first) as board rows.
func FormatRows(cells []Cell, nrows, ncols int) []string {
	out := make([]string, nrows)
	var sb strings.Builder
	for r := range nrows {
		sb.Reset()
		for c := range ncols {
			sb.WriteByte(".xo"[cells[r*ncols+c]])
		}
		out[r] = sb.String()
	}
	return out
}
