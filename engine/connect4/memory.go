package connect4

import "movesvc/engine"

// SearchMemory returns an upper bound on the bytes one search with params
// holds: the exact solver's table, 8-byte entries of the same memory as the
// engine table of params.TableBits and at least 2^DefaultTableBits of them
// (8 MiB). A depth-limited search uses the engine's table, which is no
// larger. Game implements engine.SearchMemorer so that the server's memory
// budget counts it.
func (Game) SearchMemory(params engine.Params) int64 {
	return 8 << tableBits(params.TableBits)
}
