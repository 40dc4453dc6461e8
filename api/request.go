package api

import (
	"slices"
	"strings"
	"time"

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
	// Game options; each game lists the ones it takes (GET /games) and
	// checks their values.
	Rule *string `json:"rule" validate:"omitnil,max=32"`
	Size *int    `json:"size" validate:"omitnil"`
	// Analysis, level and live progress (analysis.go, stream.go).
	Analysis bool    `json:"analysis"`
	MultiPV  *int    `json:"multipv" validate:"omitnil,min=1,max=10"`
	Level    *int    `json:"level" validate:"omitnil,min=1,max=10"`
	Seed     *uint64 `json:"seed"`
}

// options returns the game options the request gives, by JSON name.
func (req *moveRequest) options() map[string]any {
	opts := map[string]any{}
	if req.Rule != nil {
		opts["rule"] = *req.Rule
	}
	if req.Size != nil {
		opts["size"] = *req.Size
	}
	return opts
}

// checkOptions returns a 422 *Problem naming the first option the game does
// not take.
func (req *moveRequest) checkOptions(desc engine.Description) *Problem {
	for _, name := range []string{"rule", "size"} {
		if _, given := req.options()[name]; given && !slices.Contains(desc.Options, name) {
			msg := "is not an option of " + desc.Name
			if len(desc.Options) > 0 {
				msg += " (it takes: " + strings.Join(desc.Options, ", ") + ")"
			}
			return invalid(name+" "+msg, ProblemError{Location: "body." + name, Message: msg})
		}
	}
	return nil
}

// setup returns the engine's view of the position in the request.
func (req *moveRequest) setup() engine.Setup {
	s := engine.Setup{ToMove: req.ToMove, Options: req.options()}
	if req.Moves != nil {
		s.FromMoves, s.Moves = true, *req.Moves
	} else if req.Board != nil {
		s.Board = *req.Board
	}
	return s
}

// limits resolves the request's depth and timeout against the game's and
// the server's limits, returning a 422 *Problem when either is out of range.
func (req *moveRequest) limits(desc engine.Description, cfg Config) (depth int, timeout time.Duration, p *Problem) {
	depth = desc.DefaultDepth
	if req.Depth != nil {
		depth = *req.Depth
		if depth > desc.MaxDepth {
			return 0, 0, invalid("depth is out of range", ProblemError{Location: "body.depth", Value: depth,
				Message: "must be at most " + itoa(desc.MaxDepth) + " for " + desc.Name})
		}
	}
	timeout = cfg.DefaultTimeout
	if req.TimeoutMS != nil {
		// Compared in milliseconds: a huge timeout_ms would overflow a Duration.
		if *req.TimeoutMS > int(cfg.MaxTimeout/time.Millisecond) {
			return 0, 0, invalid("timeout_ms is out of range", ProblemError{Location: "body.timeout_ms", Value: *req.TimeoutMS,
				Message: "must be at most " + itoa(int(cfg.MaxTimeout/time.Millisecond)) + ", the server's maximum"})
		}
		timeout = time.Duration(*req.TimeoutMS) * time.Millisecond
	}
	return depth, timeout, nil
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
	Complete   bool     `json:"complete"`
	PV         []string `json:"pv"`
	// Cached is true when the answer is a proved result remembered from an
	// earlier search of the same position and depth.
	Cached bool `json:"cached,omitempty"`
	// Analysis scores each move when the request asks for it (analysis.go).
	Analysis []analysisEntry `json:"analysis,omitempty"`
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
