package kalah

import (
	"context"
	"math/rand/v2"

	"movesvc/engine"
)

// MaxLevel is full strength; levels 1 to MaxLevel-1 play weaker.
const MaxLevel = 10

// LevelLimits returns the limits of the search a weaker level (1 to 9)
// scores its moves with: a depth-limited search of levelDepths[level]
// turns, bounded by levelNodes nodes so that a level plays the same move
// on any machine. Full strength (MaxLevel) has no limits.
func LevelLimits(level int) Limits {
	if level >= MaxLevel {
		return Limits{}
	}
	level = min(max(level, 1), MaxLevel-1)
	return Limits{Depth: levelDepths[level], MaxNodes: levelNodes}
}

// LevelMargin returns how many seeds below the best move's score a weaker
// level (1 to 9) may play: levelMargins[level]; 0 at full strength. The
// nearer the best, the likelier (PlayLevel).
func LevelMargin(level int) int {
	if level >= MaxLevel {
		return 0
	}
	return levelMargins[min(max(level, 1), MaxLevel-1)]
}

// PlayLevel returns the move a level (1 to MaxLevel) plays in pos (not
// over), with base's table and database. Full strength searches (Search,
// under ctx, with base); a weaker level scores every move with
// LevelLimits, adds to each score a draw from 0 to LevelMargin seeds and
// plays the highest, so a move d seeds below the best is played only when
// its draw beats the best's by d. The draws come from a generator seeded by
// seed and the position, so the same request gets the same move. Every
// level takes a move that ends the game in a win when there is one.
func PlayLevel(ctx context.Context, pos *Position, level int, seed uint64, base Limits) engine.Move {
	if level >= MaxLevel {
		return Search(ctx, pos, base).Move
	}
	if m, ok := winningEnd(pos); ok {
		return m
	}
	lim := LevelLimits(level)
	lim.Table, lim.Database = base.Table, base.Database
	rng := rand.New(rand.NewPCG(seed, pos.Hash()))
	best, bestScore := engine.NoMove, 0.0
	for _, v := range Analyze(ctx, pos, lim) {
		score := float64(v.Score) + rng.Float64()*float64(LevelMargin(level))
		if best == engine.NoMove || score > bestScore {
			best, bestScore = v.Move, score
		}
	}
	return best
}

// winningEnd returns the move of pos that ends the game with the largest
// win for the side to move, if one does.
func winningEnd(pos *Position) (engine.Move, bool) {
	best, bestScore := engine.NoMove, 0
	for _, m := range pos.LegalMoves(nil) {
		c := pos.Clone()
		c.Play(m)
		if !c.Over() {
			continue
		}
		score := int(c.stores[pos.toMove]) - int(c.stores[pos.toMove.Other()])
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best, best != engine.NoMove
}
