package tictactoe

// LevelDepth returns the plies a weaker level searches: 2 up to level 4,
// then one more every two levels, 5 at level 9. A full search (9 plies)
// plays perfectly, so the levels below the strongest must see less.
func (s *State) LevelDepth(level int) int { return max(2, (level+1)/2) }
