package engine

import "context"

// This file declares every capability: the optional interfaces a Game or
// State may implement. The package doc lists them with the games that
// implement each and what is done with it.

// Searcher is implemented by a State whose game brings its own search, such
// as an exact solver. Search delegates to it; Search has the contract of
// the function Search.
type Searcher interface {
	Search(ctx context.Context, params Limits) Result
}

// ExactScorer is implemented by a State whose game has its own convention for
// the score of a proved result. ExactScore returns that score for the side to
// move given the outcome and the number of plies to the end of the game.
type ExactScorer interface {
	ExactScore(outcome Outcome, pliesToEnd int) int
}

// Analyzer is implemented by a State whose game analyses its moves itself:
// an exact solver scoring every move, or a game with too many moves to
// score them all. Analyze has the contract of the function Analyze.
type Analyzer interface {
	Analyze(ctx context.Context, params Limits, n int) []MoveScore
}

// PartialAnalyzer is implemented by an Analyzer that may score only its
// most promising moves rather than every legal one (Gomoku's multipv), so
// that the best move can lie outside its analysis: its weaker levels play
// their search's move and analyse only when they deviate from it (package
// strength). AnalyzesSomeMoves reports whether Analyze may leave legal
// moves out.
type PartialAnalyzer interface {
	Analyzer
	AnalyzesSomeMoves() bool
}

// MaxLevel is the strongest playing level, the default: the full search.
// The levels 1 to MaxLevel-1 play weaker (package strength); the level
// capabilities below let a game grade them.
const MaxLevel = 10

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
// (Limits.MaxNodes), 1 <= level < MaxLevel; it must grow with the level.
// The game's search must honour Limits.MaxNodes.
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

// SearchMemorer is implemented by a Game whose searches hold memory other
// than one generic transposition table of Limits.TableBits: an exact
// solver's own table, a threat-search table, large per-search stacks.
type SearchMemorer interface {
	// SearchMemory returns an upper bound on the bytes one search of the
	// game with params holds while it runs (its tables and per-search
	// buffers, pooled or not). A server reserves this much of its
	// MemoryBudget before the search starts.
	SearchMemory(params Limits) int64
}

// Warmer is implemented by a Game that builds something large on first use
// (pattern tables, an embedded opening book). A server calls Warm before it
// takes requests, so that the first requests do not wait for the build.
type Warmer interface {
	// Warm builds what the game would otherwise build on first use. It is
	// safe to call more than once and from several goroutines.
	Warm()
}

// The capabilities below describe a position and its moves to a client
// beyond the notation every game has (the package doc's table lists them).

// Celler is implemented by a State whose every move puts a stone on a cell
// of a grid (Description.Input InputCell or InputColumn). Cell returns the
// 0-based row (from the top) and column (from the left) where the legal
// move m puts a stone if played now.
type Celler interface {
	Cell(m Move) (row, col int)
}

// Boarder is implemented by a State that shows its position as rows of
// text, top row first: '.', 'x' and 'o' for the placement games, in the
// form their NewState accepts; a chess position's pieces by their FEN
// letters.
type Boarder interface {
	Board() []string
}

// Positioner is implemented by a State of a game with its own position
// notation (Description.Position): Position returns the position in it, in
// the form the game's NewState reads from Setup.Position.
type Positioner interface {
	Position() string
}

// Viewer is implemented by a State that tells a client what to draw beyond
// rows of text: View returns a value that encodes as the JSON object of
// its Description.BoardKind (a Kalah position's pits and stores, a
// backgammon position's points, bar, dice and cube): ChessView, PitsView
// or BackgammonView (view.go).
type Viewer interface {
	View() any
}

// MoveDescriber is implemented by a State whose moves a client enters and
// shows by more than their notation: DescribeMove returns the details of
// the legal move m (its SAN and squares, the pit it sows, the checkers it
// moves). See MoveView.
type MoveDescriber interface {
	DescribeMove(m Move) MoveView
}

// Ender is implemented by a State whose game can end in more than one way
// worth naming: EndReason returns why the game is over ("checkmate",
// "stalemate", "fifty-move", "repetition", "insufficient-material", ...),
// and "" while it goes on.
type Ender interface {
	EndReason() string
}

// Chancer is implemented by a State of a game of chance (Description.Chance
// names its chance input). At a chance node (IsChance) the side to move
// has yet to roll: the legal moves are chance's outcomes (the rolls of the
// dice, each a Move with its notation, such as "31"), Probability gives
// each one's chance, and playing one is chance's move, after which the
// side to move plays. A game record is then rolls and plays in turn, and
// Setup.Dice is a roll to play before the side to move moves. The generic
// search does not average over chance: a game of chance brings its own
// search (Searcher).
type Chancer interface {
	IsChance() bool
	Probability(m Move) float64
}

// Decider is implemented by a Chancer whose side to move may decide
// something before chance moves (backgammon's doubling cube: double or
// roll). Decides reports whether it may now; a client then asks for that
// decision by giving no chance move (no dice), and the State's Search
// answers it with a move that its FormatMove names.
type Decider interface {
	Decides() bool
}

// Forbidder is implemented by a State whose rule forbids some empty cells
// to the side to move by what a stone there would make (Gomoku's renju:
// black's double threes, double fours and overlines). Forbidden returns
// those moves, which LegalMoves leaves out and a client marks as not
// playable; nil when the rule forbids nothing in the position.
type Forbidder interface {
	Forbidden() []Move
}
