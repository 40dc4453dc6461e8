package connect4

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"movesvc/engine"
	"movesvc/internal/longtest"
)

// TestAnalyzeMatchesSolver checks every column's exact score against the
// solver run on the position after it, without the book, as the reference
// solver's analyse mode would give it.
func TestAnalyzeMatchesSolver(t *testing.T) {
	t.Parallel()
	for _, moves := range []string{"5455174361263362", "5554224333234511764415115", "52753311433677442422121", "1233722555341451114725221333"} {
		st := stateFromMoves(t, moves)
		got := st.Analyze(context.Background(), engine.Limits{}, 0)
		p := st.pos
		legal := 0
		for c := range Width {
			if p.CanPlay(c) {
				legal++
			}
		}
		if len(got) != legal {
			t.Fatalf("%s: %d entries, want %d", moves, len(got), legal)
		}
		ref := NewSolver(DefaultTableBits, nil)
		for i, e := range got {
			c := int(e.Move)
			want := (Cells + 1 - p.moves) / 2
			if !p.IsWinningMove(c) {
				child := p
				child.Play(c)
				ref.Reset()
				want = -ref.Solve(child)
			}
			if e.Score != want || !e.Complete || e.Outcome != outcomeOf(want) || e.PliesToEnd != pliesToEnd(want, p.moves) {
				t.Errorf("%s, column %d: %+v, solver says %d", moves, c+1, e, want)
			}
			if i > 0 && got[i-1].Score < e.Score {
				t.Errorf("%s: column %d (%d) after %d (%d)", moves, c+1, e.Score, got[i-1].Move+1, got[i-1].Score)
			}
		}
	}
}

// exactColumnScores returns the exact score of playing each legal column
// of p, by the solver without the book.
func exactColumnScores(p Position) map[int]int {
	ref := NewSolver(DefaultTableBits, nil)
	out := map[int]int{}
	for c := range Width {
		switch {
		case !p.CanPlay(c):
		case p.IsWinningMove(c):
			out[c] = (Cells + 1 - p.moves) / 2
		default:
			child := p
			child.Play(c)
			ref.Reset()
			out[c] = -ref.Solve(child)
		}
	}
	return out
}

// checkBoundedEntry fails unless e, an entry for a position with stones
// stones whose exact score is exact, is either that exact score, complete,
// or honest about what is proved: not complete, depth 0, no distance,
// bounds that hold the exact score, and the outcome and score the bounds
// give (a win with the lower bound, a loss with the upper, else unknown
// and 0).
func checkBoundedEntry(t *testing.T, what string, e engine.MoveScore, stones, exact int) {
	t.Helper()
	if e.Complete {
		if e.Bounded || e.Score != exact || e.Outcome != outcomeOf(exact) || e.PliesToEnd != pliesToEnd(exact, stones) || e.Depth != Cells-stones {
			t.Errorf("%s: complete entry %+v, exact score %d", what, e, exact)
		}
		return
	}
	if !e.Bounded || e.Lower >= e.Upper || exact < e.Lower || exact > e.Upper {
		t.Errorf("%s: unproved entry %+v does not bound the exact score %d", what, e, exact)
	}
	if e.Depth != 0 || e.PliesToEnd != 0 {
		t.Errorf("%s: unproved entry %+v claims a depth or a distance", what, e)
	}
	wantOutcome, wantScore := engine.OutcomeUnknown, 0
	switch {
	case e.Lower > 0:
		wantOutcome, wantScore = engine.OutcomeWin, e.Lower
	case e.Upper < 0:
		wantOutcome, wantScore = engine.OutcomeLoss, e.Upper
	}
	if e.Outcome != wantOutcome || e.Score != wantScore {
		t.Errorf("%s: unproved entry %+v, want outcome %v score %d from its bounds", what, e, wantOutcome, wantScore)
	}
}

// TestAnalyzeMarksUnprovedColumns stops every column's solve after a
// number of nodes (reproducibly, where a deadline would stop it by time)
// and checks each entry against the exact scores: proved ones exact,
// unproved ones with bounds that hold the exact score and the outcome
// their sign gives. Across the limits it must meet all three kinds: exact,
// unproved with a proved sign, unproved with none.
func TestAnalyzeMarksUnprovedColumns(t *testing.T) {
	kinds := map[string]int{}
	positions := []string{"7441746225252552", "3131336627464", "4444332", "2531276566711153"}
	// The last is costly to score exactly (seconds under the race detector).
	for _, moves := range positions[:longtest.Pick(3, len(positions))] {
		st := stateFromMoves(t, moves)
		p := st.pos
		exact := exactColumnScores(p)
		var cols []engine.Move
		for _, c := range columnOrder {
			if p.CanPlay(c) {
				cols = append(cols, engine.Move(c))
			}
		}
		for _, limit := range []uint64{1, 1 << 12, 1 << 14, 1 << 16} {
			s := NewSolver(DefaultTableBits, nil)
			got := s.analyzeColumns(context.Background(), p, cols, analyzeOptions{nodeLimit: limit})
			if len(got) != len(cols) {
				t.Fatalf("%s: %d entries for %d columns", moves, len(got), len(cols))
			}
			for i, e := range got {
				if e.Move != cols[i] {
					t.Fatalf("%s: entry %d is column %d, want %d", moves, i, e.Move+1, cols[i]+1)
				}
				checkBoundedEntry(t, fmt.Sprintf("%s, limit %d, column %d", moves, limit, e.Move+1), e, p.moves, exact[int(e.Move)])
				switch {
				case e.Complete:
					kinds["exact"]++
				case e.Outcome != engine.OutcomeUnknown:
					kinds["sign"]++
				default:
					kinds["unknown"]++
				}
			}
		}
	}
	if kinds["exact"] == 0 || kinds["sign"] == 0 || kinds["unknown"] == 0 {
		t.Errorf("entries by kind %v: want exact ones, unproved ones with a proved sign, and unproved ones without", kinds)
	}
}

// TestAnalyzePassedDeadline analyses with the deadline already passed:
// every column gets an entry, the book's and the trivial ones proved, the
// others unproved with the widest bounds.
func TestAnalyzePassedDeadline(t *testing.T) {
	st := stateFromMoves(t, "3131336627464")
	exact := exactColumnScores(st.pos)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got := st.Analyze(ctx, engine.Limits{}, 0)
	if len(got) != len(exact) {
		t.Fatalf("%d entries, want %d", len(got), len(exact))
	}
	unproved := 0
	for _, e := range got {
		checkBoundedEntry(t, fmt.Sprintf("column %d", e.Move+1), e, st.pos.moves, exact[int(e.Move)])
		if !e.Complete {
			unproved++
		}
	}
	if unproved == 0 {
		t.Error("every column proved with no time")
	}
}

// TestAnalyzeSharesTimeAsColumnsFinish analyses a position with one
// column that takes about a million nodes to prove and others that take
// thousands, under a budget the columns share as they share a deadline's
// time (in nodes, so that the test does not depend on the machine's
// speed), and follows the solves: each one starts with the budget left
// divided by the columns then unproved, and the hard column, cut short in
// its first share, is taken up again once the quick ones are proved, alone
// with what they left. What it checks is the order and the divisors of the
// solves.
func TestAnalyzeSharesTimeAsColumnsFinish(t *testing.T) {
	t.Parallel()
	// From Test_L1_R2: column 4 takes about 1 M nodes, the others at most
	// 20 k (one 3).
	st := stateFromMoves(t, "22321461")
	type solve struct {
		col, open int
		proved    bool
	}
	var solves []solve
	// Enough for the quick columns in their shares (20 k nodes, and up to
	// a poll interval more), far too little for column 4 in its first.
	opts := analyzeOptions{nodeBudget: 7 * 40_000, solved: func(col, open int, proved bool) { solves = append(solves, solve{col, open, proved}) }}
	s := NewSolver(DefaultTableBits, DefaultBook())
	var cols []engine.Move
	for _, c := range columnOrder {
		if st.pos.CanPlay(c) {
			cols = append(cols, engine.Move(c))
		}
	}
	got := s.analyzeColumns(context.Background(), st.pos, cols, opts)
	if len(solves) == 0 {
		t.Fatal("no column solved")
	}
	open := solves[0].open
	unproved := map[int]bool{}
	for _, e := range got {
		if !e.Complete {
			unproved[int(e.Move)] = true
		}
	}
	for i, sv := range solves {
		if sv.open != open {
			t.Errorf("solve %d (column %d): budget divided by %d, but %d columns were unproved", i, sv.col+1, sv.open, open)
		}
		if sv.proved {
			open--
		}
	}
	const hard = 3 // column 4
	first := solves[0]
	if first.col != hard || first.open < 2 || first.proved {
		t.Fatalf("first solve %+v, want column 4, unproved in a shared budget", first)
	}
	again := slices.IndexFunc(solves[1:], func(sv solve) bool { return sv.col == hard })
	if again < 0 {
		t.Fatalf("solves %+v: column 4, unproved, never taken up again", solves)
	}
	if sv := solves[1+again]; sv.open != 1 {
		t.Errorf("solves %+v: column 4 taken up again before every other column was proved", solves)
	}
	if len(unproved) != 1 || !unproved[hard] {
		t.Errorf("unproved columns %v, want column 4 alone", unproved)
	}
	t.Logf("solves (column, divisor, proved): %v", solves)
}

func stateFromMoves(t *testing.T, moves string) *State {
	t.Helper()
	list := make([]string, len(moves))
	for i := range moves {
		list[i] = moves[i : i+1]
	}
	st, err := Game{}.NewState(engine.Setup{FromMoves: true, Moves: list})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}
