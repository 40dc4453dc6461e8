package games_test

import (
	"testing"

	"movesvc/engine/enginetest"
	"movesvc/engine/games"
)

// TestConformance runs the shared State contract checks on every registered
// game.
func TestConformance(t *testing.T) {
	reg := games.Registry()
	if len(reg.Names()) == 0 {
		t.Fatal("no games registered")
	}
	for _, g := range reg.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			if _, ok := reg.Lookup(g.Name()); !ok {
				t.Fatalf("Lookup(%q) failed", g.Name())
			}
			enginetest.Conformance(t, g, 20, 7)
		})
	}
}
