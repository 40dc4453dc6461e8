package tictactoe_test

import (
	"context"
	"slices"
	"testing"

	"movesvc/engine"
	"movesvc/engine/enginetest"
	"movesvc/engine/tictactoe"
	"movesvc/internal/longtest"
)

func newState(t testing.TB, moves ...string) engine.State {
	t.Helper()
	st, err := tictactoe.Game{}.NewState(engine.Setup{FromMoves: true, Moves: moves})
	if err != nil {
		t.Fatalf("NewState(%q): %v", moves, err)
	}
	return st
}

func TestConformance(t *testing.T) {
	enginetest.Conformance(t, tictactoe.Game{}, 200, 1)
}

// value is a position's game-theoretic value for the side to move, found by
// plain minimax with no pruning or table: the reference the engine is checked
// against. Wins score 10-plies (faster is better), losses -(10-plies), draws 0.
func value(st engine.State, ply int) int {
	switch st.Outcome() {
	case engine.OutcomeLoss:
		return -(10 - ply)
	case engine.OutcomeDraw:
		return 0
	}
	best := -100
	for _, m := range st.LegalMoves(nil) {
		st.Play(m)
		best = max(best, -value(st, ply+1))
		st.Undo(m)
	}
	return best
}

// positions returns every reachable position that is not over, once each.
func positions(t *testing.T) []engine.State {
	seen := map[uint64]bool{}
	var out []engine.State
	var walk func(st engine.State)
	walk = func(st engine.State) {
		if seen[st.Hash()] || st.Outcome() != engine.OutcomeUnknown {
			return
		}
		seen[st.Hash()] = true
		out = append(out, st.Clone())
		for _, m := range st.LegalMoves(nil) {
			st.Play(m)
			walk(st)
			st.Undo(m)
		}
	}
	walk(newState(t))
	return out
}

// TestPerfectPlayEveryPosition checks, for every reachable position (every
// fifth in the quick run), that the search proves the same outcome and
// distance as plain minimax and picks a move that keeps that value.
func TestPerfectPlayEveryPosition(t *testing.T) {
	all := positions(t)
	if len(all) != 4520 {
		t.Fatalf("found %d unfinished positions, want 4520", len(all))
	}
	for i, st := range all {
		if i%longtest.Pick(5, 1) != 0 {
			continue
		}
		want := value(st, 0)
		res := engine.Search(context.Background(), st, engine.Limits{})
		if !res.Complete || res.DeadlineHit {
			t.Fatalf("%q: search not complete: %+v", boardOf(st), res)
		}
		var wantOutcome engine.Outcome
		var wantPlies int
		switch {
		case want > 0:
			wantOutcome, wantPlies = engine.OutcomeWin, 10-want
		case want < 0:
			wantOutcome, wantPlies = engine.OutcomeLoss, 10+want
		default:
			wantOutcome, wantPlies = engine.OutcomeDraw, st.RemainingPlies()
		}
		if res.Outcome != wantOutcome || res.PliesToEnd != wantPlies {
			t.Fatalf("%q: got %v in %d plies, want %v in %d", boardOf(st), res.Outcome, res.PliesToEnd, wantOutcome, wantPlies)
		}
		st.Play(res.Move)
		got := -value(st, 1)
		st.Undo(res.Move)
		if got != want {
			t.Fatalf("%q: move %s has value %d, best is %d", boardOf(st), st.FormatMove(res.Move), got, want)
		}
		if len(res.PV) == 0 || res.PV[0] != res.Move {
			t.Fatalf("%q: PV %v does not start with the move %v", boardOf(st), res.PV, res.Move)
		}
	}
}

// TestNeverLoses plays the engine against every possible opponent strategy:
// at each opponent turn every legal reply is tried. The engine must never
// lose, and must win every game from a position it has proved won.
func TestNeverLoses(t *testing.T) {
	for _, engineSide := range []engine.Player{engine.First, engine.Second} {
		var games, draws int
		var walk func(st engine.State, provedWin bool)
		walk = func(st engine.State, provedWin bool) {
			if o := st.Outcome(); o != engine.OutcomeUnknown {
				games++
				engineLost := o == engine.OutcomeLoss && st.ToMove() == engineSide
				engineWon := o == engine.OutcomeLoss && st.ToMove() != engineSide
				switch {
				case engineLost:
					t.Fatalf("engine as %v lost: %q", engineSide, boardOf(st))
				case provedWin && !engineWon:
					t.Fatalf("engine as %v proved a win but did not win: %q", engineSide, boardOf(st))
				case !engineWon:
					draws++
				}
				return
			}
			if st.ToMove() == engineSide {
				res := engine.Search(context.Background(), st, engine.Limits{})
				st.Play(res.Move)
				walk(st, provedWin || res.Outcome == engine.OutcomeWin)
				st.Undo(res.Move)
				return
			}
			for _, m := range st.LegalMoves(nil) {
				st.Play(m)
				walk(st, provedWin)
				st.Undo(m)
			}
		}
		walk(newState(t), false)
		if games == 0 || draws == games {
			t.Errorf("engine as %v: %d games, %d draws: the opponents' mistakes were never punished", engineSide, games, draws)
		}
		t.Logf("engine as %v: %d games, %d draws, %d wins, 0 losses", engineSide, games, draws, games-draws)
	}
}

func TestEmptyBoardIsADraw(t *testing.T) {
	res := engine.Search(context.Background(), newState(t), engine.Limits{})
	if res.Outcome != engine.OutcomeDraw || res.Score != 0 || res.PliesToEnd != 9 || !res.Complete || res.Depth != 9 {
		t.Errorf("empty board: %+v, want a proved draw in 9 plies at depth 9", res)
	}
}

func TestFastestWinAndScores(t *testing.T) {
	tests := []struct {
		name      string
		board     []string
		move      string
		outcome   engine.Outcome
		score     int
		pliesToEn int
	}{
		// x wins at once on c3 (row 0, col 2) with 5 stones on the board: (11-5)/2.
		{"win in one", []string{"xx.", "oo.", "..."}, "c3", engine.OutcomeWin, 3, 1},
		// o must block c3 at once or lose in 2 plies; after the block x forks on
		// b2 and wins with 7 stones on the board: the slowest loss, (11-7)/2.
		{"slowest loss blocks", []string{"xx.", "o..", "..."}, "c3", engine.OutcomeLoss, -2, 4},
		// o to move cannot stop two threats: x wins with its 4th stone, 7 stones in all.
		{"fork lost", []string{"x.x", ".o.", "x.o"}, "", engine.OutcomeLoss, -2, 2},
		// Every cell but one is taken and neither side can win.
		{"forced draw", []string{"xox", "xoo", "ox."}, "c1", engine.OutcomeDraw, 0, 1},
	}
	for _, tc := range tests {
		st, err := tictactoe.Game{}.NewState(engine.Setup{Board: tc.board})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		res := engine.Search(context.Background(), st, engine.Limits{})
		if tc.move != "" && st.FormatMove(res.Move) != tc.move {
			t.Errorf("%s: move %s, want %s", tc.name, st.FormatMove(res.Move), tc.move)
		}
		if res.Outcome != tc.outcome || res.Score != tc.score || res.PliesToEnd != tc.pliesToEn {
			t.Errorf("%s: %v score %d in %d plies, want %v score %d in %d", tc.name,
				res.Outcome, res.Score, res.PliesToEnd, tc.outcome, tc.score, tc.pliesToEn)
		}
	}
}

func TestDepthLimitedSearchIsDeterministic(t *testing.T) {
	st := newState(t, "a1")
	first := engine.Search(context.Background(), st, engine.Limits{Depth: 2})
	if first.Depth != 2 || !first.Complete || first.Outcome != engine.OutcomeUnknown {
		t.Fatalf("depth 2: %+v", first)
	}
	for range 20 {
		again := engine.Search(context.Background(), st, engine.Limits{Depth: 2})
		if again.Move != first.Move || again.Score != first.Score || !slices.Equal(again.PV, first.PV) {
			t.Fatalf("depth 2 search gave %+v then %+v", first, again)
		}
	}
}

func TestCancelledSearchStillAnswers(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st := newState(t)
	res := engine.Search(ctx, st, engine.Limits{})
	if res.Move == engine.NoMove || res.Depth < 1 {
		t.Fatalf("cancelled search: %+v, want a depth-1 move", res)
	}
	if !slices.Contains(st.LegalMoves(nil), res.Move) {
		t.Fatalf("cancelled search returned illegal move %v", res.Move)
	}
}

// boardOf returns the rows of a placement game's position.
func boardOf(st engine.State) []string { return st.(engine.Boarder).Board() }
