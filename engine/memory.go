package engine

// SearchMemorer is implemented by a Game whose searches hold memory other
// than one generic transposition table of Params.TableBits: an exact
// solver's own table, a threat-search table, large per-search stacks.
type SearchMemorer interface {
	// SearchMemory returns an upper bound on the bytes one search of the
	// game with params holds while it runs (its tables and per-search
	// buffers, pooled or not). A server reserves this much of its
	// MemoryBudget before the search starts.
	SearchMemory(params Params) int64
}

// SearchMemory returns the bytes one search of g with params holds: g's
// own figure when it implements SearchMemorer, else one generic table of
// params.TableBits.
func SearchMemory(g Game, params Params) int64 {
	if m, ok := g.(SearchMemorer); ok {
		return m.SearchMemory(params)
	}
	return TableBytes(params.TableBits)
}

// WithSearchMemory returns g, unchanged in play, reporting memory(params)
// as its per-search memory (SearchMemorer). It is for games that do not
// implement SearchMemorer themselves.
func WithSearchMemory(g Game, memory func(Params) int64) Game {
	return memoryGame{Game: g, memory: memory}
}

type memoryGame struct {
	Game
	memory func(Params) int64
}

func (g memoryGame) SearchMemory(params Params) int64 { return g.memory(params) }
