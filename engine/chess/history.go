package chess

// History is the move-ordering memory of searches: the butterfly history
// of quiet moves by side and squares, the continuation history by the
// piece and square of a move and of its reply, and the counter move of
// each piece and square. A caller that plays a game (the UCI front end)
// keeps one between the searches of the game, as it keeps the table, so
// that a search starts with what the one before learnt; the service's
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
		s.history = [2][64][64]int16{}
		clear(s.cont[:])
		s.counters = [16][64]Move{}
		return
	}
	s.history = h.butterfly
	s.cont = h.cont
	s.counters = h.counters
}

// saveHistory writes s's histories back to h.
func (s *searcher) saveHistory(h *History) {
	h.butterfly = s.history
	h.cont = s.cont
	h.counters = s.counters
}
