package main

import (
	"fmt"
	"strconv"
	"strings"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// balanceWindow is the arena's finer balance check of an opening: a search
// of balanceNodes nodes by the full engine must score it, for the side to
// move, within lo..hi and prove nothing.
//
// Why: most random openings that pass the static check still favour one
// colour, and a pair of games from such an opening is usually won by that
// colour twice, which says nothing about the players. In 800 games of the
// engine against itself (5,000 against 6,000 nodes a move, seeds 500 and
// 501) the side to move's score at 50,000 nodes foretold the colour: below
// 0 x won both games of 148 pairs and o of 27 (9 split); from 100 to 199,
// x won 14, o 13 and 11 split; from 300 up, o won 67 and x 10 (5 split). (With three
// stones o is to move, one stone down.) The default window, 75..225, keeps
// the openings near that balance point. Against the depth-6 stand-in at
// 1 s a move (README), the engine scored 0.825 on these (66-14, seeds 42 to
// 45; 14 of 40 pairs went to a colour) where it scored 0.65 on the openings
// of the static check alone (26-14, seeds 42 and 43; at seed 42, 7 of 10
// pairs went to a colour).
//
// The window is calibrated for three stones and for the engine's evaluation
// as it is: refitting the weights or changing the search changes the
// scores and so a seed's openings (a seed gives the same openings within
// one build).
type balanceWindow struct {
	on     bool
	lo, hi int
}

// defaultBalance is the -balance flag's default.
const defaultBalance = "75:225"

// balanceNodes is the balance search's node limit.
const balanceNodes = 50_000

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

// parseBalance reads "lo:hi" (scores, lo <= hi) or "off".
func parseBalance(s string) (balanceWindow, error) {
	if s == "off" {
		return balanceWindow{}, nil
	}
	los, his, ok := strings.Cut(s, ":")
	lo, err1 := strconv.Atoi(los)
	hi, err2 := strconv.Atoi(his)
	if !ok || err1 != nil || err2 != nil || lo > hi {
		return balanceWindow{}, fmt.Errorf("balance %q: want lo:hi with lo <= hi, or off", s)
	}
	return balanceWindow{on: true, lo: lo, hi: hi}, nil
}

// String returns the window as parseBalance reads it.
func (w balanceWindow) String() string {
	if !w.on {
		return "off"
	}
	return fmt.Sprintf("%d:%d", w.lo, w.hi)
}

// holds reports whether the balance search scores st within the window
// without proving a result.
func (w balanceWindow) holds(st *gomoku.State) bool {
	r := balanceSearch(st)
	return r.Outcome == engine.OutcomeUnknown && r.Score >= w.lo && r.Score <= w.hi
}

// balanceSearch is the balance check's search of st: the full engine, its
// own weights, balanceNodes nodes, so that the result is the same on every
// machine.
func balanceSearch(st *gomoku.State) engine.Result {
	return player{nodes: balanceNodes, threats: true, prune: true, bits: 18}.move(st, nil)
}
