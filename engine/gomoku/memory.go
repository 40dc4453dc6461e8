package gomoku

import (
	"unsafe"

	"movesvc/engine"
)

// SearchMemory returns an upper bound on the bytes one search with params
// holds: the main table of params.TableBits, the threat table and the
// searcher's stacks. Game implements engine.SearchMemorer so that the
// server's memory budget counts it.
func (Game) SearchMemory(params engine.Params) int64 {
	return engine.TableBytes(params.TableBits) +
		int64(unsafe.Sizeof(threatEntry{}))<<threatBits +
		int64(unsafe.Sizeof(searcher{}))
}
