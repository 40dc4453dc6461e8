package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"movesvc/engine"
	"movesvc/engine/games"
)

// maxWeight bounds a game's weight in -games.
const maxWeight = 1000

// ParseGames reads -games: comma-separated game names, each with an
// optional integer weight after a colon ("tictactoe:8,gomoku:1"; no weight
// means 1). It returns the names with each repeated as often as its weight,
// which is how Positions weights its draw: tictactoe:8,gomoku:1 gives eight
// tic-tac-toe positions for one Gomoku position on average (the same as
// -games tictactoe,tictactoe,...,gomoku).
func ParseGames(spec string) ([]string, error) {
	var out []string
	for part := range strings.SplitSeq(spec, ",") {
		name, weight, hasWeight := strings.Cut(strings.TrimSpace(part), ":")
		if name == "" {
			return nil, fmt.Errorf("-games %q: an empty game name", spec)
		}
		w := 1
		if hasWeight {
			var err error
			if w, err = strconv.Atoi(weight); err != nil || w < 1 || w > maxWeight {
				return nil, fmt.Errorf("-games %q: the weight of %s must be an integer 1..%d, not %q", spec, name, maxWeight, weight)
			}
		}
		for range w {
			out = append(out, name)
		}
	}
	return out, nil
}

// Positions returns n request bodies for POST /move: random legal, undecided
// positions of the named games, each 0..maxPlies random moves from the
// start, given as move lists. Each body's game is drawn uniformly from
// names, so a name given k times is drawn k times as often (ParseGames).
// The same arguments give the same bodies.
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
