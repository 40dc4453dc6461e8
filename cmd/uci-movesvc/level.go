package main

import (
	"context"
	"strconv"
	"strings"
	"time"

	"movesvc/engine"
	"movesvc/engine/chess"
	"movesvc/engine/strength"
)

// levelSearch plays the session's position at a weaker level exactly as
// the service does for a request with that level and seed: the chess
// game's state from the position's FEN and moves (so repetitions count),
// searched by strength.Search, which scores the moves at the level's depth
// and node limit and draws among the near-best. depth, when above zero,
// lowers the level's depth as a request's depth does; ctx is the move's
// deadline. It returns the move and the one info line that describes it.
func (s *session) levelSearch(ctx context.Context, pos *chess.Position, depth int) (chess.Move, string) {
	variant := "standard"
	if s.opts.chess960 {
		variant = "chess960"
	}
	st, err := chess.Game{}.NewState(engine.Setup{Position: s.fen, PositionField: "fen", Moves: s.moves,
		Options: map[string]any{"variant": variant}})
	if err != nil {
		return chess.NoMove, "info string level: " + err.Error()
	}
	res := strength.Search(ctx, st, strength.Params{Limits: engine.Limits{Depth: depth}, Level: s.opts.level, Seed: s.opts.seed})
	return chess.Move(res.Move), levelInfo(pos, res)
}

// levelInfo formats a level's result as an info line: its depth, score,
// nodes, time and line.
func levelInfo(pos *chess.Position, res engine.Result) string {
	var b strings.Builder
	b.WriteString("info depth " + strconv.Itoa(res.Depth))
	if res.Mate != 0 {
		b.WriteString(" score mate " + strconv.Itoa(res.Mate))
	} else {
		b.WriteString(" score cp " + strconv.Itoa(res.Score))
	}
	b.WriteString(" nodes " + strconv.FormatUint(res.Nodes, 10) + " time " +
		strconv.FormatInt(res.Elapsed.Round(time.Millisecond).Milliseconds(), 10) + " pv")
	writePV(&b, pos, res.PV)
	return b.String()
}
