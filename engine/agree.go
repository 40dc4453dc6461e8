package engine

import "slices"

// AgreeWithAnalysis makes a search's answer res and an analysis an of the
// same position (best first, as Analyze returns it) tell one story, for an
// answer that carries both. The two are separate searches, and a heuristic
// one (chess's MultiPV search beside its single-line search) may rank the
// moves differently at the same depth. When an scored res.Move strictly
// below its best entry, and that entry is at least as deep as res (an
// entry's depth is a completed search's, also when a deadline stopped the
// analysis), the answer becomes that entry: its move, score, outcome,
// plies to the end, line, estimate and depth (res keeps its nodes, time
// and flags).
// When res.Move ties the best entry, it is moved first among its equals
// instead, so that an's first entry is the answer's move. Otherwise
// (res.Move already first or not in an, an shallower, or res proved
// exactly where the best entry is not) res and an are left as they are.
// an is reordered in place.
func AgreeWithAnalysis(res Result, an []MoveScore) Result {
	i := slices.IndexFunc(an, func(e MoveScore) bool { return e.Move == res.Move })
	if i <= 0 {
		return res
	}
	best := an[0]
	if ranksEqual(an[i], best) {
		e := an[i]
		copy(an[1:i+1], an[:i])
		an[0] = e
		return res
	}
	if best.Depth < res.Depth || res.Outcome != OutcomeUnknown && res.PliesToEnd > 0 && !proved(best) {
		return res
	}
	res.Move, res.Score, res.Outcome, res.PliesToEnd = best.Move, best.Score, best.Outcome, best.PliesToEnd
	res.PV, res.Estimate, res.Depth = best.PV, best.Estimate, best.Depth
	return res
}

// ranksEqual reports whether SortMoveScores ranks a and b the same.
func ranksEqual(a, b MoveScore) bool {
	return outcomeRank(a.Outcome) == outcomeRank(b.Outcome) && a.Score == b.Score
}
