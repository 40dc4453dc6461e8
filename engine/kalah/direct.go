package kalah

import "movesvc/engine"

// fromDatabase answers a board the database holds: the value, and the
// first move in search order that achieves it.
func (s *solver) fromDatabase(root *board, n int) Result {
	v := s.db.value(root, n)
	res := Result{Score: v, Lower: v, Upper: v, Complete: true, Source: "database"}
	res.Move = engine.Move(s.keeping(root, n, noMove, v)) // the database proves every move's value
	res.PV, res.pvEnds = s.principalVariation(root, res.Move, v, true)
	return res
}

// fromBook answers a board whose exact value the book holds: the value,
// and the book's move if it is proved to keep it, else the first move that
// is. The proof may be stopped by bookCheckNodes (a proof of a move of a
// board near the start can take more nodes than any deadline allows),
// the deadline or the node limit: the answer is then the book's move
// unchecked, when it is legal.
func (s *solver) fromBook(root *board, n int) (Result, bool) {
	if s.book == nil || n < s.book.minSeeds {
		return Result{}, false
	}
	lo, hi := root.key()
	e, ok := s.book.lookup(lo, hi)
	if !ok || e.lo != e.hi {
		return Result{}, false
	}
	v := e.lo
	res := Result{Score: v, Lower: v, Upper: v, Complete: true, Source: "book"}
	s.armed = true
	limit := s.limit
	s.limit = s.nodes + bookCheckNodes
	if limit != 0 {
		s.limit = min(s.limit, limit)
	}
	move := s.keeping(root, n, e.move, v) // the book's move, checked within bookCheckNodes
	stopped := s.stopped
	s.armed, s.stopped, s.limit = false, false, limit
	if move == noMove {
		if !stopped || e.move < 0 || e.move >= s.v.m || root[e.move] == 0 {
			return Result{}, false
		}
		move = e.move
	}
	res.Move = engine.Move(move)
	res.PV, res.pvEnds = s.principalVariation(root, res.Move, v, true)
	return res, true
}

// keeping returns the first move of b (n seeds, value v) in search order,
// hint first, that is proved to keep the value, or noMove when the proof
// is stopped.
func (s *solver) keeping(b *board, n, hint, v int) int {
	var kids [MaxPits]child
	count := s.expand(b, n, hint, &kids)
	for k := range count {
		got, proven := s.searchChild(&kids[k], v-1, v+1, maxDepth)
		if s.stopped {
			return noMove
		}
		if proven && got == v {
			return kids[k].pit
		}
	}
	return noMove
}
