package engine

import (
	"fmt"
	"sort"
)

// Registry maps short names to games. It is built once at start-up and is
// read-only afterwards, so it is safe for concurrent lookups.
type Registry struct {
	games map[string]Game
	names []string
}

// NewRegistry returns a registry of games. It panics if two games share a
// name, which is a programming error.
func NewRegistry(games ...Game) *Registry {
	r := &Registry{games: make(map[string]Game, len(games))}
	for _, g := range games {
		name := g.Name()
		if _, dup := r.games[name]; dup {
			panic(fmt.Sprintf("engine: game %q registered twice", name))
		}
		r.games[name] = g
		r.names = append(r.names, name)
	}
	sort.Strings(r.names)
	return r
}

// Lookup returns the game called name.
func (r *Registry) Lookup(name string) (Game, bool) {
	g, ok := r.games[name]
	return g, ok
}

// Names returns the registered names in sorted order. The caller must not
// modify the slice.
func (r *Registry) Names() []string { return r.names }

// Games returns the registered games sorted by name.
func (r *Registry) Games() []Game {
	out := make([]Game, len(r.names))
	for i, n := range r.names {
		out[i] = r.games[n]
	}
	return out
}
