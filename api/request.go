package api

import (
	"time"

	"github.com/go-json-experiment/json/jsontext"

	"movesvc/engine"
)

// moveRequest is the body of POST /move. Board and Moves are pointers so
// that an absent field differs from an empty one: "moves": [] is the start
// position.
type moveRequest struct {
	Game      string    `json:"game" validate:"required,max=32"`
	Board     *[]string `json:"board" validate:"omitnil,max=64,dive,max=256"`
	Moves     *[]string `json:"moves" validate:"omitnil,max=1024,dive,max=16"`
	ToMove    string    `json:"to_move" validate:"omitempty,oneof=x o X O"`
	Depth     *int      `json:"depth" validate:"omitnil,min=1"`
	TimeoutMS *int      `json:"timeout_ms" validate:"omitnil,min=1"`
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
	return s
}

// depth resolves the request's depth against the game's: its default, or
// a 422 *Problem when it is above the game's maximum.
func (req *moveRequest) depth(desc engine.Description) (int, error) {
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

// moveJSON is a move in a response.
type moveJSON struct {
	Notation string `json:"notation"`
	Row      int    `json:"row"`
	Col      int    `json:"col"`
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
)

// stoppedBy says what ended the search of res: the deadline when it hit
// it; else the proof of the result or the requested depth when complete;
// else a node limit, which only a weaker level's searches have.
func stoppedBy(res engine.Result) string {
	switch {
	case res.DeadlineHit:
		return stoppedByDeadline
	case res.Complete && res.Outcome != engine.OutcomeUnknown:
		return stoppedBySolved
	case res.Complete:
		return stoppedByDepth
	}
	return stoppedByNodes
}

// newMoveResponse renders a search result for st.
func newMoveResponse(game string, st engine.State, res engine.Result) moveResponse {
	row, col := st.Cell(res.Move)
	out := moveResponse{
		Game:      game,
		Move:      moveJSON{Notation: st.FormatMove(res.Move), Row: row, Col: col},
		ToMove:    st.ToMove().String(),
		Score:     res.Score,
		Outcome:   res.Outcome.String(),
		Depth:     res.Depth,
		Nodes:     res.Nodes,
		ElapsedMS: float64(res.Elapsed.Microseconds()) / 1000,
		Complete:  res.Complete,
		StoppedBy: stoppedBy(res),
		PV:        make([]string, 0, len(res.PV)),
	}
	if res.Outcome != engine.OutcomeUnknown && res.PliesToEnd > 0 {
		out.PliesToEnd = &res.PliesToEnd
	}
	// Notations depend on the position (a Connect Four column's landing row
	// does not, but a game's may), so walk the line on a copy.
	line := st.Clone()
	for _, m := range res.PV {
		out.PV = append(out.PV, line.FormatMove(m))
		line.Play(m)
	}
	return out
}
