package api

import (
	"fmt"
	"strings"
	"time"

	"github.com/go-json-experiment/json/jsontext"

	"movesvc/engine"
)

// moveRequest is the body of POST /move. Board and Moves are pointers so
// that an absent field differs from an empty one: "moves": [] is the start
// position. Position (or FEN, chess's name for it) is a position in the
// game's own notation, which Moves then continue; Dice is a game of
// chance's roll to play (positionFields checks them against the game).
type moveRequest struct {
	Game     string    `json:"game" validate:"required,max=32"`
	Board    *[]string `json:"board" validate:"omitnil,max=64,dive,max=256"`
	Position *string   `json:"position" validate:"omitnil,max=512"`
	FEN      *string   `json:"fen" validate:"omitnil,max=512"`
	Moves    *[]string `json:"moves" validate:"omitnil,max=1024,dive,max=32"`
	Dice     *[]int    `json:"dice" validate:"omitnil,min=1,max=4,dive,min=1,max=6"`
	ToMove   string    `json:"to_move" validate:"max=16"`
	Depth    *int      `json:"depth" validate:"omitnil,min=1"`
	// UseTime asks the search to think until the deadline: to the game's
	// deepest depth rather than its default.
	UseTime   bool `json:"use_time"`
	TimeoutMS *int `json:"timeout_ms" validate:"omitnil,min=1"`
	// Analysis, level and live progress (analysis.go, stream.go).
	Analysis bool    `json:"analysis"`
	MultiPV  *int    `json:"multipv" validate:"omitnil,min=1,max=10"`
	Level    *int    `json:"level" validate:"omitnil,min=1,max=10"`
	Seed     *uint64 `json:"seed"`
	// Options are the request's game options: top-level fields that some
	// registered game names in its Description.Options, as raw JSON, for
	// gameOptions to check against the game asked for (the decoder puts
	// every other member here; see optionHolder).
	Options map[string]jsontext.Value `json:",embed"`
}

// gameOptions implements optionHolder.
func (req *moveRequest) gameOptions() map[string]jsontext.Value { return req.Options }

// setup returns the engine's view of the position in the request, with
// the game options gameOptions checked.
func (req *moveRequest) setup(options map[string]any) engine.Setup {
	s := engine.Setup{ToMove: req.ToMove, Options: options}
	if req.Moves != nil {
		s.FromMoves, s.Moves = true, *req.Moves
	} else if req.Board != nil {
		s.Board = *req.Board
	}
	switch {
	case req.Position != nil:
		s.Position, s.PositionField = *req.Position, "position"
	case req.FEN != nil:
		s.Position, s.PositionField = *req.FEN, "fen"
	}
	if req.Dice != nil {
		s.Dice = *req.Dice
	}
	return s
}

// history returns the request's position and moves as one list: what,
// beyond the position reached, may decide its result.
func (req *moveRequest) history() []string {
	var out []string
	for _, p := range []*string{req.Position, req.FEN} {
		if p != nil {
			out = append(out, *p)
		}
	}
	if req.Moves != nil {
		out = append(out, *req.Moves...)
	}
	if req.Dice != nil {
		out = append(out, fmt.Sprint(*req.Dice))
	}
	return out
}

// positionFields checks the fields that give the position against the
// game: one is given (board, moves or the game's notation), a board and a
// position are not given together, a position only to a game with a
// notation for it (fen only to chess's), dice only to a game of chance;
// and it turns to_move into x or o (normalizeToMove). The error is a 422
// *Problem naming the field.
func (req *moveRequest) positionFields(desc engine.Description) error {
	if req.Board == nil && req.Moves == nil && req.Position == nil && req.FEN == nil {
		return missingPosition(desc)
	}
	if req.Position != nil && req.FEN != nil {
		return fieldProblem("fen", "is another name for position; give one of them", nil)
	}
	if err := req.normalizeToMove(desc); err != nil {
		return err
	}
	switch {
	case (req.Position != nil || req.FEN != nil) && req.Board != nil:
		return fieldProblem("board", "cannot be given with a position; give one of them", nil)
	case req.Position != nil && desc.Position == "":
		return fieldProblem("position", "is not taken by "+desc.Name+"; give its board or moves", nil)
	case req.FEN != nil && desc.Position != "fen":
		return fieldProblem("fen", "is taken by chess only; give "+desc.Name+"'s board, moves or position", nil)
	case req.Dice != nil && desc.Chance != "dice":
		return fieldProblem("dice", "only applies to a game of dice; "+desc.Name+" has none", nil)
	}
	return nil
}

// normalizeToMove turns to_move into the engine's x or o: it takes x and
// o in either case, and the names the answers give the sides (sideName:
// white and black, south and north), in either case too.
func (req *moveRequest) normalizeToMove(desc engine.Description) error {
	if req.ToMove == "" {
		return nil
	}
	players := [2]engine.Player{engine.First, engine.Second}
	for _, p := range players {
		if strings.EqualFold(req.ToMove, p.String()) || strings.EqualFold(req.ToMove, sideName(desc, p)) {
			req.ToMove = p.String()
			return nil
		}
	}
	msg := "must be x or o"
	if first, second := sideName(desc, engine.First), sideName(desc, engine.Second); first != engine.First.String() {
		msg += ", or " + first + " or " + second
	}
	return fieldProblem("to_move", msg, req.ToMove)
}

// missingPosition is the 422 *Problem of a request that gives no position,
// naming the fields the game takes: board rows, or its notation (fen for
// chess, position for the others that have one), and moves.
func missingPosition(desc engine.Description) *Problem {
	switch desc.Position {
	case "":
		return fieldProblem("board", "is required when moves is not given: give board (rows, top first) or moves (from the start)", nil)
	case "fen":
		return fieldProblem("fen", "is required when moves is not given: give fen (a FEN), moves (from the start, [] for the start itself) or both", nil)
	}
	return fieldProblem("position", "is required when moves is not given: give position (in the game's "+desc.Position+
		" notation, as GET /games says), moves (from the start, [] for the start itself) or both", nil)
}

// fieldProblem is the 422 *Problem for the request field name, with the
// message msg and the value at fault, if any.
func fieldProblem(name, msg string, value any) *Problem {
	return invalid(name+" "+msg, ProblemError{Location: "body." + name, Message: msg, Value: value})
}

// depth resolves the request's depth against the game's: its default, its
// maximum with use_time, or a 422 *Problem when it is above the maximum or
// given with use_time.
func (req *moveRequest) depth(desc engine.Description) (int, error) {
	if req.UseTime {
		if req.Depth != nil {
			return 0, fieldProblem("depth", "cannot be given with use_time: give a depth to stop at, or use_time to think until the deadline", *req.Depth)
		}
		return desc.MaxDepth, nil
	}
	if req.Depth == nil {
		return desc.DefaultDepth, nil
	}
	if *req.Depth > desc.MaxDepth {
		return 0, invalid("depth is out of range", ProblemError{Location: "body.depth", Value: *req.Depth,
			Message: "must be at most " + itoa(desc.MaxDepth) + " for " + desc.Name})
	}
	return *req.Depth, nil
}

// requestTimeout resolves a request's timeout_ms (nil: not given) against
// the server's limits, for POST /move and POST /moves alike: the default
// timeout, or a 422 *Problem when it is above -max-timeout.
func requestTimeout(ms *int, cfg Config) (time.Duration, error) {
	if ms == nil {
		return cfg.DefaultTimeout, nil
	}
	// Compared in milliseconds: a huge timeout_ms would overflow a Duration.
	if max := int(cfg.MaxTimeout / time.Millisecond); *ms > max {
		return 0, invalid("timeout_ms is out of range", ProblemError{Location: "body.timeout_ms", Value: *ms,
			Message: "must be at most " + itoa(max) + ", the server's maximum"})
	}
	return time.Duration(*ms) * time.Millisecond, nil
}

// moveJSON is a move in a response: its notation, and where a client
// finds it on the board — the cell of a placement game (row, col), the
// squares and SAN of a chess move, the pit of a Kalah move, the checker
// steps of a backgammon play (moveOf).
type moveJSON struct {
	Notation  string     `json:"notation"`
	Row       *int       `json:"row,omitempty"`
	Col       *int       `json:"col,omitempty"`
	SAN       string     `json:"san,omitempty"`
	From      string     `json:"from,omitempty"`
	To        string     `json:"to,omitempty"`
	Promotion string     `json:"promotion,omitempty"`
	Pit       int        `json:"pit,omitempty"`
	Steps     []stepJSON `json:"steps,omitempty"`
}

// stepJSON is one checker step of a backgammon play (engine.Step).
type stepJSON struct {
	From int  `json:"from"`
	To   int  `json:"to"`
	Hit  bool `json:"hit,omitempty"`
}

// moveResponse is the body of a 200 answer to POST /move.
type moveResponse struct {
	Game       string   `json:"game"`
	Move       moveJSON `json:"move"`
	ToMove     string   `json:"to_move"`
	Score      int      `json:"score"`
	Outcome    string   `json:"outcome"`
	PliesToEnd *int     `json:"plies_to_end,omitempty"`
	Depth      int      `json:"depth"`
	Nodes      uint64   `json:"nodes"`
	ElapsedMS  float64  `json:"elapsed_ms"`
	// Complete is true when the search did all it was asked: it proved
	// the result or completed the requested depth. StoppedBy says what
	// ended it (stoppedBy).
	Complete  bool     `json:"complete"`
	StoppedBy string   `json:"stopped_by"`
	PV        []string `json:"pv"`
	// PVSAN is the line in the game's second notation (chess's SAN).
	PVSAN []string `json:"pv_san,omitempty"`
	// The game's estimate beyond the score (engine.Estimate).
	estimateJSON
	// NextToMove, for a game with extra turns, is the side to move after
	// the move; PositionAfter, for a game with a position notation, is
	// the position after it.
	NextToMove    string `json:"next_to_move,omitempty"`
	PositionAfter string `json:"position_after,omitempty"`
	// Cached is true when the answer is a proved result remembered from an
	// earlier search of the same position and depth.
	Cached bool `json:"cached,omitempty"`
	// Analysis scores each move when the request asks for it (analysis.go).
	Analysis []analysisEntry `json:"analysis,omitempty"`
}

// The values of moveResponse.StoppedBy.
const (
	stoppedBySolved   = "solved"   // the result is proved: a win, a loss or a draw
	stoppedByDepth    = "depth"    // the requested depth (the game's default) is complete
	stoppedByDeadline = "deadline" // the deadline ended the search first
	stoppedByNodes    = "nodes"    // a weaker level's node limit ended a search first
	stoppedByBook     = "book"     // the move was chosen without a search (depth 0), e.g. an opening
)

// stoppedBy says what ended the search of res: the deadline when it hit
// it; else the proof of the result; else, for a move chosen without a
// search (depth 0), the book; else the requested depth when complete;
// else a node limit, which only a weaker level's searches have.
func stoppedBy(res engine.Result) string {
	switch {
	case res.DeadlineHit:
		return stoppedByDeadline
	case res.Complete && res.Outcome != engine.OutcomeUnknown:
		return stoppedBySolved
	case res.Depth == 0:
		return stoppedByBook
	case res.Complete:
		return stoppedByDepth
	}
	return stoppedByNodes
}

// newMoveResponse renders a search result for st, a position of the game
// desc describes.
func newMoveResponse(desc engine.Description, st engine.State, res engine.Result) moveResponse {
	out := moveResponse{
		Game:         desc.Name,
		Move:         moveOf(st, res.Move),
		ToMove:       sideName(desc, st.ToMove()),
		Score:        res.Score,
		Outcome:      res.Outcome.String(),
		Depth:        res.Depth,
		Nodes:        res.Nodes,
		ElapsedMS:    float64(res.Elapsed.Microseconds()) / 1000,
		Complete:     res.Complete,
		StoppedBy:    stoppedBy(res),
		estimateJSON: newEstimate(res.Estimate),
	}
	if res.Outcome != engine.OutcomeUnknown && res.PliesToEnd > 0 {
		out.PliesToEnd = &res.PliesToEnd
	}
	// Notations depend on the position (a Connect Four column's landing row
	// does not, but a game's may), so walk the line on a copy.
	out.PV, out.PVSAN = formatLines(st.Clone(), res.PV)
	if desc.ExtraTurns || desc.Position != "" {
		after := st.Clone()
		after.Play(res.Move)
		if desc.ExtraTurns {
			out.NextToMove = sideName(desc, after.ToMove())
		}
		if p, ok := after.(engine.Positioner); ok {
			out.PositionAfter = p.Position()
		}
	}
	return out
}
