package engine

// Internal search scores. A win for the side to move at ply p from the root
// scores WinScore-p; a loss, -(WinScore-p). Heuristic evaluations lie within
// ±MaxEval, far below the win range, so any score beyond ±WinThreshold is a
// proved result.
const (
	WinScore     int32 = 1 << 24
	MaxPly             = 1024
	WinThreshold int32 = WinScore - MaxPly
	MaxEval      int32 = WinScore / 4
	infinity     int32 = WinScore + 1
)

// IsWinScore reports whether s proves a win or a loss.
func IsWinScore(s int32) bool { return s >= WinThreshold || s <= -WinThreshold }

// PliesToEnd returns the number of plies to the end of the game encoded in a
// win or loss score taken at the root.
func PliesToEnd(s int32) int {
	if s < 0 {
		s = -s
	}
	return int(WinScore - s)
}

// toTT converts a score at ply from the root into one relative to the node,
// as stored in the transposition table.
func toTT(s int32, ply int) int32 {
	switch {
	case s >= WinThreshold:
		return s + int32(ply)
	case s <= -WinThreshold:
		return s - int32(ply)
	}
	return s
}

// fromTT converts a node-relative score from the table back into one
// relative to the root at ply.
func fromTT(s int32, ply int) int32 {
	switch {
	case s >= WinThreshold:
		return s - int32(ply)
	case s <= -WinThreshold:
		return s + int32(ply)
	}
	return s
}

// terminalScore is the score of a finished game at ply from the side to move's
// point of view.
func terminalScore(o Outcome, ply int) int32 {
	switch o {
	case OutcomeWin:
		return WinScore - int32(ply)
	case OutcomeLoss:
		return -(WinScore - int32(ply))
	}
	return 0
}
