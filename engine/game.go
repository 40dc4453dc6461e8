package engine

// Move is a game-specific action encoded as a small non-negative integer, such
// as a cell index or a column. NoMove is the absence of a move.
type Move int32

// NoMove is the zero-value-free marker for "no move".
const NoMove Move = -1

// Player is one of the two sides. First moves first and is written "x";
// Second is written "o".
type Player int8

// The two players.
const (
	First  Player = 0
	Second Player = 1
)

// Other returns the opponent of p.
func (p Player) Other() Player { return 1 - p }

// String returns the board symbol of p: "x" for First, "o" for Second.
func (p Player) String() string {
	if p == First {
		return "x"
	}
	return "o"
}

// Outcome is a game-theoretic result from one side's point of view.
type Outcome int8

// Outcomes. OutcomeUnknown also describes a game still in progress.
const (
	OutcomeUnknown Outcome = iota
	OutcomeWin
	OutcomeLoss
	OutcomeDraw
)

// String returns the API spelling of o: "unknown", "win", "loss" or "draw".
func (o Outcome) String() string {
	switch o {
	case OutcomeWin:
		return "win"
	case OutcomeLoss:
		return "loss"
	case OutcomeDraw:
		return "draw"
	default:
		return "unknown"
	}
}

// Setup describes a position as a request gives it: Board (rows of
// cells, top row first), or Position (the game's own notation, such as a
// FEN), or neither (the start position); and Moves, notations played from
// there when FromMoves (never with Board). ToMove is "", "x" or "o"; when
// set it must agree with the position. A game refuses what it does not
// take (a Position where its Description has none, Board rows where it
// has one, Dice without Chance) with an *InputError naming the field;
// enginetest.Conformance checks the rows.
type Setup struct {
	Board     []string
	Moves     []string
	FromMoves bool
	ToMove    string
	// Position is the position in the game's own notation
	// (Description.Position); "" when the request gave none.
	// PositionField is the request field it came from ("position", or
	// "fen" for chess), for the game's errors to name.
	Position      string
	PositionField string
	// Dice is the chance input of a game of chance (Description.Chance):
	// the roll the side to move plays; nil when the request gave none.
	Dice []int
	// Options holds game-specific request fields by their JSON names, already
	// type-checked by the caller (for example "rule" or "size"). Games ignore
	// options they do not know.
	Options map[string]any
}

// Description is what a game tells clients about itself (GET /games).
type Description struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	Notation string `json:"notation"`
	// DefaultDepth is the search depth used when a request gives none;
	// MaxDepth is the largest depth a request may ask for.
	DefaultDepth int `json:"default_depth"`
	MaxDepth     int `json:"max_depth"`
	// BoardKind tells a client how to draw the game: one of the Board
	// constants. Input says how a player enters a move: one of the Input
	// constants. Placement is Input for the games that place a stone
	// (InputCell, InputColumn), and empty for the others.
	BoardKind string `json:"board_kind"`
	Input     string `json:"input"`
	Placement string `json:"placement,omitempty"`
	// Sides names the first and the second player in the game's words
	// (to_move and winner in answers): "x" and "o" unless the game says
	// otherwise ("white" and "black").
	Sides [2]string `json:"sides"`
	// Position names the notation of a position as one string that the
	// game reads from a request's "position" and writes in its answers
	// (State.Position): "fen", "kalah", "gnubg"; empty for a game that
	// has none.
	Position string `json:"position,omitempty"`
	// Chance names the chance input a request of the game carries: "dice"
	// (Setup.Dice) for backgammon; empty for a game without chance.
	Chance string `json:"chance,omitempty"`
	// ExtraTurns is true for a game in which a move may leave the same
	// side to move (Kalah): answers then say who moves next.
	ExtraTurns bool `json:"extra_turns,omitempty"`
	// Options names the game-specific request fields the game takes, such
	// as "rule"; a request giving any other is rejected.
	Options []string `json:"options,omitempty"`
	// OptionSchemas describes the values of each of Options, by name, so
	// that a client can offer them without knowing the game.
	OptionSchemas map[string]OptionSchema `json:"option_schemas,omitempty"`
	// Example is a request body that plays this game.
	Example map[string]any `json:"example"`
}

// The board kinds of Description.BoardKind: what a client draws.
const (
	BoardGrid          = "grid"          // cells of a Rows x Cols grid, marks in them (tic-tac-toe)
	BoardColumns       = "columns"       // an upright grid of Cols columns that stones drop into (Connect Four)
	BoardIntersections = "intersections" // stones on the crossings of Rows x Cols lines (Gomoku)
	BoardChess         = "chessboard"    // an 8x8 chessboard with pieces
	BoardPits          = "pits"          // two rows of pits holding counters, a store each (Kalah)
	BoardBackgammon    = "backgammon"    // 24 points, the bar, borne-off checkers, dice and the cube
)

// The inputs of Description.Input: how a player enters a move.
const (
	// InputCell: every legal move puts a stone on an empty cell of its
	// own (Celler.Cell), so a client picks a move by its cell.
	InputCell = "cell"
	// InputColumn: every legal move drops a stone into a column of its
	// own, where it lands on the cell Celler.Cell gives, so a client picks
	// a move by its column.
	InputColumn = "column"
	// InputFromTo: a move takes a piece from one square to another
	// (MoveView.From and To), and a promotion picks a piece.
	InputFromTo = "from-to"
	// InputPit: a move sows the counters of one of the mover's pits
	// (MoveView.Pit).
	InputPit = "pit"
	// InputCheckers: a move is a play of checkers, one step per die
	// (MoveView.Steps).
	InputCheckers = "checkers"
)

// The former names of the placement inputs.
const (
	PlaceCell   = InputCell
	PlaceColumn = InputColumn
)

// DefaultSides are the names of the players of a game whose description
// names none: "x" and "o".
var DefaultSides = [2]string{"x", "o"}

// OptionSchema describes the values a game option takes in the words of
// JSON Schema: a "string" from Enum, or an "integer" from Minimum to
// Maximum; Default is the value a request that leaves the option out gets.
type OptionSchema struct {
	Type        string   `json:"type"`
	Description string   `json:"description"`
	Enum        []string `json:"enum,omitempty"`
	Minimum     *int     `json:"minimum,omitempty"`
	Maximum     *int     `json:"maximum,omitempty"`
	Default     any      `json:"default"`
}

// Game is a registered game type: it names itself, describes itself and builds
// positions from a Setup.
type Game interface {
	// Name returns the short name requests use, such as "tictactoe".
	Name() string
	// Describe returns the game's static description.
	Describe() Description
	// NewState parses setup into a position. The position must be legal and
	// not yet decided; otherwise NewState returns an *InputError naming the
	// request field at fault.
	NewState(setup Setup) (State, error)
}

// State is a mutable game position. Implementations are not safe for
// concurrent use; Clone gives an independent copy.
type State interface {
	// ToMove returns the side to move.
	ToMove() Player
	// Ply returns the number of moves played from the start position.
	Ply() int
	// Outcome returns the result from the side to move's point of view if the
	// game is over, or OutcomeUnknown while it goes on.
	Outcome() Outcome
	// LegalMoves appends the legal moves to buf[:0] in the game's preferred
	// search order and returns the slice. It returns no moves once the game is
	// over. It must not allocate when cap(buf) >= MaxMoves().
	LegalMoves(buf []Move) []Move
	// MaxMoves returns an upper bound on len(LegalMoves) for this game.
	MaxMoves() int
	// RemainingPlies returns an upper bound on the number of moves left in the
	// game; a search this deep sees every line to its end.
	RemainingPlies() int
	// Play makes the legal move m for the side to move.
	Play(m Move)
	// Undo takes back m, which must be the last move played.
	Undo(m Move)
	// Evaluate returns a heuristic score of a non-terminal position from the
	// side to move's point of view, within ±MaxEval.
	Evaluate() int32
	// Hash returns a 64-bit key of the position, side to move included.
	Hash() uint64
	// ParseMove parses a move notation. It returns an error if the notation is
	// malformed or the move is not legal here.
	ParseMove(notation string) (Move, error)
	// FormatMove returns the notation of m.
	FormatMove(m Move) string
	// Clone returns an independent copy of the position.
	Clone() State
}
