package gomoku

import (
	"unsafe"

	"movesvc/engine"
)

// SearchMemory returns an upper bound on the bytes one search with params
// holds: the main table of params.TableBits, the threat table and the
// searcher's stacks. Game implements engine.SearchMemorer so that the
// server's memory budget counts it.
func (Game) SearchMemory(params engine.Limits) int64 {
	return engine.TableBytes(params.TableBits) +
		int64(unsafe.Sizeof(threatEntry{}))<<threatBits +
		int64(unsafe.Sizeof(searcher{}))
}

// sizeofBoard is the size of a board, which each helper of a search on
// more than one thread copies (smp.go).
const sizeofBoard = unsafe.Sizeof(board{})
