package main

import (
	"fmt"
	"strings"
	"time"

	"movesvc/engine"
	"movesvc/engine/chess"
)

// Adjudication: a game is scored before its end when both engines agree a
// side is winning by winScore centipawns or more over winPlies plies in a
// row (each reporting from its own side), or, from drawFromPly on, that it
// is level within drawScore over drawPlies plies in a row; one that reaches
// maxPlies plies is a draw.
const (
	winScore    = 1000
	winPlies    = 6
	drawScore   = 10
	drawPlies   = 12
	drawFromPly = 80
	maxPlies    = 400
)

// opening is where a game starts: a FEN and moves from it.
type opening struct {
	fen   string
	moves []string
}

// game is one played game.
type game struct {
	round    int
	opening  opening
	aWhite   bool
	names    [2]string // white's and black's
	result   string    // "1-0", "0-1" or "1/2-1/2"
	reason   string
	san      []string // the moves after the opening
	comments []string // each move's comment: the mover's score, depth and time
	openSAN  []string // the opening's moves
	longest  [2]time.Duration
	illegal  int // illegal moves or forfeits by a malformed answer
	timeouts int
	err      error // a match-ending failure (an engine that cannot start)
}

// aScore returns a's points: 1, 0.5 or 0.
func (g *game) aScore() float64 {
	switch {
	case g.result == "1/2-1/2":
		return 0.5
	case (g.result == "1-0") == g.aWhite:
		return 1
	}
	return 0
}

// playGame plays one game of the players (a and b) from op, a white when
// aWhite, each engine a fresh process.
func playGame(players [2]player, op opening, aWhite bool, variant chess.Variant, round int) *game {
	g := &game{round: round, opening: op, aWhite: aWhite}
	order := [2]int{1, 0} // the player index of white and black
	if aWhite {
		order = [2]int{0, 1}
	}
	var procs [2]*engineProc
	for side, pi := range order {
		opts := players[pi].options
		if variant == chess.Chess960 {
			opts = append(append([][2]string(nil), opts...), [2]string{"UCI_Chess960", "true"})
		}
		e, err := startEngine(players[pi].argv, opts)
		if err != nil {
			g.err = err
			for _, p := range procs {
				if p != nil {
					p.close()
				}
			}
			return g
		}
		defer e.close()
		e.send("ucinewgame")
		procs[side] = e
		g.names[side] = players[pi].label(e.name)
	}
	pos, err := chess.NewGame(op.fen, op.moves, variant)
	if err != nil {
		g.err = fmt.Errorf("opening %q: %v", op, err)
		return g
	}
	g.openSAN = openingSAN(op, variant)
	g.play(pos, players, order, procs)
	return g
}

// openingSAN returns the opening's moves in SAN.
func openingSAN(op opening, variant chess.Variant) []string {
	p, _ := chess.NewGame(op.fen, nil, variant)
	var out []string
	var u chess.Undo
	for _, s := range op.moves {
		m, _ := p.ParseMove(s)
		out = append(out, p.SAN(m))
		p.Make(m, &u)
	}
	return out
}

// play plays the game from pos to its end or adjudication.
func (g *game) play(pos *chess.Position, players [2]player, order [2]int, procs [2]*engineProc) {
	played := append([]string(nil), g.opening.moves...)
	var clocks [2]time.Duration
	for side := range clocks {
		clocks[side] = players[order[side]].base
	}
	var whiteScores []int // each ply's score from white's view; hasScore false counts as 0
	var u chess.Undo
	for ply := 0; ; ply++ {
		if o, r := pos.Status(); o != engine.OutcomeUnknown {
			g.finish(pos, o, r.String())
			return
		}
		if ply >= maxPlies {
			g.result, g.reason = "1/2-1/2", "adjudication: move limit"
			return
		}
		side := int(pos.SideToMove())
		pl := players[order[side]]
		goCmd, wait := pl.goCommand(clocks, side == 0)
		position := "position fen " + g.opening.fen + " moves " + strings.Join(played, " ")
		if len(played) == 0 {
			position = "position fen " + g.opening.fen
		}
		a, err := procs[side].think(position, goCmd, wait)
		if err != nil {
			g.timeouts++
			g.lose(side, fmt.Sprintf("forfeit: %s did not answer (%v)", g.names[side], err))
			return
		}
		g.longest[order[side]] = max(g.longest[order[side]], a.elapsed)
		if pl.base > 0 {
			clocks[side] += pl.inc - a.elapsed
			if clocks[side] < 0 {
				g.timeouts++
				g.lose(side, "forfeit: "+g.names[side]+" lost on time")
				return
			}
		}
		m, err := parseUCIMove(pos, a.move)
		if err != nil {
			g.illegal++
			g.lose(side, fmt.Sprintf("forfeit: %s played %q: %v", g.names[side], a.move, err))
			return
		}
		g.san = append(g.san, pos.SAN(m))
		g.comments = append(g.comments, moveComment(a))
		played = append(played, a.move)
		pos.Make(m, &u)
		ws := a.score
		if side == 1 {
			ws = -ws
		}
		whiteScores = append(whiteScores, ws)
		if r, why := adjudicate(whiteScores, len(played)); r != "" {
			g.result, g.reason = r, why
			return
		}
	}
}

// moveComment returns a move's PGN comment as cutechess-cli writes it:
// the mover's score in pawns (or +M3/-M2 for a mate) over the depth, and
// the time taken.
func moveComment(a answer) string {
	if !a.hasScore {
		return fmt.Sprintf("%.3fs", a.elapsed.Seconds())
	}
	score := fmt.Sprintf("%+.2f", float64(a.score)/100)
	switch {
	case a.score >= mateScore-1000:
		score = fmt.Sprintf("+M%d", mateScore-a.score)
	case a.score <= -mateScore+1000:
		score = fmt.Sprintf("-M%d", mateScore+a.score)
	}
	return fmt.Sprintf("%s/%d %.3fs", score, a.depth, a.elapsed.Seconds())
}

// parseUCIMove returns the legal move s names in UCI notation (SAN is not
// accepted from an engine).
func parseUCIMove(pos *chess.Position, s string) (chess.Move, error) {
	if len(s) != 4 && len(s) != 5 || strings.ContainsAny(s[:1], "NBRQKO") {
		return chess.NoMove, fmt.Errorf("not a UCI move")
	}
	return pos.ParseMove(s)
}

// finish records the end of the game by the rules at pos.
func (g *game) finish(pos *chess.Position, o engine.Outcome, reason string) {
	g.reason = reason
	switch {
	case o == engine.OutcomeDraw:
		g.result = "1/2-1/2"
	case pos.SideToMove() == chess.White:
		g.result = "0-1"
	default:
		g.result = "1-0"
	}
}

// lose records a loss of side (0 white) for reason.
func (g *game) lose(side int, reason string) {
	g.reason = reason
	g.result = "0-1"
	if side == 1 {
		g.result = "1-0"
	}
}

// adjudicate returns a result and its reason when the scores (white's
// view, one per ply) settle the game, or "".
func adjudicate(scores []int, plies int) (string, string) {
	n := len(scores)
	if n >= winPlies {
		win, loss := true, true
		for _, s := range scores[n-winPlies:] {
			win = win && s >= winScore
			loss = loss && s <= -winScore
		}
		switch {
		case win:
			return "1-0", "adjudication: both engines see white winning"
		case loss:
			return "0-1", "adjudication: both engines see black winning"
		}
	}
	if plies >= drawFromPly && n >= drawPlies {
		for _, s := range scores[n-drawPlies:] {
			if s > drawScore || s < -drawScore {
				return "", ""
			}
		}
		return "1/2-1/2", "adjudication: both engines see a level game"
	}
	return "", ""
}
