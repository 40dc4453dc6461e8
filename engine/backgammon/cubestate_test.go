package backgammon_test

import (
	"context"
	"strings"
	"testing"

	"movesvc/engine"
	bg "movesvc/engine/backgammon"
)

// TestCubeMoves walks the cube's moves: nobody doubles before the opening
// roll; after it the side on roll may ("double" parses, Decides), a double
// offered is the other side's decision (take or drop, its only moves, and
// no roll), a take gives the taker the cube at twice its value, so the
// doubler may not double again, and a drop ends the game, lost by the
// side that dropped; Undo restores each step and Hash tells them apart.
func TestCubeMoves(t *testing.T) {
	st := newState(t, engine.Setup{FromMoves: true, Moves: []string{}})
	if st.Decides() {
		t.Error("the opening position: Decides, want no cube before the opening roll")
	}
	if _, err := st.ParseMove("double"); err == nil || !strings.Contains(err.Error(), "opening") {
		t.Errorf("double before the opening roll: %v, want refused", err)
	}
	rolled := newState(t, engine.Setup{FromMoves: true, Moves: []string{"12"}})
	if _, err := rolled.ParseMove("Double"); err == nil {
		t.Error("double after the roll was accepted (FuzzMove found it: the play of index 36 panicked)")
	}
	st = newState(t, engine.Setup{FromMoves: true, Moves: []string{"31", "8/5 6/5"}})
	before := st.Hash()
	if !st.Decides() || st.ToMove() != engine.Second {
		t.Fatalf("o before its roll: Decides %v, %v to move; want o, who may double", st.Decides(), st.ToMove())
	}
	st.Play(mustParse(t, st, "double"))
	offered := st.Hash()
	if st.IsChance() || st.Decides() || st.ToMove() != engine.First || offered == before {
		t.Fatalf("a double offered: chance %v, Decides %v, %v to decide, hash changed %v; want x's decision", st.IsChance(), st.Decides(), st.ToMove(), offered != before)
	}
	var names []string
	for _, m := range st.LegalMoves(nil) {
		names = append(names, st.FormatMove(m))
	}
	if strings.Join(names, " ") != "take drop" {
		t.Errorf("moves at a double offered: %v, want take drop", names)
	}
	if _, err := st.ParseMove("42"); err == nil {
		t.Error("a roll was accepted while a double is offered")
	}
	if m := mustParse(t, st, "pass"); st.FormatMove(m) != "drop" {
		t.Errorf("pass reads as %q, want drop", st.FormatMove(m))
	}
	take := mustParse(t, st, "take")
	st.Play(take)
	if p := st.Pos(); p.Cube.Value != 2 || p.Cube.Centered || p.Cube.Owner != engine.First || !st.IsChance() || st.ToMove() != engine.Second {
		t.Fatalf("after the take: cube %+v, chance %v, %v to move; want 2 owned by x, o to roll", p.Cube, st.IsChance(), st.ToMove())
	}
	if _, err := st.ParseMove("double"); st.Decides() || err == nil || !strings.Contains(err.Error(), "x owns the cube") {
		t.Errorf("o doubling x's cube: Decides %v, %v; want refused, x owns the cube", st.Decides(), err)
	}
	st.Undo(take)
	if st.Hash() != offered {
		t.Fatal("Undo of the take did not restore the double offered")
	}
	st.Play(mustParse(t, st, "drop"))
	if st.Outcome() != engine.OutcomeLoss || st.ToMove() != engine.First || st.EndReason() != "drop" || len(st.LegalMoves(nil)) != 0 {
		t.Errorf("after the drop: %v for %v (%q), %d moves; want over, lost by x who dropped", st.Outcome(), st.ToMove(), st.EndReason(), len(st.LegalMoves(nil)))
	}
	if got := st.ExactScore(engine.OutcomeLoss, 0); got != -1000 {
		t.Errorf("a dropped double scores %d for the dropper, want -1000 (the cube before the double)", got)
	}
}

// TestCubeDecisionsAsGnubg: positions whose money cube action GNU
// Backgammon 1.07 (its 2-ply cubeful evaluation, docs/bench/bg_cube.txt)
// and the engine at 1-ply agree on, with a clear margin, searched as
// States: the side on roll doubles or rolls as gnubg does, and once doubled
// the other side takes or drops as gnubg does; the analysis ranks the same
// action first, and the estimate carries the cube decision.
func TestCubeDecisionsAsGnubg(t *testing.T) {
	cases := []struct{ pos, gnubg, first, second string }{
		{"4HPwAVDMzuADIA:MAEAAAAAAAAA", "Double, pass", "double", "drop"},
		{"MndgBA7YbsEBUA:cAkAAAAAAAAA", "Double, take", "double", "take"},
		{"s9szAADtdgAATg:MAEAAAAAAAAA", "No double, take", "roll", "take"},
	}
	lim := engine.Limits{Depth: 2}
	for _, c := range cases {
		st := newState(t, engine.Setup{Position: c.pos, PositionField: "position"})
		if !st.Decides() {
			t.Fatalf("%s: the side on roll may not double", c.pos)
		}
		res := engine.Search(context.Background(), st, lim)
		if got := st.FormatMove(res.Move); got != c.first || res.Cube == nil || !strings.EqualFold(res.Cube.Action, c.gnubg) {
			t.Errorf("%s: %s (%+v), want %s as gnubg's %q", c.pos, got, res.Cube, c.first, c.gnubg)
			continue
		}
		if an := engine.Analyze(context.Background(), st, lim, 0); len(an) != 2 || an[0].Move != res.Move || an[0].Score != res.Score {
			t.Errorf("%s: analysis %+v, want both actions, the search's first", c.pos, an)
		}
		st.Play(mustParse(t, st, "double"))
		res = engine.Search(context.Background(), st, lim)
		if got := st.FormatMove(res.Move); got != c.second {
			t.Errorf("%s doubled: %s, want %s as gnubg's %q", c.pos, got, c.second, c.gnubg)
		}
		if c.second == "drop" && (res.Score != -1000 || res.Outcome != engine.OutcomeLoss) {
			t.Errorf("%s doubled: a drop scored %d (%v), want -1000, a loss", c.pos, res.Score, res.Outcome)
		}
	}
}

// TestOfferedPositionsRefused: a position ID with a double offered is
// taken only where the doubler could have doubled (money play, before its
// roll, its cube or a centered one); each other is refused naming the
// field, as is a game ended by a dropped double.
func TestOfferedPositionsRefused(t *testing.T) {
	ok := bg.NewPosition()
	ok.Board = newState(t, engine.Setup{FromMoves: true, Moves: []string{"31", "8/5 6/5"}}).Pos().Board
	ok.Match.Doubled = true
	st := newState(t, engine.Setup{Position: ok.String(), PositionField: "position"})
	if st.ToMove() != engine.Second || len(st.LegalMoves(nil)) != 2 {
		t.Fatalf("a double offered by x: %v to move, %d moves; want o to take or drop", st.ToMove(), len(st.LegalMoves(nil)))
	}
	bad := map[string]func(p *bg.Position){
		"match":        func(p *bg.Position) { p.Match.Length = 5 },
		"rolled":       func(p *bg.Position) { p.Dice = [2]int8{3, 1} },
		"not its cube": func(p *bg.Position) { p.Cube = bg.Cube{Value: 2, Owner: engine.Second} },
		"dropped":      func(p *bg.Position) { p.Match.GameState = 4 },
	}
	for name, change := range bad {
		p := ok
		change(&p)
		_, err := bg.Game{}.NewState(engine.Setup{Position: p.String(), PositionField: "position"})
		if inv, isInput := engine.AsInputError(err); !isInput || inv.Field != "position" {
			t.Errorf("%s (%s): %v, want refused at position", name, p.String(), err)
		}
	}
}
