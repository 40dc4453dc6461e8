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
	Game     string                    `json:"game"`
	Board    *[]string                 `json:"board"`
	Position *string                   `json:"position"`
	FEN      *string                   `json:"fen"`
	Moves    *[]string                 `json:"moves"`
	Dice     *[]int                    `json:"dice"`
	Options  map[string]jsontext.Value `json:",embed"` // game options (optionHolder)
}

// gameOptions implements optionHolder.
func (req *positionRequest) gameOptions() map[string]jsontext.Value { return req.Options }

// positionResponse is the body of a 200 answer to POST /position.
type positionResponse struct {
	Game string `json:"game"`
	// Board is the position as rows of text (engine.Boarder), Position
	// in the game's notation (engine.Positioner), View what a client draws
	// beyond rows (engine.Viewer); each where the game has it.
	Board    []string `json:"board,omitempty"`
	Position string   `json:"position,omitempty"`
	View     any      `json:"view,omitempty"`
	Ply      int      `json:"ply"`
	ToMove   string   `json:"to_move"`
	// Chance is true when the side to move has yet to roll: the legal
	// moves are the rolls (engine.Chancer).
	Chance bool `json:"chance,omitempty"`
	Over   bool `json:"over"`
	// Winner names the side that won once a side has won; a game over
	// without a winner is a draw. Reason says why the game ended, where
	// the game names it (engine.Ender).
	Winner string `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`
	// LastMove is the last move of a move list, where it put its stone.
	LastMove   *moveJSON  `json:"last_move,omitempty"`
	LegalMoves []moveJSON `json:"legal_moves"`
	// Forbidden are the empty cells the rule forbids to the side to move
	// (engine.Forbidder: renju's black), where it forbids any.
	Forbidden []moveJSON `json:"forbidden,omitempty"`
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
	req := moveRequest{Game: body.Game, Board: body.Board, Position: body.Position, FEN: body.FEN, Moves: body.Moves, Dice: body.Dice}
	if err := s.validate.Struct(&req); err != nil {
		return positionResponse{}, validationProblem(err)
	}
	game, ok := s.games.Lookup(req.Game)
	if !ok {
		return positionResponse{}, unknownGame(req.Game, s.games.Names())
	}
	desc := game.Describe()
	if err := req.positionFields(desc); err != nil {
		return positionResponse{}, err
	}
	options, err := gameOptions(desc, body.Options)
	if err != nil {
		return positionResponse{}, err
	}
	st, last, err := buildPosition(game, req.setup(options))
	if err != nil {
		return positionResponse{}, err
	}
	return newPositionResponse(desc, st, last), nil
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
	moves, dice := setup.Moves, setup.Dice
	setup.Moves, setup.Dice = []string{}, nil
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
		mv := moveOf(st, m)
		last = &mv
		st.Play(m)
	}
	if dice != nil {
		// The roll to play after the moves, as the game reads it.
		setup.Moves, setup.Dice = moves, dice
		if st, err = game.NewState(setup); err != nil {
			return nil, nil, err
		}
	}
	return st, last, nil
}

// newPositionResponse describes st, a position of the game desc
// describes: its board (and notation and view, where the game has them),
// side to move, result and legal moves; the moves of a placement game in
// board order (by row, then column), the others' in the game's order.
func newPositionResponse(desc engine.Description, st engine.State, last *moveJSON) positionResponse {
	out := positionResponse{Game: desc.Name, Ply: st.Ply(), ToMove: sideName(desc, st.ToMove()),
		LastMove: last, LegalMoves: []moveJSON{}}
	if b, ok := st.(engine.Boarder); ok {
		out.Board = b.Board()
	}
	if p, ok := st.(engine.Positioner); ok {
		out.Position = p.Position()
	}
	if v, ok := st.(engine.Viewer); ok {
		out.View = v.View()
	}
	if c, ok := st.(engine.Chancer); ok {
		out.Chance = c.IsChance()
	}
	switch st.Outcome() {
	case engine.OutcomeUnknown:
		for _, m := range st.LegalMoves(make([]engine.Move, 0, st.MaxMoves())) {
			out.LegalMoves = append(out.LegalMoves, moveOf(st, m))
		}
		if f, ok := st.(engine.Forbidder); ok {
			for _, m := range f.Forbidden() {
				out.Forbidden = append(out.Forbidden, moveOf(st, m))
			}
		}
		if _, ok := st.(engine.Celler); ok {
			byCell := func(a, b moveJSON) int { return cmp.Or(cmp.Compare(*a.Row, *b.Row), cmp.Compare(*a.Col, *b.Col)) }
			slices.SortFunc(out.LegalMoves, byCell)
			slices.SortFunc(out.Forbidden, byCell)
		}
		return out
	case engine.OutcomeLoss:
		out.Over, out.Winner = true, sideName(desc, st.ToMove().Other())
	case engine.OutcomeWin:
		out.Over, out.Winner = true, sideName(desc, st.ToMove())
	default:
		out.Over = true
	}
	if e, ok := st.(engine.Ender); ok {
		out.Reason = e.EndReason()
	}
	return out
}
