package games

import (
	"movesvc/engine"
	"movesvc/engine/connect4"
)

// withMemory gives the games that do not report their per-search memory
// themselves (engine.SearchMemorer) a figure, so that the server's memory
// budget counts them. A game that implements engine.SearchMemorer is
// returned as it is; remove its entry here once it does.
func withMemory(g engine.Game) engine.Game {
	if _, ok := g.(engine.SearchMemorer); ok {
		return g
	}
	switch g.Name() {
	case "connect4":
		return engine.WithSearchMemory(g, connect4Memory)
	case "gomoku":
		return engine.WithSearchMemory(g, gomokuMemory)
	}
	return g
}

// connect4Memory is the exact solver's table: 8-byte entries, the same
// memory as the engine's table of params.TableBits and at least
// 2^DefaultTableBits entries (8 MiB). A depth-limited search uses the
// engine's table, which is smaller.
func connect4Memory(p engine.Params) int64 {
	bits := p.TableBits
	if bits <= 0 {
		bits = engine.DefaultTableBits
	}
	return 8 << max(connect4.DefaultTableBits, min(bits+1, connect4.MaxTableBits))
}

// gomokuMemory is the main table of params.TableBits plus the searcher's
// threat table (2^18 entries of 16 bytes) and move stacks, about 5 MiB.
func gomokuMemory(p engine.Params) int64 {
	return engine.TableBytes(p.TableBits) + 5<<20
}
