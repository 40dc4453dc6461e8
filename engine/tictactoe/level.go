package tictactoe

// levelDepths are the plies each weaker level searches, counting its move.
// Two plies take a win and block a threat; three see a fork of one's own;
// four also see the opponent's; six see the traps that set up a fork. The
// game is a draw under correct play: from level 7 on a level does not lose,
// and level 9 searches to the end (it plays perfectly, choosing among the
// moves that keep the draw).
var levelDepths = [...]int{1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 7: 6, 8: 7, 9: 9}

// levelMargins are the score margins of the weaker levels in the
// evaluation's units (one stone on a line still open to its owner): a
// low level may play a move that leaves a line or two of the best unmade.
var levelMargins = [...]int{1: 4, 2: 3, 3: 3, 4: 2, 5: 2, 6: 1, 7: 1, 8: 0, 9: 0}

// LevelDepth returns the plies a weaker level (1 to 9) searches: 2 at
// levels 1 to 3, 3 at 4 and 5, 4 at 6, then 6, 7 and the whole game.
func (s *State) LevelDepth(level int) int { return levelDepths[min(max(level, 1), 9)] }

// LevelMargin returns how far below the best score a weaker level (1 to 9)
// may choose a move, in the evaluation's units: 4 at level 1 down to 0
// (only moves as good as the best) at levels 8 and 9.
func (s *State) LevelMargin(level int) int { return levelMargins[min(max(level, 1), 9)] }
