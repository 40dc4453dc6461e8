package engine

// SearchMemory returns the bytes one search of g with params holds: g's
// own figure when it implements SearchMemorer, else one generic table of
// params.TableBits.
func SearchMemory(g Game, params Limits) int64 {
	if m, ok := g.(SearchMemorer); ok {
		return m.SearchMemory(params)
	}
	return TableBytes(params.TableBits)
}

// WithSearchMemory returns g, unchanged in play, reporting memory(params)
// as its per-search memory (SearchMemorer). It is for games that do not
// implement SearchMemorer themselves.
func WithSearchMemory(g Game, memory func(Limits) int64) Game {
	return memoryGame{Game: g, memory: memory}
}

// memoryGame is a Game reporting its per-search memory by a function
// (WithSearchMemory).
type memoryGame struct {
	Game
	memory func(Limits) int64
}

var _ SearchMemorer = memoryGame{}

// SearchMemory returns g.memory(params).
func (g memoryGame) SearchMemory(params Limits) int64 { return g.memory(params) }
