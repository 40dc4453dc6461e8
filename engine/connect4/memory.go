package connect4

import "movesvc/engine"

// SearchMemory returns an upper bound on the bytes one search with params
// holds: the exact solver's table, 8-byte entries of the same memory as the
// engine table of params.TableBits and at least 2^DefaultTableBits of them
// (2 MiB), and the engine's table of the heuristic search that runs before
// a solve under a deadline (a depth-limited search uses only the latter).
// Game implements engine.SearchMemorer so that the server's memory budget
// counts it.
func (Game) SearchMemory(params engine.Limits) int64 {
	return 8<<tableBits(params.TableBits) + engine.TableBytes(params.TableBits)
}
