package kalah

import "movesvc/engine"

// principalVariation returns the line from root (value v for its side to
// move when exact) that starts with first. With an exact value it follows,
// at each move, the first move in search order whose value is proved equal
// to the position's (each check a null-window search, mostly answered by
// the table; the line ends where one would take more than pvNodes nodes);
// otherwise it follows the table's best moves. It ends at the end of the
// game or after maxPV moves; over reports that it reaches the end.
func (s *solver) principalVariation(root *board, first engine.Move, v int, exact bool) (pv []engine.Move, over bool) {
	limit, armed, stopped := s.limit, s.armed, s.stopped
	defer func() { s.limit, s.armed, s.stopped = limit, armed, stopped }()
	b, pit := *root, int(first)
	for {
		pv = append(pv, engine.Move(pit))
		net, extra, end := s.v.sow(&b, pit)
		if end {
			return pv, true
		}
		v -= net
		if !extra {
			s.v.flip(&b)
			v = -v
		}
		if len(pv) == maxPV {
			return pv, false
		}
		s.armed, s.stopped, s.limit = true, false, s.nodes+pvNodes
		if pit = s.nextOnLine(&b, v, exact); pit == noMove {
			return pv, false
		}
	}
}

// nextOnLine returns the move of b (not over) that the line follows: with
// an exact value v, the first in search order proved to keep it; else the
// table's move. noMove when there is none or the proof ran out of nodes.
func (s *solver) nextOnLine(b *board, v int, exact bool) int {
	lo, hi := b.key()
	e := s.tt.probe(lo, hi)
	if exact {
		return s.keeping(b, s.v.seeds(b), e.move, v)
	}
	if e.found && e.move != noMove && b[e.move] > 0 {
		return e.move
	}
	return noMove
}
