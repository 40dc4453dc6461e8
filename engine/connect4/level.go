package connect4

// LevelDepth returns the plies a weaker level searches, a depth-limited
// heuristic search: the level plus one, 2 at level 1, 10 at level 9; the
// exact solve is left to MaxLevel.
func (s *State) LevelDepth(level int) int { return level + 1 }

// levelMargins are the score margins of the weaker levels in the heuristic
// evaluation's units (a winning cell, counted twice when playable).
var levelMargins = [...]int{1: 2, 2: 2, 3: 1, 4: 1, 5: 1, 6: 0, 7: 0, 8: 0, 9: 0}

// LevelMargin returns how far below the best score a weaker level (1 to 9)
// may choose a move, in the evaluation's units: 2 at levels 1 and 2 (a
// playable winning cell), 0 (only moves as good as the best) from level 6.
func (s *State) LevelMargin(level int) int { return levelMargins[min(max(level, 1), 9)] }
