package gomoku_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// TestPruningKeepsProofs checks that move-count pruning proves nothing the
// full-width search does not, at its usual width and at its narrowest (one
// move a quiet node before the safeguards, where the search of the rest
// when every move loses is what keeps proofs sound): along self-play games
// from seeded openings, every win or loss the pruned search proves at
// depth 4 is proved by the full-width search too, or else holds when the
// game is played out against a full-width defence. Pruning a defence that
// holds would prove a win or a loss that is not there. Six games of 40
// plies; in the quick run one of 24, at the usual width only.
func TestPruningKeepsProofs(t *testing.T) {
	if race.Enabled && !longtest.Enabled() {
		t.Skip("node counts of single-threaded searches, not a race check: the plain and long runs count them")
	}
	games, plies := longtest.Pick(1, 6), longtest.Pick(24, 40)
	for name, opt := range map[string]gomoku.Options{
		"usual":     {},
		"narrowest": gomoku.NarrowPruning(gomoku.Options{}),
	} {
		t.Run(name, func(t *testing.T) {
			if name == "narrowest" {
				longtest.Skip(t)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			proved := 0
			for range games {
				st := openingState(t, rng)
				for ply := 0; ply < plies && st.Outcome() == engine.OutcomeUnknown; ply++ {
					if pruned := search(st, 4, 500_000, opt); pruned.Outcome != engine.OutcomeUnknown {
						proved++
						checkProof(t, st, pruned)
					}
					// Play on with a quick search, varied by the seed.
					st.Play(search(st, 3, 2_000+rng.Uint64N(2_000), gomoku.Options{}).Move)
				}
			}
			if proved == 0 {
				t.Error("no position proved: the games test nothing")
			}
			t.Logf("%d proved positions", proved)
		})
	}
}

// checkProof reports an error unless the full-width search proves the
// outcome the pruned search proved at st, or the side it gives the win
// wins the game played out.
func checkProof(t *testing.T, st *gomoku.State, pruned engine.Result) {
	t.Helper()
	winner := st.ToMove()
	if pruned.Outcome == engine.OutcomeLoss {
		winner = 1 - winner
	}
	if full := fullWidthProof(st); full.Outcome != pruned.Outcome && !winsOut(st, winner) {
		t.Errorf("ply %d: pruned search proves %v in %d (%s), full width %v (%s)",
			st.Ply(), pruned.Outcome, pruned.PliesToEnd, squares(st, pruned.PV),
			full.Outcome, squares(st, full.PV))
	}
}

// fullWidthProof returns the full-width search's result for st: at depth
// 4, as the pruned search, or when that proves nothing, at depth 8. (The
// two searches reach their nodes in different orders, so the budgets of
// their continuous-four searches may find a win in one and not the other.)
func fullWidthProof(st *gomoku.State) engine.Result {
	opt := gomoku.Options{Variant: gomoku.Variant{NoPruning: true}}
	if r := search(st, 4, 500_000, opt); r.Outcome != engine.OutcomeUnknown {
		return r
	}
	return search(st, 8, 5_000_000, opt)
}

// openingState returns a position with four random stones near the centre
// of the 15x15 board.
func openingState(t *testing.T, rng *rand.Rand) *gomoku.State {
	t.Helper()
	st := position(t, "freestyle", nil, nil)
	for st.Ply() < 4 {
		m := engine.Move((5+rng.IntN(5))*15 + 5 + rng.IntN(5))
		if slices.Contains(st.LegalMoves(nil), m) {
			st.Play(m)
		}
	}
	return st
}

// TestPruningKeepsQuietSetups checks the safeguard for quiet moves that set
// up continuous fours: in puzzle 502 the winning line's second black move
// is an open two that comes 25th in move order, which a search pruning
// every quiet node misses even at depth 20 (the safeguard off).
func TestPruningKeepsQuietSetups(t *testing.T) {
	p := loadPuzzles(t)[502]
	st := puzzleState(t, p)
	res := search(st, puzzleDepth, 1_000_000, gomoku.Options{})
	if res.Outcome != engine.OutcomeWin || !lostAfter(st, res.Move, 1_000_000) {
		t.Errorf("puzzle 502 (first %s): got %s, %v, want a proved win", p.First, st.FormatMove(res.Move), res.Outcome)
	}
}

// TestReductionsKeepLongAttacks checks the safeguards of the pruning and
// the late-move reductions on a long attack: puzzle 473 is a 33-ply win
// whose attacker has four and eight or more four-making cells along the
// way. Long run only (millions of nodes).
func TestReductionsKeepLongAttacks(t *testing.T) {
	longtest.Skip(t)
	p := loadPuzzles(t)[473]
	if ok, res := solve(t, p, allNodes); !ok {
		t.Errorf("puzzle 473 (first %s) unsolved: %s, %v in %d nodes", p.First,
			puzzleState(t, p).FormatMove(res.Move), res.Outcome, res.Nodes)
	}
}

// TestReductionsSaveNodes checks that late-move reductions are at work and
// pay: over the arena openings of threadPositions (the first alone in the
// quick run), depth 12 takes fewer nodes with them than without by a half
// at least, and each search still completes its depth.
func TestReductionsSaveNodes(t *testing.T) {
	if race.Enabled && !longtest.Enabled() {
		t.Skip("node counts of single-threaded searches, not a race check: the plain and long runs count them")
	}
	var with, without uint64
	for _, moves := range threadPositions[1:longtest.Pick(2, len(threadPositions))] {
		st := played(t, moves)
		on := search(st, 12, 20_000_000, gomoku.Options{})
		off := search(st, 12, 20_000_000, gomoku.WithoutReductions(gomoku.Options{}))
		if !on.Complete || !off.Complete {
			t.Errorf("%s: complete %v with reductions, %v without", moves, on.Complete, off.Complete)
		}
		with += on.Nodes
		without += off.Nodes
	}
	requireSaving(t, "late-move reductions", with, without, 2)
}

// requireSaving fails t unless with, the nodes searched with what, is
// at most without*(part-1)/part (a saving of a part-th at least), and logs
// both.
func requireSaving(t *testing.T, what string, with, without, part uint64) {
	t.Helper()
	if with*part > without*(part-1) {
		t.Errorf("%d nodes with %s, %d without: want a 1/%d saving at least", with, what, without, part)
	}
	t.Logf("%d nodes with %s, %d without", with, what, without)
}
