package engine

// MoveView is the detail of a move beyond its notation, for a client to
// enter and show it (MoveDescriber). Every field is optional: a game sets
// those that mean something for it.
type MoveView struct {
	// SAN is the move in a second, human notation (chess's standard
	// algebraic notation: "Nf3", "O-O", "exd8=Q+").
	SAN string
	// From and To are the squares a piece leaves and reaches ("e2", "e4";
	// a Chess960 castling goes from the king's square to its destination),
	// and Promotion the piece a pawn becomes ("q", "r", "b", "n").
	From, To  string
	Promotion string
	// Pit is the 1-based pit a Kalah move sows, counted from the mover's
	// left.
	Pit int
	// Steps are the checker steps of a backgammon play, in order.
	Steps []Step
}

// Step is one checker step of a backgammon play: from a point to a point
// in the mover's numbering (1 to 24), 25 the bar, 0 borne off; Hit when
// it hits a blot.
type Step struct {
	From, To int
	Hit      bool
}

// Estimate is what a game's search says of a position beyond its score,
// in the game's own terms; each field is optional.
type Estimate struct {
	// Mate is the distance to a forced mate in moves: positive when the
	// side to move mates, negative when it is mated, 0 when none is found.
	Mate int
	// WDL is the chance of a win, a draw and a loss for the side to move,
	// per mille, when the game estimates it.
	WDL *[3]int
	// Equity is the cubeless equity of a backgammon position for the side
	// to move, in points per game, and Probabilities its five outcome
	// chances: win, win a gammon, win a backgammon, lose a gammon, lose a
	// backgammon.
	Equity        *float64
	Probabilities *[5]float64
	// Cube is a backgammon cube decision (money play), when the move
	// decides one.
	Cube *CubeEstimate
}

// CubeEstimate is a money-play cube decision, always from the view of the
// side that doubles or not (the side on roll): its cubeful equities per
// unit of the cube before the decision after each action (no double;
// double and the other side takes; double and it drops), whether it should
// double and whether the other side should take, and the decision in words
// ("no double, take", "double, take", "double, pass", "too good, pass",
// "no double, pass"). It encodes as the "cube" object of an answer.
type CubeEstimate struct {
	Action     string  `json:"action"`
	Double     bool    `json:"double"`
	Take       bool    `json:"take"`
	NoDouble   float64 `json:"no_double"`
	DoubleTake float64 `json:"double_take"`
	DoublePass float64 `json:"double_pass"`
}

// The views a Viewer returns, one per board kind that needs more than rows
// of text; each encodes as the "view" object of POST /position.

// ChessView is the View of a chessboard: Rows are the ranks from 8 down to
// 1, files a to h, each square a FEN piece letter (uppercase white) or '.';
// Check is the square of the king in check ("" when none); the rest are
// the FEN's fields.
type ChessView struct {
	Rows      [8]string `json:"rows"`
	Check     string    `json:"check,omitempty"`
	Castling  string    `json:"castling"`
	EnPassant string    `json:"en_passant,omitempty"`
	Halfmove  int       `json:"halfmove"`
	Fullmove  int       `json:"fullmove"`
}

// PitsView is the View of a Kalah board: Pits[p] are player p's pits in
// its sowing order (from its own left), Stores[p] its store.
type PitsView struct {
	Pits   [2][]int `json:"pits"`
	Stores [2]int   `json:"stores"`
}

// BackgammonView is the View of a backgammon board. Points[i] is point
// i+1 in the first player's numbering (its home board is points 1-6,
// bearing off past point 1): the number of checkers on it, positive for
// the first player's, negative for the second's. Bar and Off count each
// player's checkers on the bar and borne off; Dice is the roll to play
// (none before a roll); Cube is the doubling cube's value and CubeOwner
// the side that owns it ("" in the middle); MayDouble says the side on roll
// may double before its roll, Doubled that a double is offered (the side to
// move takes or drops it).
type BackgammonView struct {
	Points    [24]int `json:"points"`
	Bar       [2]int  `json:"bar"`
	Off       [2]int  `json:"off"`
	Dice      []int   `json:"dice,omitempty"`
	Cube      int     `json:"cube"`
	CubeOwner string  `json:"cube_owner,omitempty"`
	MayDouble bool    `json:"may_double,omitempty"`
	Doubled   bool    `json:"doubled,omitempty"`
}
