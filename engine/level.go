package engine

// MaxLevel is the strongest playing level, the default: the full search.
// The levels 1 to MaxLevel-1 play weaker (package strength); the level
// capabilities below let a game grade them.
const MaxLevel = 10

// PartialAnalyzer is implemented by an Analyzer that may score only its
// most promising moves rather than every legal one (Gomoku's multipv), so
// that the best move can lie outside its analysis: its weaker levels play
// their search's move and analyse only when they deviate from it
// (package strength). AnalyzesSomeMoves reports whether Analyze may leave legal
// moves out.
type PartialAnalyzer interface {
	Analyzer
	AnalyzesSomeMoves() bool
}

// LevelDepther is implemented by a State whose game sets its own search
// depth for the weaker levels. LevelDepth returns the plies to search at
// level, 1 <= level < MaxLevel, at least 2.
type LevelDepther interface {
	LevelDepth(level int) int
}

// LevelNoder is implemented by a State whose game bounds the weaker levels'
// searches by nodes as well as depth, which grades strength more finely
// than whole plies where a ply costs several times the one before (Gomoku).
// LevelNodes returns the node limit of every search a level runs
// (Params.MaxNodes), 1 <= level < MaxLevel; it must grow with the level.
// The game's search must honour Params.MaxNodes.
type LevelNoder interface {
	LevelNodes(level int) uint64
}

// LevelMarginer is implemented by a State whose heuristic scores are in
// other units than the default margins assume (strength.DefaultMargin):
// LevelMargin returns, for 1 <= level < MaxLevel, how far below the best
// score a move may score and still be chosen, in the game's score units; it
// must not grow with the level.
type LevelMarginer interface {
	LevelMargin(level int) int
}
