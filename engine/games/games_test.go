package games_test

import (
	"testing"

	"movesvc/engine"
	"movesvc/engine/connect4"
	"movesvc/engine/enginetest"
	"movesvc/engine/games"
	"movesvc/engine/tictactoe"
	"movesvc/internal/longtest"
)

// TestConformance runs the shared State contract checks on every registered
// game: 20 random games each (chess 1 in the quick run); Gomoku's 225-cell
// games and backgammon's long games of rolls and plays only in the long run
// (the quick run plays one in each game's own conformance test).
func TestConformance(t *testing.T) {
	t.Parallel()
	reg := games.Registry()
	if len(reg.Names()) == 0 {
		t.Fatal("no games registered")
	}
	for _, g := range reg.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			if _, ok := reg.Lookup(g.Name()); !ok {
				t.Fatalf("Lookup(%q) failed", g.Name())
			}
			games := 20
			switch g.Name() {
			case "gomoku", "backgammon":
				games = longtest.Pick(0, 20)
			case "chess":
				games = longtest.Pick(1, 20) // games of hundreds of plies
			case "kalah":
				games = longtest.Pick(5, 20)
			}
			enginetest.Conformance(t, g, games, 7)
		})
	}
}

// TestSearchMemory checks that the games report their tables to the memory
// budget: at least the engine's table of the same bits for a depth-limited
// search, Connect Four's 8 MiB solver table and an engine table by
// default, nothing for tic-tac-toe's answers from its solution table.
func TestSearchMemory(t *testing.T) {
	for _, g := range games.All() {
		for _, bits := range []int{0, 16, 22} {
			p := engine.Limits{TableBits: bits, Depth: 3}
			got := engine.SearchMemory(g, p)
			if got < engine.TableBytes(bits) {
				t.Errorf("%s, %d bits: %d bytes, below the engine table's %d", g.Name(), bits, got, engine.TableBytes(bits))
			}
			if _, ok := g.(engine.SearchMemorer); !ok {
				t.Errorf("%s does not report its memory", g.Name())
			}
		}
	}
	// The solver's table, and the heuristic search's that runs before a
	// solve under a deadline.
	if got, want := engine.SearchMemory(connect4.Game{}, engine.Limits{}), 2<<20+engine.TableBytes(engine.DefaultTableBits); got != want {
		t.Errorf("connect4 default: %d bytes, want %d (2 MiB and the engine's table)", got, want)
	}
	if got := engine.SearchMemory(tictactoe.Game{}, engine.Limits{}); got != 0 {
		t.Errorf("tic-tac-toe answered from its table: %d bytes, want 0", got)
	}
}
