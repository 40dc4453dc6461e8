package main

import (
	"fmt"
	"strconv"
	"strings"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// balanceWindow is the arena's finer balance check of an opening: a search
// of nodes nodes by the full engine must score it, for the side to move,
// within lo..hi and prove nothing.
//
// Why: most random openings that pass the static check still favour one
// colour, and a pair of games from such an opening is usually won by that
// colour twice, which says nothing about the players. Why deep: a shallow
// score says little; the deep score foretells who wins the games from an
// opening, and the default window keeps the openings where x wins about
// half of them. The self-play measurements behind the window, its search
// and its prefilter are in docs/gomoku.md#tuning.
//
// The window is calibrated for three stones and for the engine's evaluation
// and search as they are: changing either changes the scores and so a
// seed's openings (a seed gives the same openings within one build, on any
// machine: the searches are bounded by nodes, not time).
type balanceWindow struct {
	on     bool
	lo, hi int
	nodes  uint64 // the balance search's node limit
}

// The balance check's tuned numbers, one line each.
const (
	defaultBalance      = "0:125"   // the -balance flag's default window
	defaultBalanceNodes = 3_000_000 // the -balance-nodes flag's default: the deep search's node limit
	prefilterNodes      = 50_000    // a shallow search first rules out the openings far outside the window...
	prefilterSlack      = 300       // ...those it scores more than this outside it
)

// defaultWindow returns w, the default window, for openings of stones on a
// board of size, the case it is calibrated for (three stones, 15x15), and
// the window off for any other: there the side to move and the scores of
// even openings differ.
func defaultWindow(stones, size int, w balanceWindow) balanceWindow {
	if stones != 3 || size != 15 {
		return balanceWindow{}
	}
	return w
}

// parseBalance reads "lo:hi" (scores, lo <= hi) or "off", with the search
// of nodes nodes (at least 1).
func parseBalance(s string, nodes uint64) (balanceWindow, error) {
	if s == "off" {
		return balanceWindow{}, nil
	}
	los, his, ok := strings.Cut(s, ":")
	lo, err1 := strconv.Atoi(los)
	hi, err2 := strconv.Atoi(his)
	if !ok || err1 != nil || err2 != nil || lo > hi {
		return balanceWindow{}, fmt.Errorf("balance %q: want lo:hi with lo <= hi, or off", s)
	}
	if nodes == 0 {
		return balanceWindow{}, fmt.Errorf("balance search of 0 nodes: want 1 or more")
	}
	return balanceWindow{on: true, lo: lo, hi: hi, nodes: nodes}, nil
}

// String returns the window as parseBalance reads it.
func (w balanceWindow) String() string {
	if !w.on {
		return "off"
	}
	return fmt.Sprintf("%d:%d", w.lo, w.hi)
}

// describe returns the window and its search for the report.
func (w balanceWindow) describe() string {
	if !w.on {
		return "off"
	}
	return fmt.Sprintf("%s after %d nodes", w, w.nodes)
}

// holds reports whether the balance search scores st within the window
// without proving a result.
func (w balanceWindow) holds(st *gomoku.State) bool { return w.holdsWith(st, balanceSearch) }

// holdsWith is holds with search, given a position and a node limit, in
// place of balanceSearch: a search of more than prefilterNodes nodes is
// made only when one of prefilterNodes proves nothing and scores st within
// prefilterSlack of the window.
func (w balanceWindow) holdsWith(st *gomoku.State, search func(*gomoku.State, uint64) engine.Result) bool {
	within := func(r engine.Result, slack int) bool {
		return r.Outcome == engine.OutcomeUnknown && r.Score >= w.lo-slack && r.Score <= w.hi+slack
	}
	if w.nodes > prefilterNodes && !within(search(st, prefilterNodes), prefilterSlack) {
		return false
	}
	return within(search(st, w.nodes), 0)
}

// balanceSearch is the balance check's search of st: the full engine, its
// own weights, at most nodes nodes, so that the result is the same on every
// machine. Its table has 1<<18 entries up to prefilterNodes nodes, as the
// first window's search had (so that -balance 75:225 -balance-nodes 50000
// draws that window's openings), and 1<<20 for deeper searches, as the
// deep window was calibrated with.
func balanceSearch(st *gomoku.State, nodes uint64) engine.Result {
	bits := 18
	if nodes > prefilterNodes {
		bits = 20
	}
	return player{nodes: nodes, threats: true, prune: true, bits: bits}.move(st, nil)
}
