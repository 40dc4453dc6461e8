package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"movesvc/engine"
	"movesvc/engine/games"
)

// Positions returns n request bodies for POST /move: random legal, undecided
// positions of the named games, each 0..maxPlies random moves from the
// start, given as move lists. The same arguments give the same bodies.
func Positions(names []string, n, maxPlies, timeoutMS, depth int, seed uint64) ([][]byte, error) {
	reg := games.Registry()
	var gs []engine.Game
	for _, name := range names {
		g, ok := reg.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("unknown game %q (have %v)", name, reg.Names())
		}
		gs = append(gs, g)
	}
	rng := rand.New(rand.NewPCG(seed, seed+1))
	bodies := make([][]byte, 0, n)
	for len(bodies) < n {
		g := gs[rng.IntN(len(gs))]
		st, err := g.NewState(engine.Setup{FromMoves: true, Moves: []string{}})
		if err != nil {
			return nil, err
		}
		moves := []string{}
		plies := rng.IntN(maxPlies + 1)
		for range plies {
			legal := st.LegalMoves(nil)
			m := legal[rng.IntN(len(legal))]
			notation := st.FormatMove(m)
			st.Play(m)
			if st.Outcome() != engine.OutcomeUnknown {
				break // a decided position is not a request; keep the one before
			}
			moves = append(moves, notation)
		}
		req := map[string]any{"game": g.Name(), "moves": moves}
		if timeoutMS > 0 {
			req["timeout_ms"] = timeoutMS
		}
		if depth > 0 {
			req["depth"] = min(depth, g.Describe().MaxDepth)
		}
		body, err := json.Marshal(req)
		if err != nil {
			return nil, err
		}
		bodies = append(bodies, body)
	}
	return bodies, nil
}
