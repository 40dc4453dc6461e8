package gomoku

import (
	"context"
	"testing"

	"movesvc/engine"
)

func gomokuState(t *testing.T, moves ...string) *State {
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
	p := engine.Params{Depth: 3}
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
	got := win.Analyze(context.Background(), engine.Params{Depth: 2}, 3)
	if e := got[0]; e.Outcome != engine.OutcomeWin || e.PliesToEnd != 1 {
		t.Errorf("open four: first entry %+v", e)
	}
	block := gomokuState(t, "h8", "g8", "i8", "a1", "j8", "a2", "k8")
	got = block.Analyze(context.Background(), engine.Params{Depth: 2}, 3)
	if len(got) != 1 || block.FormatMove(got[0].Move) != "l8" {
		t.Errorf("facing a four: %+v, want only the block l8", got)
	}
}
