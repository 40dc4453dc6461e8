package backgammon

import (
	"context"
	"errors"
	"math"
	"testing"

	"movesvc/engine"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 } // Probs are float32

// TestCubePoints checks the model against the textbook points of a game
// without gammons: with a dead cube (x = 0) the take point is 25%, with a
// fully live cube (x = 1) 20%.
func TestCubePoints(t *testing.T) {
	at := func(win float64, x float64) CubeAction {
		a := CubeAction{Probs: Probs{OutWin: float32(win)}}
		a.decide(x, true, false)
		return a
	}
	if a := at(0.75, 0); !near(a.DoubleTake, 1) {
		t.Errorf("dead cube at 75%%: double/take %v, want 1 (the take point)", a.DoubleTake)
	}
	if a := at(0.8, 1); !near(a.DoubleTake, 1) {
		t.Errorf("live cube at 80%%: double/take %v, want 1", a.DoubleTake)
	}
	if a := at(0.5, 1); !near(a.NoDouble, 0) || a.Double {
		t.Errorf("live cube at 50%%: %+v, want no double worth 0", a)
	}
	if a := at(0.7, 0.68); !a.Double || !a.Take {
		t.Errorf("70%%, no gammons: %s, want double, take", a.Action)
	}
	if a := at(0.85, 0.68); a.Action != "double, pass" {
		t.Errorf("85%%, no gammons: %s, want double, pass", a.Action)
	}
	if a := at(0.55, 0.68); a.Action != "no double, take" {
		t.Errorf("55%%, no gammons: %s, want no double, take", a.Action)
	}
	// Many gammons and a sure win: playing on is worth more than a cash.
	g := CubeAction{Probs: Probs{OutWin: 0.95, OutWinGammon: 0.8}}
	g.decide(0.68, true, false)
	if g.Action != "too good, pass" {
		t.Errorf("95%% with 80%% gammons: %s, want too good", g.Action)
	}
	// Under the Jacoby rule the same gammons count only once doubled.
	g.decide(0.68, true, true)
	if g.Action != "double, pass" {
		t.Errorf("the same under Jacoby: %s, want double, pass", g.Action)
	}
}

func TestCubeDecisionErrors(t *testing.T) {
	nets := testNets()
	p := NewPosition()
	p.Match.Length = 5
	if _, err := CubeDecision(context.Background(), &p, Limits{Nets: nets}); !errors.Is(err, ErrCubeMatch) {
		t.Errorf("match play: %v", err)
	}
	p = NewPosition()
	p.Cube = Cube{Value: 2, Owner: engine.Second}
	if _, err := CubeDecision(context.Background(), &p, Limits{Nets: nets}); !errors.Is(err, ErrCubeNotYours) {
		t.Errorf("the other side's cube: %v", err)
	}
	p = NewPosition()
	a, err := CubeDecision(context.Background(), &p, Limits{Nets: nets, Depth: 2})
	if err != nil || a.Ply != 1 {
		t.Fatalf("opening position: %+v, %v", a, err)
	}
}
