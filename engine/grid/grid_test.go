package grid_test

import (
	"testing"

	"movesvc/engine"
	"movesvc/engine/grid"
)

func TestParseSquare(t *testing.T) {
	good := []struct {
		in         string
		rows, cols int
		row, col   int
	}{
		{"a1", 3, 3, 2, 0}, {"C3", 3, 3, 0, 2}, {"b2", 3, 3, 1, 1},
		{"h8", 15, 15, 7, 7}, {"o15", 15, 15, 0, 14}, {"s19", 19, 19, 0, 18},
	}
	for _, tc := range good {
		row, col, err := grid.ParseSquare(tc.in, tc.rows, tc.cols)
		if err != nil || row != tc.row || col != tc.col {
			t.Errorf("ParseSquare(%q) = %d, %d, %v; want %d, %d", tc.in, row, col, err, tc.row, tc.col)
		}
		if back := grid.FormatSquare(row, col, tc.rows); err == nil && back != lower(tc.in) {
			t.Errorf("FormatSquare gives %q for %q", back, tc.in)
		}
	}
	for _, in := range []string{"", "a", "a0", "a4", "d1", "a01", "a+1", "a-1", "1a", "aa", "a1x", "p1", "é1"} {
		if _, _, err := grid.ParseSquare(in, 3, 3); err == nil {
			t.Errorf("ParseSquare(%q) accepted", in)
		}
	}
}

func lower(s string) string {
	b := []byte(s)
	if b[0] >= 'A' && b[0] <= 'Z' {
		b[0] += 'a' - 'A'
	}
	return string(b)
}

func TestSideToMove(t *testing.T) {
	for _, tc := range []struct {
		x, o   int
		toMove string
		want   engine.Player
		field  string
	}{
		{0, 0, "", engine.First, ""}, {1, 0, "", engine.Second, ""}, {3, 3, "X", engine.First, ""},
		{2, 0, "", 0, "board"}, {0, 1, "", 0, "board"}, {1, 0, "x", 0, "to_move"},
	} {
		got, err := grid.SideToMove(tc.x, tc.o, tc.toMove)
		if tc.field == "" {
			if err != nil || got != tc.want {
				t.Errorf("SideToMove(%d, %d, %q) = %v, %v", tc.x, tc.o, tc.toMove, got, err)
			}
			continue
		}
		if ie, ok := engine.AsInputError(err); !ok || ie.Field != tc.field {
			t.Errorf("SideToMove(%d, %d, %q): %v, want an error on %s", tc.x, tc.o, tc.toMove, err, tc.field)
		}
	}
}
