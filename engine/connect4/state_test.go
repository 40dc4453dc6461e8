package connect4

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"movesvc/engine"
	"movesvc/internal/longtest"
)

func newState(t testing.TB, setup engine.Setup) *State {
	t.Helper()
	st, err := Game{}.NewState(setup)
	if err != nil {
		t.Fatalf("NewState(%+v): %v", setup, err)
	}
	return st.(*State)
}

func movesSetup(seq string) engine.Setup {
	moves := make([]string, len(seq))
	for i := range seq {
		moves[i] = seq[i : i+1]
	}
	return engine.Setup{FromMoves: true, Moves: moves}
}

func TestNewStateRejects(t *testing.T) {
	rows := func(s ...string) engine.Setup { return engine.Setup{Board: s} }
	empty := ".......\n.......\n.......\n.......\n.......\n......."
	board := func(edit func([]string)) engine.Setup {
		r := strings.Split(empty, "\n")
		edit(r)
		return engine.Setup{Board: r}
	}
	for _, tc := range []struct {
		name  string
		setup engine.Setup
		field string
	}{
		{"too few rows", rows(".......", "......."), "board"},
		{"short row", board(func(r []string) { r[2] = "......" }), "board[2]"},
		{"bad character", board(func(r []string) { r[5] = "..z...." }), "board[5]"},
		{"floating stone", board(func(r []string) { r[3] = "...x..." }), "board[3]"},
		{"floating over a stone gap", board(func(r []string) { r[5] = "x......"; r[3] = "o......" }), "board[3]"},
		{"too many o", board(func(r []string) { r[5] = "oo....." }), "board"},
		{"too many x", board(func(r []string) { r[5] = "xxo.x.." }), "board"},
		{"four on the board", board(func(r []string) { r[5] = "xxxx.oo"; r[4] = ".....oo" }), "board"},
		{"to_move inconsistent", engine.Setup{Board: strings.Split(empty, "\n"), ToMove: "o"}, "to_move"},
		{"column zero", movesSetup("40"), "moves[1]"},
		{"column eight", movesSetup("48"), "moves[1]"},
		{"two digits", engine.Setup{FromMoves: true, Moves: []string{"4", "44"}}, "moves[1]"},
		{"letter", engine.Setup{FromMoves: true, Moves: []string{"d"}}, "moves[0]"},
		{"full column", movesSetup("4444444"), "moves[6]"},
		{"move after a win", movesSetup("41424344"), "moves[7]"},
		{"won by the last move", movesSetup("4142434"), "moves"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Game{}.NewState(tc.setup)
			var ie *engine.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("NewState error = %v, want an InputError", err)
			}
			if ie.Field != tc.field {
				t.Fatalf("field %q (%v), want %q", ie.Field, err, tc.field)
			}
		})
	}
}

// TestBoardRoundTrip checks that Board and NewState(board) invert each other
// along random games, and that a move list and its board give one position.
func TestBoardRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		st := newState(t, engine.Setup{FromMoves: true})
		var buf []engine.Move
		for st.Outcome() == engine.OutcomeUnknown {
			again := newState(t, engine.Setup{Board: st.Board()})
			if again.pos != st.pos {
				t.Fatalf("board %q read back as %+v, want %+v", st.Board(), again.pos, st.pos)
			}
			buf = st.LegalMoves(buf)
			m := buf[rng.IntN(len(buf))]
			row, col := st.Cell(m)
			st.Play(m)
			if got := st.Board()[row][col]; got != st.ToMove().Other().String()[0] {
				t.Fatalf("Cell(%d) = %d,%d but the stone is not there", m, row, col)
			}
		}
	}
}

// TestPliesToEnd checks the score conventions both ways.
func TestPliesToEnd(t *testing.T) {
	st := &State{}
	for stones := range Cells {
		st.pos.moves = stones
		for plies := 1; stones+plies <= Cells; plies++ {
			for _, o := range []engine.Outcome{engine.OutcomeWin, engine.OutcomeLoss} {
				// A win needs the mover's stone last: odd plies; a loss even.
				if (o == engine.OutcomeWin) != (plies%2 == 1) {
					continue
				}
				score := st.ExactScore(o, plies)
				if got := pliesToEnd(score, stones); got != plies {
					t.Fatalf("stones %d %v in %d plies: score %d gives %d plies", stones, o, plies, score, got)
				}
			}
		}
	}
	st.pos.moves = 0
	if got := st.ExactScore(engine.OutcomeWin, 41); got != 1 {
		t.Fatalf("empty board win at move 41 scores %d, want 1", got)
	}
}

// TestSearchIsExactAndOptimal searches test-set positions through the
// engine interface and checks the score, outcome, distance, and that the
// move achieves the score by solving the child: every 25th position of
// the easy sets (every 100th in the quick run).
func TestSearchIsExactAndOptimal(t *testing.T) {
	solver := NewSolver(DefaultTableBits, nil)
	every := longtest.Pick(100, 25)
	for _, name := range []string{"Test_L3_R1", "Test_L2_R1", "Test_L1_R1"} {
		for i, tp := range loadTestSet(t, name) {
			if i%every != 0 {
				continue
			}
			st := newState(t, movesSetup(tp.moves))
			res := engine.Search(context.Background(), st, engine.Limits{})
			if !res.Complete || res.DeadlineHit || res.Score != tp.score || res.Outcome != outcomeOf(tp.score) {
				t.Fatalf("%s: %+v, want exact score %d", tp.moves, res, tp.score)
			}
			if res.PliesToEnd != pliesToEnd(tp.score, st.Ply()) {
				t.Fatalf("%s: plies_to_end %d", tp.moves, res.PliesToEnd)
			}
			p := st.pos
			p.Play(int(res.Move))
			solver.Reset()
			if got := -solver.Solve(p); got != tp.score {
				t.Fatalf("%s: move %d scores %d, want %d", tp.moves, res.Move+1, got, tp.score)
			}
			if len(res.PV) == 0 || res.PV[0] != res.Move || len(res.PV) > res.PliesToEnd {
				t.Fatalf("%s: pv %v for move %d, %d plies", tp.moves, res.PV, res.Move, res.PliesToEnd)
			}
			line := st.Clone()
			var buf []engine.Move
			for _, m := range res.PV {
				if !contains(line.LegalMoves(buf), m) {
					t.Fatalf("%s: pv %v has an illegal move", tp.moves, res.PV)
				}
				line.Play(m)
			}
		}
	}
}

func contains(ms []engine.Move, m engine.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// TestSearchDeadline stops a hard solve at once: the answer is a legal,
// non-losing move, marked incomplete.
func TestSearchDeadline(t *testing.T) {
	tp := pastBook(t, "Test_L1_R3")
	st := newState(t, movesSetup(tp.moves))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	res := engine.Search(ctx, st, engine.Limits{})
	if res.Complete || !res.DeadlineHit {
		t.Fatalf("%+v: want an incomplete result", res)
	}
	if res.Move < 0 || res.Move >= Width || !st.pos.CanPlay(int(res.Move)) {
		t.Fatalf("move %d is not legal", res.Move)
	}
	if st.pos.nonLosingMoves()&columnMask(int(res.Move)) == 0 {
		t.Fatalf("move %d lets the opponent win at once", res.Move+1)
	}
	if res.Outcome != engine.OutcomeUnknown && res.Outcome != outcomeOf(tp.score) {
		t.Fatalf("outcome %v contradicts the score %d", res.Outcome, tp.score)
	}
}

// TestSearchWinsAndBlocks covers the positions decided in one move.
func TestSearchWinsAndBlocks(t *testing.T) {
	// x has three in column 1 and wins there; o must block column 1.
	win := newState(t, movesSetup("121212"))
	res := engine.Search(context.Background(), win, engine.Limits{})
	if res.Move != 0 || res.Outcome != engine.OutcomeWin || res.PliesToEnd != 1 || res.Score != (Cells+1-6)/2 {
		t.Fatalf("win in one: %+v", res)
	}
	// The block is the only non-losing move, so it is chosen whether or not
	// the solve of this early position finishes in time.
	block := newState(t, movesSetup("12131"))
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	res = engine.Search(ctx, block, engine.Limits{})
	if res.Move != 0 {
		t.Fatalf("o must block column 1, played %d (%+v)", res.Move+1, res)
	}
	// Two threats: every move loses to the next stone.
	lost := newState(t, movesSetup("4455337"))
	res = engine.Search(context.Background(), lost, engine.Limits{})
	if res.Outcome != engine.OutcomeLoss || res.PliesToEnd != 2 || !lost.pos.CanPlay(int(res.Move)) {
		t.Fatalf("double threat: %+v", res)
	}
}

// TestDepthLimitedSearch asks for fewer plies than remain: the generic
// heuristic search answers, deterministically.
func TestDepthLimitedSearch(t *testing.T) {
	st := newState(t, movesSetup("4453"))
	a := engine.Search(context.Background(), st, engine.Limits{Depth: 6})
	b := engine.Search(context.Background(), st, engine.Limits{Depth: 6})
	if a.Depth != 6 || !a.Complete || a.Move != b.Move || a.Score != b.Score {
		t.Fatalf("depth 6: %+v then %+v", a, b)
	}
}

// TestEmptyBoardFromBook answers the empty board from the embedded book:
// the first player wins with its 21st stone (score +1) by playing the
// centre column, without searching.
func TestEmptyBoardFromBook(t *testing.T) {
	st := newState(t, engine.Setup{FromMoves: true})
	res := engine.Search(context.Background(), st, engine.Limits{})
	if res.Score != 1 || res.Move != 3 || res.Outcome != engine.OutcomeWin || res.PliesToEnd != 41 || !res.Complete {
		t.Fatalf("empty board: %+v, want score 1, move 4, win in 41 plies", res)
	}
}

// TestBookAnswers searches positions of the book's complete layers and of
// its strategy (the book positions past them): each is answered from the
// book without a search (no node), exact, with the book's move, and a line
// that follows the book while the positions on it are in the book (or win
// at once) and is at least as long as the complete layers reach.
func TestBookAnswers(t *testing.T) {
	book := DefaultBook()
	var deep []uint64
	book.Each(func(key uint64, e BookEntry) {
		if keyStones(key) > book.Complete() && len(deep) < 50 {
			deep = append(deep, key)
		}
	})
	if len(deep) == 0 {
		t.Fatal("no book position past the complete layers")
	}
	positions := []Position{{}, newState(t, movesSetup("44")).pos, newState(t, movesSetup("4453")).pos}
	for _, k := range deep {
		positions = append(positions, positionFromKey(k))
	}
	for _, p := range positions {
		want, ok := book.Lookup(p)
		if !ok {
			t.Fatalf("%x: not in the book", p.Key())
		}
		res := engine.Search(context.Background(), &State{pos: p}, engine.Limits{})
		if !res.Complete || res.Nodes != 0 || res.Score != want.Score || int(res.Move) != want.Move {
			t.Fatalf("%x (%d stones): %+v, want the book's score %d and move %d with no node", p.Key(), p.moves, res, want.Score, want.Move+1)
		}
		line := p
		for i, m := range res.PV {
			e, inBook := book.Lookup(line)
			switch {
			case line.CanWinNext():
				if !line.IsWinningMove(int(m)) {
					t.Fatalf("%x: line %v passes over a win at move %d", p.Key(), res.PV, i)
				}
			case !inBook || e.Move != int(m):
				t.Fatalf("%x: line %v leaves the book at move %d", p.Key(), res.PV, i)
			}
			line.Play(int(m))
		}
		if p.moves+len(res.PV) <= book.Complete() && line.moves < Cells && !line.CanWinNext() {
			t.Errorf("%x: line %v stops inside the complete layers", p.Key(), res.PV)
		}
	}
}

// TestSearchAfterStoppedSearch runs a solve that its context stops at
// once, then another: the pooled solver must start fresh (three times in
// the long run).
func TestSearchAfterStoppedSearch(t *testing.T) {
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	hard := pastBook(t, "Test_L1_R3")
	for range longtest.Pick(1, 3) {
		first := engine.Search(stopped, newState(t, movesSetup(hard.moves)), engine.Limits{})
		if first.Complete || !first.DeadlineHit {
			t.Fatalf("%s with its context done: %+v", hard.moves, first)
		}
		tp := pastBook(t, "Test_L1_R1")
		res := engine.Search(context.Background(), newState(t, movesSetup(tp.moves)), engine.Limits{})
		if !res.Complete || res.Score != tp.score {
			t.Fatalf("%s after another search: %+v, want exact %d", tp.moves, res, tp.score)
		}
	}
}

// TestDeadlineAnswerUsesTheGuess: when the deadline stops the solve of a
// hard position, the answer is the best move known: with nothing proved
// better, the move of the heuristic search that ran first, with its depth
// and line, unless that move loses at once.
func TestDeadlineAnswerUsesTheGuess(t *testing.T) {
	used := 0
	for _, tp := range loadTestSet(t, "Test_L1_R3")[:12] {
		if len(tp.moves) <= DefaultBook().Complete() {
			continue
		}
		st := newState(t, movesSetup(tp.moves))
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		res := engine.Search(ctx, st, engine.Limits{})
		cancel()
		if res.Complete {
			continue
		}
		if st.pos.nonLosingMoves()&columnMask(int(res.Move)) == 0 {
			t.Fatalf("%s: move %d loses at once", tp.moves, res.Move+1)
		}
		if res.Depth > 0 {
			// The heuristic search's move: its line starts with it.
			used++
			if len(res.PV) == 0 || res.PV[0] != res.Move {
				t.Errorf("%s: depth %d but line %v for move %d", tp.moves, res.Depth, res.PV, res.Move+1)
			}
		}
	}
	if used == 0 {
		t.Error("no incomplete answer came from the heuristic search")
	}
}

func TestGuessShare(t *testing.T) {
	for _, tc := range []struct{ total, want time.Duration }{
		{time.Second, 30 * time.Millisecond},
		{160 * time.Millisecond, 10 * time.Millisecond},
		{0, 0},
	} {
		start := time.Unix(0, 0)
		if got := engine.ShareOf(start, start.Add(tc.total), 1, guessDen, guessMost).Sub(start); got != tc.want {
			t.Errorf("guess share of %v = %v, want %v", tc.total, got, tc.want)
		}
	}
}
