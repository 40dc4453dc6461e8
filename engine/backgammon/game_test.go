package backgammon_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"movesvc/engine"
	bg "movesvc/engine/backgammon"
	"movesvc/engine/enginetest"
	"movesvc/internal/longtest"
)

// TestConformance runs the engine's State checks over random games of
// rolls and plays.
func TestConformance(t *testing.T) {
	t.Parallel()
	enginetest.Conformance(t, bg.Game{}, longtest.Pick(1, 20), 1)
}

func newState(t *testing.T, s engine.Setup) *bg.State {
	t.Helper()
	st, err := bg.Game{}.NewState(s)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*bg.State)
}

// TestOpeningRolls checks the start: x to roll, the 15 rolls that are not
// doubles at 1/15 each, a double refused; then 21 rolls after a play.
func TestOpeningRolls(t *testing.T) {
	st := newState(t, engine.Setup{FromMoves: true, Moves: []string{}})
	moves := st.LegalMoves(nil)
	if !st.IsChance() || st.ToMove() != engine.First || len(moves) != 15 {
		t.Fatalf("start: chance %v, %v to move, %d rolls; want a chance node, x, 15", st.IsChance(), st.ToMove(), len(moves))
	}
	if _, err := st.ParseMove("55"); err == nil {
		t.Error("an opening double was accepted")
	}
	st = newState(t, engine.Setup{FromMoves: true, Moves: []string{"3-1", "8/5 6/5"}})
	var sum float64
	for _, m := range st.LegalMoves(nil) {
		sum += st.Probability(m)
	}
	if n := len(st.LegalMoves(nil)); n != 21 || st.ToMove() != engine.Second || sum < 0.9999 || sum > 1.0001 {
		t.Errorf("after a play: %d rolls summing to %v, %v to move; want 21, 1, o", n, sum, st.ToMove())
	}
}

// TestNewStateRejects checks that each bad setup names its field.
func TestNewStateRejects(t *testing.T) {
	cases := []struct {
		name  string
		setup engine.Setup
		field string
	}{
		{"board", engine.Setup{Board: []string{"x"}}, "board"},
		{"bad position", engine.Setup{Position: "nonsense!", PositionField: "position"}, "position"},
		{"play before the roll", engine.Setup{FromMoves: true, Moves: []string{"8/5 6/5"}}, "moves[0]"},
		{"illegal play", engine.Setup{FromMoves: true, Moves: []string{"31", "24/18"}}, "moves[1]"},
		{"three dice", engine.Setup{FromMoves: true, Moves: []string{}, Dice: []int{1, 2, 3}}, "dice"},
		{"dice after the roll", engine.Setup{FromMoves: true, Moves: []string{"31"}, Dice: []int{6, 4}}, "dice"},
		{"opening double", engine.Setup{FromMoves: true, Moves: []string{}, Dice: []int{5, 5}}, "dice"},
		{"wrong side", engine.Setup{FromMoves: true, Moves: []string{}, ToMove: "o"}, "to_move"},
		{"game over", engine.Setup{Position: "AAAAAAAAAAAAAA:cAkAAAAAAAAA", PositionField: "position"}, "position"},
	}
	for _, c := range cases {
		_, err := bg.Game{}.NewState(c.setup)
		var ie *engine.InputError
		if !errors.As(err, &ie) || ie.Field != c.field {
			t.Errorf("%s: %v, want an input error at %q", c.name, err, c.field)
		}
	}
}

// TestDiceAndPosition checks that dice make a chance node one to play,
// that the position notation carries them, and that the view shows x's
// opening checkers and the dice.
func TestDiceAndPosition(t *testing.T) {
	st := newState(t, engine.Setup{FromMoves: true, Moves: []string{}, Dice: []int{1, 3}})
	if st.IsChance() || st.Ply() != 0 {
		t.Fatalf("with dice: chance %v, ply %d", st.IsChance(), st.Ply())
	}
	back := newState(t, engine.Setup{Position: st.Position(), PositionField: "position"})
	if back.Position() != st.Position() || back.Hash() != st.Hash() {
		t.Errorf("position %q read back as %q", st.Position(), back.Position())
	}
	v := st.View().(engine.BackgammonView)
	if v.Points[5] != 5 || v.Points[23] != 2 || v.Points[0] != -2 || v.Points[18] != -5 || !slices.Equal(v.Dice, []int{3, 1}) || v.Cube != 1 {
		t.Errorf("opening view %+v", v)
	}
	m, err := st.ParseMove("8/5 6/5")
	if err != nil {
		t.Fatal(err)
	}
	want := []engine.Step{{From: 8, To: 5}, {From: 6, To: 5}}
	if got := st.DescribeMove(m).Steps; !slices.Equal(got, want) {
		t.Errorf("8/5 6/5 steps %v, want %v", got, want)
	}
}

// TestHitAndBarSteps checks a hit's step and an entry from the bar, in the
// mover's numbering.
func TestHitAndBarSteps(t *testing.T) {
	// 31 for x (8/5 6/5), 64 for o: 24/18 (o's 24 is x's 1), 18/14;
	// then x rolls 64 and hits o's blot on x's 7... o's 18 is x's 7.
	st := newState(t, engine.Setup{FromMoves: true, Moves: []string{"31", "8/5 6/5", "64", "24/18 13/9", "66"}})
	m, err := st.ParseMove("13/7* 13/7 8/2(2)")
	if err != nil {
		t.Fatal(err)
	}
	steps := st.DescribeMove(m).Steps
	if len(steps) != 4 || !slices.ContainsFunc(steps, func(s engine.Step) bool { return s.To == 7 && s.Hit }) {
		t.Fatalf("13/7* steps %v, want a hit on 7", steps)
	}
	st.Play(m)
	st.Play(mustParse(t, st, "21"))
	plays := st.LegalMoves(nil)
	for _, p := range plays {
		if first := st.DescribeMove(p).Steps[0]; first.From != 25 {
			t.Errorf("play %s does not enter first: %v", st.FormatMove(p), first)
		}
	}
}

func mustParse(t *testing.T, st *bg.State, s string) engine.Move {
	t.Helper()
	m, err := st.ParseMove(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return m
}

// TestEndReason checks a gammon: o has borne off none when x bears off its
// last checker.
func TestEndReason(t *testing.T) {
	j := bg.JSONPosition{Turn: "x", Dice: []int{6, 5}, Cube: 1}
	j.Points[0] = 1
	j.Points[1] = -15
	j.Off = bg.PlayerCounts{X: 14}
	pos, err := j.Position("position")
	if err != nil {
		t.Fatal(err)
	}
	st := newState(t, engine.Setup{Position: pos.String(), PositionField: "position"})
	moves := st.LegalMoves(nil)
	st.Play(moves[0])
	if st.Outcome() != engine.OutcomeLoss || st.EndReason() != "backgammon" {
		t.Errorf("after bearing off: %v %q, want a loss by backgammon (o's checkers in x's home)", st.Outcome(), st.EndReason())
	}
}

// TestSearchAdapter checks the engine's search of a roll: a legal play,
// the same as the package's search, with its equity and probabilities;
// and an analysis that ranks the search's play first.
func TestSearchAdapter(t *testing.T) {
	t.Parallel()
	st := newState(t, engine.Setup{FromMoves: true, Moves: []string{}, Dice: []int{3, 1}})
	lim := engine.Limits{Depth: 2}
	res := engine.Search(context.Background(), st, lim)
	if !slices.Contains(st.LegalMoves(nil), res.Move) || res.Equity == nil || res.Probabilities == nil || res.Depth != 2 {
		t.Fatalf("result %+v", res)
	}
	pos := st.Pos()
	own, err := bg.Search(context.Background(), &pos, bg.Limits{Depth: 2})
	if err != nil || own.Move != res.Move || own.Score != res.Score {
		t.Errorf("adapter %s %d, package %s %d (%v)", st.FormatMove(res.Move), res.Score, own.Play, own.Score, err)
	}
	if got := st.FormatMove(res.Move); got != "8/5 6/5" {
		t.Errorf("31 opening: %s, want 8/5 6/5 (the standard play)", got)
	}
	an := engine.Analyze(context.Background(), st, lim, 0)
	if len(an) != len(st.LegalMoves(nil)) || an[0].Move != res.Move || an[0].Score != res.Score {
		t.Errorf("analysis of %d plays starts %+v; want all %d, the search's first", len(an), an[0], len(st.LegalMoves(nil)))
	}
}

// TestSearchMemory checks that the memory reported covers the table of
// the bits asked for.
func TestSearchMemory(t *testing.T) {
	for _, bits := range []int{0, 16, 22} {
		lim := engine.Limits{TableBits: bits}
		if got := engine.SearchMemory(bg.Game{}, lim); got < engine.TableBytes(bits) {
			t.Errorf("%d bits: %d bytes", bits, got)
		}
	}
}

// FuzzNewState feeds any position and move list to NewState: a state or
// an *engine.InputError, never a panic; a state's position reads back as
// itself.
func FuzzNewState(f *testing.F) {
	f.Add("4HPwATDgc/ABMA:cAkAAAAAAAAA", "", "")
	f.Add("", "31", "8/5 6/5")
	f.Add("", "66", "")
	f.Add("sGfwATDgc/ABMA:MAETAAAAAAAA", "24/14", "")
	f.Add("junk", "3-1", "bar/22*")
	f.Fuzz(func(t *testing.T, position, m1, m2 string) {
		setup := engine.Setup{Position: position, PositionField: "position"}
		if m1 != "" {
			setup.FromMoves, setup.Moves = true, []string{m1, m2}
		}
		st, err := bg.Game{}.NewState(setup)
		if err != nil {
			var ie *engine.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("%v: not an input error", err)
			}
			return
		}
		p := st.(*bg.State).Position()
		back, err := bg.Game{}.NewState(engine.Setup{Position: p, PositionField: "position"})
		if err != nil || back.(*bg.State).Position() != p {
			t.Fatalf("position %q reads back as %v, %v", p, back, err)
		}
	})
}

// TestExactScore checks that a level's win at once scores the points won,
// as the search scores it: a gammon is 2000.
func TestExactScore(t *testing.T) {
	j := bg.JSONPosition{Turn: "x", Dice: []int{6, 5}, Cube: 1}
	j.Points[0] = 1
	j.Points[12] = -15
	j.Off = bg.PlayerCounts{X: 14}
	pos, err := j.Position("position")
	if err != nil {
		t.Fatal(err)
	}
	st := newState(t, engine.Setup{Position: pos.String(), PositionField: "position"})
	res := engine.Search(context.Background(), st, engine.Limits{Depth: 1})
	if res.Outcome != engine.OutcomeWin || res.Score != 2000 || engine.ProvedScore(st, engine.OutcomeWin, 1) != 2000 {
		t.Errorf("bearing off the last checker for a gammon: %v %d, proved score %d; want a win, 2000",
			res.Outcome, res.Score, engine.ProvedScore(st, engine.OutcomeWin, 1))
	}
}
