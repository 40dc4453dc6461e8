package engine_test

import (
	"slices"
	"testing"

	"movesvc/engine"
)

// TestAgreeWithAnalysis: an answer whose move the analysis ranks strictly
// below its best becomes the best entry (when that entry is as deep); a
// tie reorders the analysis instead; anything else is left.
func TestAgreeWithAnalysis(t *testing.T) {
	wdl := [3]int{500, 300, 200}
	entries := func() []engine.MoveScore {
		return []engine.MoveScore{
			{Move: 4, Score: 30, Depth: 6, Complete: true, PV: []engine.Move{4, 9}, Estimate: engine.Estimate{WDL: &wdl}},
			{Move: 2, Score: 30, Depth: 6, Complete: true, PV: []engine.Move{2, 8}},
			{Move: 7, Score: 10, Depth: 6, Complete: true, PV: []engine.Move{7, 1}},
			{Move: 5, Outcome: engine.OutcomeLoss, PliesToEnd: 2, Score: -1000, Depth: 2, Complete: true, PV: []engine.Move{5, 3}},
		}
	}
	search := engine.Result{Move: 7, Score: 25, Depth: 6, Nodes: 1234, Complete: true, PV: []engine.Move{7, 6}}
	moves := func(an []engine.MoveScore) []engine.Move {
		var out []engine.Move
		for _, e := range an {
			out = append(out, e.Move)
		}
		return out
	}

	t.Run("ranked below: the best entry answers", func(t *testing.T) {
		an := entries()
		got := engine.AgreeWithAnalysis(search, an)
		if got.Move != 4 || got.Score != 30 || got.Depth != 6 || !slices.Equal(got.PV, []engine.Move{4, 9}) ||
			got.WDL != &wdl || got.Nodes != 1234 || !got.Complete {
			t.Errorf("got %+v, want move 4 with its score, line and estimate, the search's nodes", got)
		}
		if !slices.Equal(moves(an), []engine.Move{4, 2, 7, 5}) {
			t.Errorf("analysis reordered to %v", moves(an))
		}
	})
	t.Run("a deadline: as deep is enough", func(t *testing.T) {
		an := entries()
		for i := range an {
			an[i].Complete = false
		}
		res := search
		res.Complete = false
		if got := engine.AgreeWithAnalysis(res, an); got.Move != 4 || got.Complete {
			t.Errorf("got %+v, want move 4, not complete", got)
		}
	})
	t.Run("a proved loss: the best entry answers", func(t *testing.T) {
		res := search
		res.Move = 5
		if got := engine.AgreeWithAnalysis(res, entries()); got.Move != 4 || got.Outcome != engine.OutcomeUnknown || got.PliesToEnd != 0 {
			t.Errorf("got %+v, want move 4, unproved", got)
		}
	})
	t.Run("a tie: the analysis puts the answer first", func(t *testing.T) {
		an := entries()
		res := search
		res.Move, res.Score = 2, 30
		if got := engine.AgreeWithAnalysis(res, an); got.Move != 2 || got.Score != 30 || !slices.Equal(got.PV, res.PV) {
			t.Errorf("got %+v, want the answer unchanged", got)
		}
		if !slices.Equal(moves(an), []engine.Move{2, 4, 7, 5}) {
			t.Errorf("analysis %v, want 2 first, the rest in order", moves(an))
		}
	})
	for _, tc := range []struct {
		name string
		edit func(*engine.Result, []engine.MoveScore)
	}{
		{"already first", func(r *engine.Result, _ []engine.MoveScore) { r.Move = 4 }},
		{"not analysed", func(r *engine.Result, _ []engine.MoveScore) { r.Move = 11 }},
		{"analysis shallower", func(r *engine.Result, _ []engine.MoveScore) { r.Depth = 7 }},
		{"a proved answer, an unproved best", func(r *engine.Result, _ []engine.MoveScore) {
			r.Outcome, r.PliesToEnd, r.Score = engine.OutcomeDraw, 9, 0
		}},
	} {
		t.Run(tc.name+": left", func(t *testing.T) {
			an, res := entries(), search
			tc.edit(&res, an)
			before := slices.Clone(an)
			got := engine.AgreeWithAnalysis(res, an)
			if got.Move != res.Move || got.Score != res.Score || got.Depth != res.Depth || !slices.Equal(got.PV, res.PV) {
				t.Errorf("got %+v, want %+v", got, res)
			}
			if !slices.Equal(moves(an), moves(before)) {
				t.Errorf("analysis reordered to %v", moves(an))
			}
		})
	}
}
