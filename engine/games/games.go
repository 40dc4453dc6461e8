// Package games lists the games the service plays: Registry returns every
// game package under engine/ in one registry. Adding a game means adding it
// here.
package games

import (
	"movesvc/engine"
	"movesvc/engine/backgammon"
	"movesvc/engine/chess"
	"movesvc/engine/connect4"
	"movesvc/engine/gomoku"
	"movesvc/engine/tictactoe"
)

// All returns one value of every game the service plays. The games with
// tables larger than the engine's (connect4, gomoku) report their
// per-search memory themselves (engine.SearchMemorer).
func All() []engine.Game {
	return []engine.Game{
		tictactoe.Game{},
		connect4.Game{},
		gomoku.Game{},
		chess.Game{},
		backgammon.Game{},
	}
}

// Registry returns a registry of All.
func Registry() *engine.Registry { return engine.NewRegistry(All()...) }
