package engine_test

import (
	"testing"

	"movesvc/engine"
)

// warmingGame is a game that counts its Warm calls.
type warmingGame struct {
	engine.Game
	name  string
	warms *int
}

func (g warmingGame) Name() string { return g.name }
func (g warmingGame) Warm()        { *g.warms++ }

// plainGame has no Warm method.
type plainGame struct{ engine.Game }

func (plainGame) Name() string { return "plain" }

func TestRegistryWarmCallsEveryWarmer(t *testing.T) {
	var a, b int
	reg := engine.NewRegistry(warmingGame{name: "a", warms: &a}, plainGame{}, warmingGame{name: "b", warms: &b})
	reg.Warm()
	if a != 1 || b != 1 {
		t.Errorf("Warm calls: a %d, b %d, want 1 each", a, b)
	}
}
