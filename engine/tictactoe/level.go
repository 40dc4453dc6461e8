package tictactoe

// levelDepths are the plies each weaker level searches, counting its move.
// Two plies take a win and block a threat; three see a fork of one's own;
// four also see the opponent's forks, and then the game, a draw, is not
// lost any more: the levels below the strongest must see less to differ.
var levelDepths = [...]int{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3, 8: 3, 9: 4}

// LevelDepth returns the plies a weaker level (1 to 9) searches: 2 up to
// level 6, 3 at levels 7 and 8, 4 at level 9.
func (s *State) LevelDepth(level int) int { return levelDepths[min(max(level, 1), 9)] }
