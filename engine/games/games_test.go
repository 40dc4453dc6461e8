package games_test

import (
	"testing"

	"movesvc/engine"
	"movesvc/engine/connect4"
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

// TestSearchMemory checks that the games with their own tables report
// them to the memory budget: at least the engine's table of the same bits,
// Connect Four's 8 MiB solver table by default.
func TestSearchMemory(t *testing.T) {
	for _, g := range games.All() {
		for _, bits := range []int{0, 16, 22} {
			p := engine.Params{TableBits: bits}
			got := engine.SearchMemory(g, p)
			if got < engine.TableBytes(bits) {
				t.Errorf("%s, %d bits: %d bytes, below the engine table's %d", g.Name(), bits, got, engine.TableBytes(bits))
			}
			if g.Name() != "tictactoe" {
				if _, ok := g.(engine.SearchMemorer); !ok {
					t.Errorf("%s does not report its memory", g.Name())
				}
			}
		}
	}
	if got := engine.SearchMemory(connect4.Game{}, engine.Params{}); got != 8<<20 {
		t.Errorf("connect4 default: %d bytes, want 8 MiB", got)
	}
}
