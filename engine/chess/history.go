package chess

// History is the move-ordering memory of searches: butterfly[c][from][to]
// scores c's quiet moves by the cutoffs they made; cont[piece][to] is the
// continuation history row of a move of piece to to, scoring the replies
// one or two plies later by piece and square; counters[piece][to] is the
// reply that refuted that move. A caller that plays a game (the UCI front
// end) keeps one between the searches of the game, as it keeps the table,
// so that a search starts with what the one before learnt; the service's
// searches, which must depend only on their request, pass none. The zero
// History is empty and ready to use. It is not safe for concurrent
// searches.
type History struct {
	butterfly [2][64][64]int16
	cont      [16][64][16][64]int16
	counters  [16][64]Move
}

// NewHistory returns an empty History (2.1 MB).
func NewHistory() *History { return new(History) }

// Clear empties h, as for a new game.
func (h *History) Clear() { *h = History{} }

// loadHistory starts s's histories from h, or empty ones when h is nil.
func (s *searcher) loadHistory(h *History) {
	if h == nil {
		s.hist.Clear()
		return
	}
	s.hist = *h
}
