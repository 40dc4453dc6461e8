package api

import (
	"cmp"
	"net/http"
	"slices"

	"github.com/go-json-experiment/json/jsontext"

	"movesvc/engine"
)

// positionRequest is the body of POST /position: a position as POST /move
// takes it, without the search's fields.
type positionRequest struct {
	Game    string                    `json:"game"`
	Board   *[]string                 `json:"board"`
	Moves   *[]string                 `json:"moves"`
	Options map[string]jsontext.Value `json:",embed"` // game options (optionHolder)
}

// gameOptions implements optionHolder.
func (req *positionRequest) gameOptions() map[string]jsontext.Value { return req.Options }

// positionResponse is the body of a 200 answer to POST /position.
type positionResponse struct {
	Game   string   `json:"game"`
	Board  []string `json:"board"`
	Ply    int      `json:"ply"`
	ToMove string   `json:"to_move"`
	Over   bool     `json:"over"`
	// Winner is "x" or "o" once a side has won; a game over without a
	// winner is a draw.
	Winner string `json:"winner,omitempty"`
	// LastMove is the last move of a move list, where it put its stone.
	LastMove   *moveJSON  `json:"last_move,omitempty"`
	LegalMoves []moveJSON `json:"legal_moves"`
}

// handlePosition answers POST /position: the board, the side to move,
// whether the game is over and who won, and every legal move with the cell
// it takes. It runs no search, so it needs no search slot. Unlike POST
// /move it accepts a move list whose last move ends the game, which is how
// a client learns that a move ended it.
func (s *Server) handlePosition(w http.ResponseWriter, r *http.Request) {
	var body positionRequest
	if p := decodeJSON(w, r, s.cfg.MaxBodyBytes, &body, s.options); p != nil {
		s.fail(w, r, p)
		return
	}
	resp, err := s.position(&body)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// position validates a POST /position request as prepare does POST /move's
// position fields, and describes the position.
func (s *Server) position(body *positionRequest) (positionResponse, error) {
	req := moveRequest{Game: body.Game, Board: body.Board, Moves: body.Moves}
	if err := s.validate.Struct(&req); err != nil {
		return positionResponse{}, validationProblem(err)
	}
	game, ok := s.games.Lookup(req.Game)
	if !ok {
		return positionResponse{}, unknownGame(req.Game, s.games.Names())
	}
	desc := game.Describe()
	options, err := gameOptions(desc, body.Options)
	if err != nil {
		return positionResponse{}, err
	}
	st, last, err := buildPosition(game, req.setup(options))
	if err != nil {
		return positionResponse{}, err
	}
	return newPositionResponse(desc.Name, st, last), nil
}

// buildPosition builds the position of setup, and for a move list the
// cell its last move took. Games refuse to build a finished position, so a
// move list is played here from the start position, as the games play it:
// each move parsed in the position before it, none after the end; the
// last may end the game.
func buildPosition(game engine.Game, setup engine.Setup) (engine.State, *moveJSON, error) {
	if !setup.FromMoves {
		st, err := game.NewState(setup)
		return st, nil, err
	}
	moves := setup.Moves
	setup.Moves = []string{}
	st, err := game.NewState(setup)
	if err != nil {
		return nil, nil, err
	}
	var last *moveJSON
	for i, notation := range moves {
		field := "moves[" + itoa(i) + "]"
		if st.Outcome() != engine.OutcomeUnknown {
			return nil, nil, engine.Invalid(field, notation, "the game is already over after %d moves", i)
		}
		m, err := st.ParseMove(notation)
		if err != nil {
			return nil, nil, engine.Invalid(field, notation, "%v", err)
		}
		row, col := st.Cell(m)
		last = &moveJSON{Notation: st.FormatMove(m), Row: row, Col: col}
		st.Play(m)
	}
	return st, last, nil
}

// newPositionResponse describes st: its board, side to move, result and
// legal moves, the moves in board order (by row, then column).
func newPositionResponse(game string, st engine.State, last *moveJSON) positionResponse {
	out := positionResponse{Game: game, Board: st.Board(), Ply: st.Ply(), ToMove: st.ToMove().String(),
		LastMove: last, LegalMoves: []moveJSON{}}
	switch st.Outcome() {
	case engine.OutcomeUnknown:
		for _, m := range st.LegalMoves(make([]engine.Move, 0, st.MaxMoves())) {
			row, col := st.Cell(m)
			out.LegalMoves = append(out.LegalMoves, moveJSON{Notation: st.FormatMove(m), Row: row, Col: col})
		}
		slices.SortFunc(out.LegalMoves, func(a, b moveJSON) int {
			return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
		})
	case engine.OutcomeLoss:
		out.Over, out.Winner = true, st.ToMove().Other().String()
	case engine.OutcomeWin:
		out.Over, out.Winner = true, st.ToMove().String()
	default:
		out.Over = true
	}
	return out
}
