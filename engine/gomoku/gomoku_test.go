package gomoku_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/enginetest"
	"movesvc/engine/gomoku"
	"movesvc/engine/grid"
	"movesvc/internal/longtest"
)

func TestConformance(t *testing.T) {
	t.Parallel()
	enginetest.Conformance(t, gomoku.Game{}, longtest.Pick(1, 2), 1)
}

// played returns the 15x15 freestyle position after moves, squares in
// play order separated by spaces.
func played(t testing.TB, moves string) *gomoku.State {
	t.Helper()
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: strings.Fields(moves)})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*gomoku.State)
}

// position builds a 15x15 position under rule with x stones on xs and o
// stones on os (square notation); the side to move follows from the counts.
func position(t testing.TB, rule string, xs, os []string) *gomoku.State {
	t.Helper()
	const n = gomoku.DefaultSize
	rows := make([][]byte, n)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", n))
	}
	for c, squares := range [][]string{xs, os} {
		for _, sq := range squares {
			r, col, err := grid.ParseSquare(sq, n, n)
			if err != nil {
				t.Fatal(err)
			}
			if rows[r][col] != '.' {
				t.Fatalf("square %s given twice", sq)
			}
			rows[r][col] = "xo"[c]
		}
	}
	board := make([]string, n)
	for i, r := range rows {
		board[i] = string(r)
	}
	st, err := gomoku.Game{}.NewState(engine.Setup{Board: board, Options: map[string]any{"rule": rule}})
	if err != nil {
		t.Fatalf("NewState(%q): %v", board, err)
	}
	return st.(*gomoku.State)
}

// search runs a search of st to depth with a limit of maxNodes nodes (2
// million when 0), so that results do not depend on the machine's speed.
func search(st *gomoku.State, depth int, maxNodes uint64, opt gomoku.Options) engine.Result {
	if maxNodes == 0 {
		maxNodes = 2_000_000
	}
	return st.SearchWith(context.Background(), engine.Limits{Depth: depth, MaxNodes: maxNodes}, opt)
}

func squares(st engine.State, moves []engine.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = st.FormatMove(m)
	}
	return out
}

func TestDescribe(t *testing.T) {
	d := gomoku.Game{}.Describe()
	if d.Name != "gomoku" || d.Rows != 15 || d.Cols != 15 || !slices.Equal(d.Options, []string{"rule", "size"}) {
		t.Errorf("Describe() = %+v", d)
	}
	if d.DefaultDepth < 1 || d.DefaultDepth > d.MaxDepth {
		t.Errorf("default depth %d, max %d", d.DefaultDepth, d.MaxDepth)
	}
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{"h8", "h9", "i9"}})
	if err != nil {
		t.Fatal(err)
	}
	if st.ToMove() != engine.Second || boardOf(st)[6][8] != 'x' || boardOf(st)[7][7] != 'x' || boardOf(st)[6][7] != 'o' {
		t.Errorf("h8 h9 i9 gives board %q, %v to move", boardOf(st), st.ToMove())
	}
}

// TestOptions checks the rule and size options: size sets the board of a
// move list, h8 is the centre of 15x15, and the JSON number types all work.
func TestOptions(t *testing.T) {
	for _, size := range []any{9, 19.0, int64(13)} {
		st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{"a1"}, Options: map[string]any{"size": size}})
		if err != nil {
			t.Fatalf("size %v: %v", size, err)
		}
		b := boardOf(st)
		if len(b) != st.(*gomoku.State).Size() || b[len(b)-1][0] != 'x' {
			t.Errorf("size %v: board %q", size, b)
		}
	}
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{}, Options: map[string]any{"rule": "standard"}})
	if err != nil || st.(*gomoku.State).Rule() != gomoku.Standard || st.(*gomoku.State).Size() != 15 {
		t.Errorf("standard rule: %v", err)
	}
}

// TestNewStateRejects checks that every bad setup is refused with an input
// error naming the request field at fault.
func TestNewStateRejects(t *testing.T) {
	empty := strings.Split(strings.Repeat(strings.Repeat(".", 15)+" ", 15), " ")[:15]
	with := func(rows map[int]string) []string {
		b := slices.Clone(empty)
		for i, r := range rows {
			b[i] = r
		}
		return b
	}
	five := "xxxxx.........."
	tests := []struct {
		name  string
		setup engine.Setup
		field string
	}{
		{"unknown rule", engine.Setup{FromMoves: true, Options: map[string]any{"rule": "caro"}}, "rule"},
		{"rule not a string", engine.Setup{FromMoves: true, Options: map[string]any{"rule": 1.0}}, "rule"},
		{"size too small", engine.Setup{FromMoves: true, Options: map[string]any{"size": 8}}, "size"},
		{"size too large", engine.Setup{FromMoves: true, Options: map[string]any{"size": 20.0}}, "size"},
		{"size not whole", engine.Setup{FromMoves: true, Options: map[string]any{"size": 15.5}}, "size"},
		{"size a string", engine.Setup{FromMoves: true, Options: map[string]any{"size": "15"}}, "size"},
		{"size against board", engine.Setup{Board: empty, Options: map[string]any{"size": 13}}, "size"},
		{"too few rows", engine.Setup{Board: empty[:8]}, "board"},
		{"no board", engine.Setup{}, "board"},
		{"short row", engine.Setup{Board: with(map[int]string{3: "......"})}, "board[3]"},
		{"bad cell", engine.Setup{Board: with(map[int]string{2: "......#........"})}, "board[2]"},
		{"too many x", engine.Setup{Board: with(map[int]string{0: "xx............."})}, "board"},
		{"o ahead", engine.Setup{Board: with(map[int]string{0: "o.............."})}, "board"},
		{"wrong side to move", engine.Setup{Board: with(map[int]string{0: "x.............."}), ToMove: "x"}, "to_move"},
		{"five on the board", engine.Setup{Board: with(map[int]string{0: five, 2: "oooo..........."})}, "board"},
		{"off the board", engine.Setup{FromMoves: true, Moves: []string{"h8", "p1"}}, "moves[1]"},
		{"row past the edge", engine.Setup{FromMoves: true, Moves: []string{"h16"}}, "moves[0]"},
		{"off a small board", engine.Setup{FromMoves: true, Moves: []string{"j1"}, Options: map[string]any{"size": 9}}, "moves[0]"},
		{"malformed", engine.Setup{FromMoves: true, Moves: []string{"h8", "8h"}}, "moves[1]"},
		{"occupied", engine.Setup{FromMoves: true, Moves: []string{"h8", "h9", "h8"}}, "moves[2]"},
		{"last move makes five", engine.Setup{FromMoves: true,
			Moves: []string{"a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1"}}, "moves[8]"},
		{"move after five", engine.Setup{FromMoves: true,
			Moves: []string{"a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1", "o15"}}, "moves[9]"},
		{"moves and wrong side to move", engine.Setup{FromMoves: true, Moves: []string{"h8"}, ToMove: "x"}, "to_move"},
	}
	for _, tt := range tests {
		_, err := gomoku.Game{}.NewState(tt.setup)
		ie, ok := engine.AsInputError(err)
		if !ok {
			t.Errorf("%s: error %v, want an input error", tt.name, err)
			continue
		}
		if ie.Field != tt.field {
			t.Errorf("%s: error names %q (%v), want %q", tt.name, ie.Field, err, tt.field)
		}
	}
}

// TestOverline checks the rules on six in a row: x to move can join
// c8-f8 and h8-i8 at g8. Freestyle counts the overline as a win, the
// standard rule does not, and a board already showing six is over under
// freestyle only.
func TestOverline(t *testing.T) {
	xs := []string{"c8", "d8", "e8", "f8", "h8", "i8"}
	os := []string{"b8", "j8", "a1", "c1", "e1", "g1"}
	free := position(t, "freestyle", xs, os)
	res := search(free, 4, 0, gomoku.Options{})
	if got := free.FormatMove(res.Move); got != "g8" || res.Outcome != engine.OutcomeWin || res.PliesToEnd != 1 {
		t.Errorf("freestyle: %s %v in %d plies, want g8 win in 1", got, res.Outcome, res.PliesToEnd)
	}
	std := position(t, "standard", xs, os)
	res = search(std, 4, 0, gomoku.Options{})
	if res.Outcome == engine.OutcomeWin {
		t.Errorf("standard: claims a win by %s in %d plies", std.FormatMove(res.Move), res.PliesToEnd)
	}
	g8, err := std.ParseMove("g8")
	if err != nil {
		t.Fatal(err)
	}
	std.Play(g8)
	if std.Outcome() != engine.OutcomeUnknown {
		t.Errorf("standard: the overline ends the game: %v", std.Outcome())
	}
	six := boardOf(std)
	if _, err := (gomoku.Game{}).NewState(engine.Setup{Board: six, Options: map[string]any{"rule": "standard"}}); err != nil {
		t.Errorf("standard: a board with six in a row is refused: %v", err)
	}
	if _, err := (gomoku.Game{}).NewState(engine.Setup{Board: six}); err == nil {
		t.Errorf("freestyle: a board with six in a row is accepted")
	}

	// Exactly five wins under both rules.
	xs = []string{"c8", "d8", "e8", "f8", "a3", "c3"}
	os = []string{"b8", "h8", "a1", "c1", "e1", "g1"}
	for _, rule := range []string{"freestyle", "standard"} {
		st := position(t, rule, xs, os)
		res := search(st, 2, 0, gomoku.Options{})
		if got := st.FormatMove(res.Move); got != "g8" || res.Outcome != engine.OutcomeWin {
			t.Errorf("%s: exact five: %s %v, want g8 win", rule, got, res.Outcome)
		}
	}
}

// boardOf returns the rows of a placement game's position.
func boardOf(st engine.State) []string { return st.(engine.Boarder).Board() }
