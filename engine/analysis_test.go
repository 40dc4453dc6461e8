package engine_test

import (
	"context"
	"testing"

	"movesvc/engine"
	"movesvc/engine/tictactoe"
)

// tictactoeState returns a tic-tac-toe position for the generic search:
// its own answers from the solution table are hidden.
func tictactoeState(t testing.TB, moves ...string) engine.State {
	t.Helper()
	st, err := tictactoe.Game{}.NewState(engine.Setup{FromMoves: true, Moves: moves})
	if err != nil {
		t.Fatal(err)
	}
	return generic{st}
}

// TestAnalyzeMatchesChildSearches compares every entry of an analysis with
// a plain search of the position after its move, exact and depth-limited,
// and checks that the position is restored.
func TestAnalyzeMatchesChildSearches(t *testing.T) {
	for _, depth := range []int{0, 2, 4} {
		st := tictactoeState(t, "a1", "b2")
		before := boardOf(st)
		got := engine.Analyze(context.Background(), st, engine.Limits{Depth: depth}, 0)
		if len(got) != 7 {
			t.Fatalf("depth %d: %d entries, want 7", depth, len(got))
		}
		if after := boardOf(st); len(after) != len(before) || after[0] != before[0] || after[1] != before[1] || after[2] != before[2] {
			t.Errorf("position changed: %v, was %v", after, before)
		}
		for i, e := range got {
			if i > 0 && got[i-1].Outcome == e.Outcome && got[i-1].Score < e.Score {
				t.Errorf("depth %d: not sorted at %d", depth, i)
			}
			child := st.Clone()
			child.Play(e.Move)
			cp := engine.Limits{}
			if depth > 0 {
				cp.Depth = depth - 1
			}
			r := engine.Search(context.Background(), child, cp)
			if e.Outcome != r.Outcome.Flip() || e.Depth != r.Depth+1 || !e.Complete {
				t.Errorf("depth %d, move %s: %+v, child search %+v", depth, st.FormatMove(e.Move), e, r)
			}
			if e.Outcome == engine.OutcomeUnknown && e.Score != -r.Score {
				t.Errorf("depth %d, move %s: score %d, child %d", depth, st.FormatMove(e.Move), e.Score, r.Score)
			}
			if e.Outcome != engine.OutcomeUnknown && e.PliesToEnd != r.PliesToEnd+1 {
				t.Errorf("depth %d, move %s: %d plies, child %d", depth, st.FormatMove(e.Move), e.PliesToEnd, r.PliesToEnd)
			}
		}
	}
}

// TestAnalyzeKeepsTheBest checks n: the n best entries, in the same order
// as the full list.
func TestAnalyzeKeepsTheBest(t *testing.T) {
	st := tictactoeState(t, "a1")
	all := engine.Analyze(context.Background(), st, engine.Limits{}, 0)
	top := engine.Analyze(context.Background(), st, engine.Limits{}, 3)
	if len(top) != 3 {
		t.Fatalf("%d entries, want 3", len(top))
	}
	for i := range top {
		if top[i].Move != all[i].Move || top[i].Score != all[i].Score {
			t.Errorf("entry %d: %+v, full list %+v", i, top[i], all[i])
		}
	}
}

// TestAnalyzeUnderPassedDeadline checks that a deadline already passed
// still scores every move by the first two rounds.
func TestAnalyzeUnderPassedDeadline(t *testing.T) {
	st := tictactoeState(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got := engine.Analyze(ctx, st, engine.Limits{}, 0)
	if len(got) != 9 {
		t.Fatalf("%d entries, want 9", len(got))
	}
	for _, e := range got {
		if e.Complete || e.Depth != 2 {
			t.Errorf("%+v: want the second round's entry, not complete", e)
		}
	}
}

// TestProgressAllocatesNothingPerIteration checks that reporting each
// iteration adds no allocation to the search.
func TestProgressAllocatesNothingPerIteration(t *testing.T) {
	st := tictactoeState(t)
	calls := 0
	progress := func(engine.Progress) { calls++ }
	with := testing.AllocsPerRun(20, func() {
		engine.Search(context.Background(), st, engine.Limits{Progress: progress})
	})
	without := testing.AllocsPerRun(20, func() {
		engine.Search(context.Background(), st, engine.Limits{})
	})
	if calls < 20*9 {
		t.Fatalf("%d reports in 21 searches of 9 iterations", calls)
	}
	// A pooled table may be dropped (by a GC, or at random under the race
	// detector) and allocated again: allow one. An allocation per
	// iteration would add nine.
	if with > without+1.5 {
		t.Errorf("with progress %.1f allocations, without %.1f", with, without)
	}
}

// boardOf returns the rows of a placement game's position.
func boardOf(st engine.State) []string { return st.(engine.Boarder).Board() }
