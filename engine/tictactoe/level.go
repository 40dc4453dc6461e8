package tictactoe

// levelDepths are the plies each weaker level searches, counting its move:
// one more every two levels, so that a level sees further than the one two
// below it. Two plies take a win and block a threat; three see a fork of
// one's own; four also see the opponent's. The game is a draw, and from
// about five plies on a level hardly ever loses: the top levels draw.
var levelDepths = [...]int{1: 2, 2: 2, 3: 3, 4: 3, 5: 4, 6: 4, 7: 5, 8: 5, 9: 6}

// LevelDepth returns the plies a weaker level (1 to 9) searches: 2 at
// levels 1 and 2, one more every two levels, 6 at level 9.
func (s *State) LevelDepth(level int) int { return levelDepths[min(max(level, 1), 9)] }
