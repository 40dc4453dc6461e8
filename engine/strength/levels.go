package strength

import (
	"math"

	"movesvc/engine"
)

// The tuned numbers of the weaker levels, one line each (the games tune
// theirs through the level capabilities; the self-play measurements behind
// them belong in docs/gomoku.md#tuning). Candidates and Chance are
// formulas, below.
var defaultMargins = [engine.MaxLevel]int{1: 300, 2: 220, 3: 160, 4: 110, 5: 75, 6: 50, 7: 32, 8: 20, 9: 10} // DefaultMargin by level

// minDepth is the shallowest a level searches: two plies see an immediate
// threat.
const minDepth = 2

// DefaultMargin returns how far below the best score a move may score and
// still be chosen at level (1 <= level < engine.MaxLevel), for a game that
// does not set its own (engine.LevelMarginer): 300 at level 1 down to 10
// at level 9, about a third less every level, in the engine's score units
// as a fine-grained evaluation uses them (Gomoku's patterns: an open two
// about 12, an open three about 60, an open four 400). Games whose
// evaluation counts coarser things (a line, a winning cell) scale it down.
// engine.MaxLevel and above: 0.
func DefaultMargin(level int) int {
	if level < 1 || level >= engine.MaxLevel {
		return 0
	}
	return defaultMargins[level]
}

// Margin returns the score margin of level in st: the game's own
// (engine.LevelMarginer) or DefaultMargin, never negative.
func Margin(st engine.State, level int) int {
	if lm, ok := st.(engine.LevelMarginer); ok {
		return max(0, lm.LevelMargin(level))
	}
	return DefaultMargin(level)
}

// Nodes returns the node limit of level in st: the game's own
// (engine.LevelNoder), or 0, no limit.
func Nodes(st engine.State, level int) uint64 {
	if ln, ok := st.(engine.LevelNoder); ok {
		return ln.LevelNodes(level)
	}
	return 0
}

// Depth returns the plies a level below engine.MaxLevel searches in st:
// the game's own choice (engine.LevelDepther) or the level itself, at
// least 2, and at most the plies left.
func Depth(st engine.State, level int) int {
	d := max(minDepth, level)
	if ld, ok := st.(engine.LevelDepther); ok {
		d = max(minDepth, ld.LevelDepth(level))
	}
	return min(d, st.RemainingPlies())
}

// Candidates returns how many of the best-ranked moves a level below
// engine.MaxLevel chooses among, the best included: 6 at level 1, one
// fewer every two levels, 2 at level 9.
func Candidates(level int) int { return 2 + (engine.MaxLevel-1-level)/2 }

// Chance returns the chance that a level below engine.MaxLevel draws its
// move among the near-best ones rather than play the best:
// ((MaxLevel - level) / (MaxLevel - 1))^1.5, 1 at level 1, 0.41 at level
// 5, 0.035 at level 9; 0 from engine.MaxLevel. It falls faster than
// linearly, which spaces the middle levels further apart.
func Chance(level int) float64 {
	x := max(0, float64(engine.MaxLevel-level)/float64(engine.MaxLevel-1))
	return x * math.Sqrt(x)
}
