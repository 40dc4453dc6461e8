package gomoku

import (
	"context"
	"fmt"
	"testing"

	"movesvc/engine"
)

func gomokuState(t testing.TB, moves ...string) *State {
	t.Helper()
	st, err := Game{}.NewState(engine.Setup{FromMoves: true, Moves: moves})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// TestAnalyzeMultiPV checks the number of entries, their order, that the
// analysis is reproducible and leaves the position as it was.
func TestAnalyzeMultiPV(t *testing.T) {
	st := gomokuState(t, "h8", "h9", "i9")
	hash := st.Hash()
	p := engine.Limits{Depth: 3}
	first := st.Analyze(context.Background(), p, 4)
	if len(first) != 4 {
		t.Fatalf("%d entries, want 4", len(first))
	}
	if st.Hash() != hash {
		t.Error("the position changed")
	}
	again := st.Analyze(context.Background(), p, 4)
	for i, e := range first {
		if i > 0 && first[i-1].Outcome == e.Outcome && first[i-1].Score < e.Score {
			t.Errorf("entry %d scores %d after %d", i, e.Score, first[i-1].Score)
		}
		if e.Depth != 3 || !e.Complete || e.PV[0] != e.Move {
			t.Errorf("entry %d: %+v", i, e)
		}
		if again[i].Move != e.Move || again[i].Score != e.Score {
			t.Errorf("entry %d: %+v then %+v", i, e, again[i])
		}
	}
	if n := len(st.Analyze(context.Background(), p, 0)); n != DefaultMultiPV {
		t.Errorf("%d entries by default, want %d", n, DefaultMultiPV)
	}
}

// TestAnalyzeForcedMoves checks the tactics: a five is listed first as a
// win in one; facing a four, the block is the only candidate.
func TestAnalyzeForcedMoves(t *testing.T) {
	win := gomokuState(t, "h8", "a1", "i8", "a2", "j8", "a3", "k8", "c5")
	got := win.Analyze(context.Background(), engine.Limits{Depth: 2}, 3)
	if e := got[0]; e.Outcome != engine.OutcomeWin || e.PliesToEnd != 1 {
		t.Errorf("open four: first entry %+v", e)
	}
	block := gomokuState(t, "h8", "g8", "i8", "a1", "j8", "a2", "k8")
	got = block.Analyze(context.Background(), engine.Limits{Depth: 2}, 3)
	if len(got) != 1 || block.FormatMove(got[0].Move) != "l8" {
		t.Errorf("facing a four: %+v, want only the block l8", got)
	}
}

// TestAnalyzeMatchesChildSearches checks each candidate of an analysis
// against a plain search of the position after it, one ply shallower, as
// engine.AnalyzeMoves scores it: a proved entry has the child's outcome,
// flipped, one ply further; an unproved one minus the child's score and
// its depth plus one. (Which candidates are listed is the move ordering's
// choice; TestAnalyzeForcedMoves holds the forced ones.)
func TestAnalyzeMatchesChildSearches(t *testing.T) {
	t.Parallel()
	positions := [][]string{
		{"h8", "h9", "i9"},
		{"h8", "h9", "i9", "g7", "i8", "i10"},
		{"h8", "a1", "i8", "a2", "j8", "a3"}, // an open three to stop or extend
	}
	for _, moves := range positions {
		for _, depth := range []int{2, 3, 4} {
			st := gomokuState(t, moves...)
			got := st.Analyze(context.Background(), engine.Limits{Depth: depth}, 4)
			if len(got) == 0 {
				t.Fatalf("%v depth %d: no entries", moves, depth)
			}
			for _, e := range got {
				child := st.Clone()
				child.Play(e.Move)
				what := fmt.Sprintf("%v depth %d, %s", moves, depth, st.FormatMove(e.Move))
				if o := child.Outcome(); o != engine.OutcomeUnknown {
					if e.Outcome != engine.OutcomeWin || e.PliesToEnd != 1 {
						t.Errorf("%s ends the game: entry %+v", what, e)
					}
					continue
				}
				r := engine.Search(context.Background(), child, engine.Limits{Depth: depth - 1})
				if r.Outcome != engine.OutcomeUnknown {
					if e.Outcome != r.Outcome.Flip() || e.PliesToEnd != r.PliesToEnd+1 {
						t.Errorf("%s: entry %s in %d plies, the child's search %s in %d", what, e.Outcome, e.PliesToEnd, r.Outcome, r.PliesToEnd)
					}
					continue
				}
				if e.Outcome != engine.OutcomeUnknown || e.Score != -r.Score || e.Depth != r.Depth+1 || !e.Complete {
					t.Errorf("%s: entry %+v, the child's depth-%d search scores %d at depth %d", what, e, depth-1, r.Score, r.Depth)
				}
			}
		}
	}
}
