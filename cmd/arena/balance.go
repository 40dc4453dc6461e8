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
// colour twice, which says nothing about the players.
//
// Why deep: a shallow score says little. The first window (75:225 after a
// 50,000-node search, calibrated on self-play at 5,000 and 6,000 nodes a
// move) let through openings that a search of 3,000,000 nodes (depth 10)
// scores anywhere from -261 to +502, and those decided the games: against
// the depth-6 stand-in at 1 s a move (seeds 42 to 49, 320 games) the
// engine lost 10 of 60 games from openings the deep search scores below 0,
// 27 of 132 from 200 and up, and 5 of 128 from 0 to 199. The deep score
// also foretells self-play: in 796 games of the engine against itself at
// 100,000 and 120,000 nodes a move from 398 openings of the static check
// alone (seeds 900 and 901), x won 31 of 44 games from openings scored -50
// to -1, 24 of 58 from 0 to 124 and 25 of 76 from 125 to 249; in 216 more
// at 300,000 and 360,000 nodes from 108 of those openings, 27 of 44, 31 of
// 58 and 32 of 76 (README). The default window, 0:125, keeps the openings
// where x won 55 of those 116 games: near even for both players.
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

// defaultBalance and defaultBalanceNodes are the -balance and
// -balance-nodes flags' defaults.
const (
	defaultBalance      = "0:125"
	defaultBalanceNodes = 3_000_000
)

// A balance search of more than prefilterNodes nodes (some 3 s at the
// default) is spared for the openings a prefilterNodes-node search already
// scores more than prefilterSlack outside the window: of the 398 openings
// of seeds 900 and 901, the 29 that the deep search scored within the
// default window the shallow one scored within -106..378, and the shallow
// search rules out 122 of the 398. Even so a kept opening costs some ten
// deep searches: drawing one takes some 20 s.
const (
	prefilterNodes = 50_000
	prefilterSlack = 300
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
