package chess

import "math"

// WDL estimates the side to move's chances of a win, a draw and a loss,
// per mille, from a search score (centipawns, or mate in moves) and the
// game's ply: a logistic model of the win chance of each side, whose rest
// is the draw (as the win-rate models of Leela and Stockfish,
// https://github.com/official-stockfish/WDL_model). The curve's midpoint
// and slope are wdlMidpoint and wdlSlope, fitted on the engine's games
// (docs/chess.md).
func WDL(score, mate, ply int) [3]int {
	switch {
	case mate > 0:
		return [3]int{1000, 0, 0}
	case mate < 0:
		return [3]int{0, 0, 1000}
	}
	win := winRate(float64(score), ply)
	loss := winRate(float64(-score), ply)
	w, l := int(math.Round(1000*win)), int(math.Round(1000*loss))
	return [3]int{w, 1000 - w - l, l}
}

// winRate returns the chance that the side with score wins at ply.
func winRate(score float64, ply int) float64 {
	m := math.Min(float64(ply)/2+1, 120) / 32
	mid := wdlMidpoint[0]*m + wdlMidpoint[1]
	slope := wdlSlope[0]*m + wdlSlope[1]
	return 1 / (1 + math.Exp((mid-score)/slope))
}
