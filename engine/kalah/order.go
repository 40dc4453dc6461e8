package kalah

// noMove marks the absence of a move in a pit-index field.
const noMove = -1

// moveList is the moves of one node in the order to search them.
type moveList struct {
	pits  [MaxPits]int8
	score [MaxPits]int16
	n     int
}

// add inserts pit i with the ordering score, keeping the list sorted by
// decreasing score; among equal scores the earlier added stays first.
func (l *moveList) add(i, score int) {
	k := l.n
	for ; k > 0 && int(l.score[k-1]) < score; k-- {
		l.pits[k], l.score[k] = l.pits[k-1], l.score[k-1]
	}
	l.pits[k], l.score[k] = int8(i), int16(score)
	l.n++
}

// orderMoves fills list with the legal moves of b in search order: first
// the table's move (hint, or noMove); then the moves whose last seed falls
// into the store, the pit nearest the store first (playing it leaves the
// others' counts as they were, so a chain of extra moves stays intact);
// then the captures, the largest first; then the rest from the pit nearest
// the store to the farthest.
func (v *variant) orderMoves(b *board, hint int, list *moveList) {
	list.n = 0
	m := v.m
	ring := 2*m + 1
	for i := m - 1; i >= 0; i-- {
		s := int(b[i])
		if s == 0 {
			continue
		}
		score := i // nearest the store first
		switch last := (i + s) % ring; {
		case i == hint:
			score = orderHint
		case last == m:
			score = orderExtra + i
		case s < ring && last < m && b[last] == 0:
			opp := int(b[2*m-1-last])
			if last < i {
				opp++ // the sowing went round and passed the opposite pit
			}
			if opp > 0 || v.emptyCapture {
				score = orderCapture + opp
			}
		}
		list.add(i, score)
	}
}
