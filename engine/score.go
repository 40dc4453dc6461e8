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

// ScoreToTable converts a score at ply from the root into one relative to
// the node, as a transposition table stores it: a win or a loss counts its
// distance from the node, so that the entry holds wherever the node is
// reached. ScoreFromTable undoes it.
func ScoreToTable(s int32, ply int) int32 {
	switch {
	case s >= WinThreshold:
		return s + int32(ply)
	case s <= -WinThreshold:
		return s - int32(ply)
	}
	return s
}

// ScoreFromTable converts a node-relative score from a transposition table
// back into one relative to the root at ply.
func ScoreFromTable(s int32, ply int) int32 {
	switch {
	case s >= WinThreshold:
		return s - int32(ply)
	case s <= -WinThreshold:
		return s + int32(ply)
	}
	return s
}

// ExtendPV makes m followed by child the principal variation at ply of a
// triangular PV table: row is ply's line, written from row[ply], and child
// the line found from ply+1 (nil at the last ply). It returns the end of
// the new line in row, ply+1+len(child), or less when row is shorter.
func ExtendPV[M ~int16 | ~int32](row []M, ply int, m M, child []M) int {
	row[ply] = m
	return ply + 1 + copy(row[ply+1:], child)
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
