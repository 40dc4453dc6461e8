package kalah_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/enginetest"
	"movesvc/engine/kalah"
	"movesvc/internal/race"
)

// TestConformance plays random games of Kalah(6,4) and of a small variant
// through the engine's contract (enginetest.Conformance).
func TestConformance(t *testing.T) {
	enginetest.Conformance(t, kalah.Game{}, 3, 1)
}

// newState sets up a Kalah position through the Game, failing the test on
// an error.
func newState(t *testing.T, setup engine.Setup) engine.State {
	t.Helper()
	st, err := kalah.Game{}.NewState(setup)
	if err != nil {
		t.Fatalf("NewState(%+v): %v", setup, err)
	}
	return st
}

// TestNewStateRejects holds each bad setup to an *engine.InputError at the
// request field at fault.
func TestNewStateRejects(t *testing.T) {
	// x sows its last pit's single seed into its store: its side is empty
	// and the game is over.
	const nearEnd = "0,0,0,0,0,1:23/0,0,0,0,0,1:23/x"
	for _, c := range []struct {
		name  string
		setup engine.Setup
		field string
	}{
		{"seven pits", engine.Setup{Options: map[string]any{"pits": 7}}, "pits"},
		{"no seeds", engine.Setup{Options: map[string]any{"seeds": 0}}, "seeds"},
		{"seeds not a number", engine.Setup{Options: map[string]any{"seeds": "4"}}, "seeds"},
		{"unknown capture", engine.Setup{Options: map[string]any{"capture": "always"}}, "capture"},
		{"two fields", engine.Setup{Position: "4,4,4,4,4,4:0/4,4,4,4,4,4:0", PositionField: "position"}, "position"},
		{"a seed too many", engine.Setup{Position: "5,4,4,4,4,4:0/4,4,4,4,4,4:0/x", PositionField: "position"}, "position"},
		{"pits of another variant", engine.Setup{Position: "3,3,3:0/3,3,3:0/x", PositionField: "position"}, "position"},
		{"side to move", engine.Setup{Position: "4,4,4,4,4,4:0/4,4,4,4,4,4:0/south", PositionField: "position"}, "position"},
		{"over", engine.Setup{Position: "0,0,0,0,0,0:24/0,0,0,0,0,0:24/x", PositionField: "position"}, "position"},
		{"no pit 7", engine.Setup{FromMoves: true, Moves: []string{"7"}}, "moves[0]"},
		{"an empty pit", engine.Setup{FromMoves: true, Moves: []string{"3", "3"}}, "moves[1]"},
		{"a move after the end", engine.Setup{Position: nearEnd, PositionField: "position", Moves: []string{"6", "1"}}, "moves[1]"},
		{"a finished game", engine.Setup{Position: nearEnd, PositionField: "position", Moves: []string{"6"}}, "moves"},
		{"the wrong side to move", engine.Setup{FromMoves: true, Moves: []string{"3"}, ToMove: "o"}, "to_move"},
		{"board rows", engine.Setup{Board: []string{"4,4,4,4,4,4"}}, "board"},
	} {
		_, err := kalah.Game{}.NewState(c.setup)
		ie, ok := engine.AsInputError(err)
		if !ok || ie.Field != c.field || ie.Message == "" {
			t.Errorf("%s: got %v, want an input error at %q", c.name, err, c.field)
		}
	}
}

// TestExtraTurn plays pit 3 from the start of Kalah(6,4): its four seeds
// end in South's store, so South moves again, and the view shows it.
func TestExtraTurn(t *testing.T) {
	st := newState(t, engine.Setup{FromMoves: true, Moves: []string{"3"}})
	if st.ToMove() != engine.First || st.Ply() != 1 {
		t.Fatalf("after pit 3: %v to move at ply %d, want x at 1", st.ToMove(), st.Ply())
	}
	v := st.(engine.Viewer).View().(engine.PitsView)
	if !slices.Equal(v.Pits[0], []int{4, 4, 0, 5, 5, 5}) || !slices.Equal(v.Pits[1], []int{4, 4, 4, 4, 4, 4}) || v.Stores != [2]int{1, 0} {
		t.Errorf("view after pit 3: %+v", v)
	}
	if got := st.(engine.Positioner).Position(); got != "4,4,0,5,5,5:1/4,4,4,4,4,4:0/x" {
		t.Errorf("position after pit 3: %s", got)
	}
	if p := st.(engine.MoveDescriber).DescribeMove(st.LegalMoves(nil)[0]).Pit; p < 1 || p > 6 {
		t.Errorf("a move's pit is %d", p)
	}
}

// TestSearchPublishedValues solves the start of Kalah(6,4) through the
// engine, in both capture rules, from the options: a first-player win by 8
// (standard) and by 10 (empty capture), the values Rawlings (2015) and
// Irving and Donkers (2000) published (values_test.go cites them; the
// long tests solve them without the book).
func TestSearchPublishedValues(t *testing.T) {
	t.Parallel()
	for capture, want := range map[string]int{kalah.CaptureStandard: 8, kalah.CaptureEmpty: 10} {
		st := newState(t, engine.Setup{FromMoves: true, Options: map[string]any{"capture": capture}})
		res := engine.Search(context.Background(), st, engine.Limits{Depth: kalah.SolveDepth})
		if !res.Complete || res.Score != want || res.Outcome != engine.OutcomeWin || !slices.Contains(st.LegalMoves(nil), res.Move) {
			t.Errorf("%s capture: %+v, want an exact win by %d", capture, res, want)
		}
	}
}

// TestSearchMatchesAnalysis solves random positions of Kalah(4,3) through
// the engine and checks that the search's score is the best of the
// analysis's exact values of every pit, and that the move it plays has it.
func TestSearchMatchesAnalysis(t *testing.T) {
	t.Parallel()
	opts := map[string]any{"pits": 4, "seeds": 3}
	// A solve a ply: one game under the race detector, some thirty times slower.
	for game := range race.Pick(4, 1) {
		var moves []string
		st := newState(t, engine.Setup{FromMoves: true, Options: opts})
		for ply := 0; st.Outcome() == engine.OutcomeUnknown; ply++ {
			res := engine.Search(context.Background(), st, engine.Limits{})
			scores := engine.Analyze(context.Background(), st, engine.Limits{}, 0)
			if !res.Complete || len(scores) != len(st.LegalMoves(nil)) || scores[0].Score != res.Score {
				t.Fatalf("game %d, moves %q: search %+v, analysis %+v", game, moves, res, scores)
			}
			for _, s := range scores {
				if !s.Complete || s.Bounded || s.Move == res.Move && s.Score != res.Score {
					t.Fatalf("game %d, moves %q: pit %d scores %+v; the search plays %d for %d", game, moves, s.Move+1, s, res.Move+1, res.Score)
				}
			}
			m := st.LegalMoves(nil)[(game+ply)%len(st.LegalMoves(nil))]
			moves = append(moves, st.FormatMove(m))
			st.Play(m)
		}
	}
}

// TestSearchNodeLimit checks that a node limit stops a solve the same way
// twice, with a legal move and no deadline reported.
func TestSearchNodeLimit(t *testing.T) {
	st := newState(t, engine.Setup{FromMoves: true, Moves: []string{"1", "2"}, Options: map[string]any{"seeds": 6}})
	lim := engine.Limits{MaxNodes: 5000}
	a, b := engine.Search(context.Background(), st, lim), engine.Search(context.Background(), st, lim)
	if a.DeadlineHit || a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes || !slices.Contains(st.LegalMoves(nil), a.Move) {
		t.Errorf("node-limited searches: %+v and %+v", a, b)
	}
}

// TestExactScore checks the score of a win at once: x sows its last seed
// into its store, which ends the game 25 to 23 (North's last seed goes to
// its store), a win by 2.
func TestExactScore(t *testing.T) {
	st := newState(t, engine.Setup{Position: "0,0,0,0,0,1:24/0,0,0,0,0,1:22/x", PositionField: "position"})
	if got := engine.ProvedScore(st, engine.OutcomeWin, 1); got != 2 {
		t.Errorf("win at once scores %d, want 2", got)
	}
	if got := engine.ProvedScore(st, engine.OutcomeWin, 3); got != 1 {
		t.Errorf("a win whose margin is unknown scores %d, want 1", got)
	}
}

// FuzzNewState feeds arbitrary positions and move lists to the Game: each
// gives an *engine.InputError naming a field, or a position whose
// notation sets up the same position again.
func FuzzNewState(f *testing.F) {
	f.Add("4,4,4,4,4,4:0/4,4,4,4,4,4:0/x", "3 1", 6, 4)
	f.Add("", "3 6 1", 6, 4)
	f.Add("3,3,3:0/3,3,3:0/o", "", 3, 3)
	f.Add("0,0,0,0,0,1:23/0,0,0,0,0,1:23/x", "6", 6, 4)
	f.Fuzz(func(t *testing.T, position, moves string, pits, seeds int) {
		setup := engine.Setup{Position: position, PositionField: "position", Moves: strings.Fields(moves),
			FromMoves: position == "", Options: map[string]any{"pits": pits, "seeds": seeds}}
		st, err := kalah.Game{}.NewState(setup)
		if err != nil {
			var ie *engine.InputError
			if !errors.As(err, &ie) || ie.Field == "" || ie.Message == "" {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		pos := st.(engine.Positioner).Position()
		back, err := kalah.Game{}.NewState(engine.Setup{Position: pos, PositionField: "position", Options: setup.Options})
		if err != nil || back.(engine.Positioner).Position() != pos || back.Hash() != st.Hash() || st.Outcome() != engine.OutcomeUnknown {
			t.Fatalf("%q does not set up again: %v", pos, err)
		}
	})
}
