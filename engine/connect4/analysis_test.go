package connect4

import (
	"context"
	"testing"

	"movesvc/engine"
)

// TestAnalyzeMatchesSolver checks every column's exact score against the
// solver run on the position after it, without the book, as the reference
// solver's analyse mode would give it.
func TestAnalyzeMatchesSolver(t *testing.T) {
	for _, moves := range []string{"5455174361263362", "5554224333234511764415115", "52753311433677442422121", "1233722555341451114725221333"} {
		st := stateFromMoves(t, moves)
		got := st.Analyze(context.Background(), engine.Params{}, 0)
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

// TestAnalyzeMarksUnprovedColumns runs an analysis of a hard opening
// position with its deadline already passed: every column gets an entry,
// unproved ones with Complete false.
func TestAnalyzeMarksUnprovedColumns(t *testing.T) {
	st := stateFromMoves(t, "123456")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got := st.Analyze(ctx, engine.Params{}, 0)
	if len(got) != Width {
		t.Fatalf("%d entries", len(got))
	}
	unproved := 0
	for _, e := range got {
		if !e.Complete {
			unproved++
			if e.PliesToEnd != 0 {
				t.Errorf("unproved %+v has a distance", e)
			}
		}
	}
	if unproved == 0 {
		t.Error("every column proved with no time")
	}
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
