package kalah

import "math/bits"

// solver searches boards of one variant. It owns no memory of its own
// beyond its fields: the table and the databases are the caller's. A
// solver is used by one goroutine.
type solver struct {
	v     variant
	db    *Database // nil: none
	dbMax int       // the most seeds db holds; -1 without one
	book  *Book     // nil: none
	tt    *Table
	// nodes counts the boards searched; the search stops (stopped) at
	// limit nodes (0: none) or when done closes, but only once armed.
	nodes   uint64
	limit   uint64
	done    <-chan struct{}
	armed   bool
	stopped bool
}

// child is a move of a node and the board it leads to, from the view of
// whoever moves there.
type child struct {
	b     board
	pit   int
	net   int // seeds the move gains, net of the opponent's
	n     int // seeds left on the board
	extra bool
	over  bool
}

// poll looks at the node limit and the deadline every pollInterval nodes.
func (s *solver) poll() {
	if !s.armed {
		return
	}
	if s.limit != 0 && s.nodes >= s.limit {
		s.stopped = true
	}
	if s.deadlinePassed() {
		s.stopped = true
	}
}

// deadlinePassed reports whether done has closed.
func (s *solver) deadlinePassed() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// search returns the value of b (n seeds on it, not over) for its side to
// move within the window (alpha, beta), fail-soft: a result <= alpha is an
// upper bound on the value, >= beta a lower bound, anything between is
// exact. depth is the turns left to the horizon, where a depth-limited
// search scores the board by the heuristic (an extra move costs no depth).
// proven reports that the result is a proof rather than a heuristic
// estimate; pit is the move that gave the result (noMove when none did).
// After a stop the result is meaningless and the caller discards it.
//
// Its steps: the node count and the deadline; the endgame database; the
// window clamped to the values still possible (|value| <= n, which
// Irving et al. call futility pruning); the table; the horizon; the opening
// book; the children in order (expand); the enhanced transposition cutoff
// (childCutoff) where the subtree can be large; the children searched
// (searchChild); the result stored.
func (s *solver) search(b *board, n, alpha, beta, depth int) (value int, proven bool, pit int) {
	s.nodes++
	if s.nodes&(pollInterval-1) == 0 {
		s.poll()
	}
	if s.stopped {
		return 0, false, noMove
	}
	if n <= s.dbMax {
		return s.db.value(b, n), true, noMove
	}
	if alpha >= n {
		return n, true, noMove
	}
	if beta <= -n {
		return -n, true, noMove
	}
	if n <= s.dbMax+ttMinGap {
		return s.searchSmall(b, n, alpha, beta, depth)
	}
	key, hiKey := b.key()
	e := s.tt.probe(key, hiKey)
	if v, cut := e.cutoff(alpha, beta, depth); cut {
		return v, e.proven(), e.move
	}
	if s.book != nil && n >= s.book.minSeeds {
		if be, ok := s.book.lookup(key, hiKey); ok {
			if v, cut := be.cutoff(alpha, beta, depth); cut {
				return v, true, be.move
			}
			if e.move == noMove {
				e.move = be.move
			}
		}
	}
	if depth <= 0 {
		return s.horizon(b), false, noMove
	}
	var kids [MaxPits]child
	count := s.expand(b, n, e.move, &kids)
	if n >= etcMinSeeds {
		if v, p, pit, cut := s.childCutoff(kids[:count], beta, depth); cut {
			return v, p, pit
		}
	}
	start := s.nodes
	best, allProven, bestPit := s.searchChildren(kids[:count], alpha, beta, depth)
	if s.stopped {
		return 0, false, noMove
	}
	lo, hi := -n, n
	switch {
	case best >= beta:
		lo = best
	case best <= alpha:
		hi = best
	default:
		lo, hi = best, best
	}
	d := min(depth, maxDepth)
	if allProven {
		d = provenDepth
	}
	s.tt.store(key, hiKey, lo, hi, d, bestPit, bits.Len64(s.nodes-start))
	return best, allProven, bestPit
}

// searchSmall is search without the table, the book and the enhanced
// transposition cutoff, for boards a few seeds above the databases, whose
// subtrees cost less to search again than a table probe's cache miss.
func (s *solver) searchSmall(b *board, n, alpha, beta, depth int) (value int, proven bool, pit int) {
	if depth <= 0 {
		return s.horizon(b), false, noMove
	}
	var kids [MaxPits]child
	count := s.expand(b, n, noMove, &kids)
	return s.searchChildren(kids[:count], alpha, beta, depth)
}

// searchChildren searches the moves kids of a node in order with the
// window (alpha, beta), fail-soft, and returns the best value, whether it
// is proved (by the move that cut off, or by every move when none did)
// and the move that gave it.
func (s *solver) searchChildren(kids []child, alpha, beta, depth int) (best int, proven bool, pit int) {
	best, pit, proven = -maxBoard-1, noMove, true
	for k := range kids {
		c := &kids[k]
		v, p := s.searchChild(c, alpha, beta, depth)
		if s.stopped {
			return 0, false, noMove
		}
		if v > best {
			best, pit = v, c.pit
		}
		if v >= beta {
			return best, p, pit
		}
		proven = proven && p
		alpha = max(alpha, v)
	}
	return best, proven, pit
}

// searchChild returns the value for the mover of playing c, within the
// window (alpha, beta) of the node, and whether it is proved.
func (s *solver) searchChild(c *child, alpha, beta, depth int) (int, bool) {
	switch {
	case c.over:
		return c.net, true
	case c.extra:
		v, p, _ := s.search(&c.b, c.n, alpha-c.net, beta-c.net, depth)
		return c.net + v, p
	default:
		v, p, _ := s.search(&c.b, c.n, c.net-beta, c.net-alpha, depth-1)
		return c.net - v, p
	}
}

// expand fills kids with the moves of b (n seeds) in search order
// (moveScore), the table's move (hint) first, and returns how many there
// are.
func (s *solver) expand(b *board, n, hint int, kids *[MaxPits]child) int {
	var scores [MaxPits]int
	count := 0
	for i := s.v.m - 1; i >= 0; i-- {
		if b[i] == 0 {
			continue
		}
		c := child{b: *b, pit: i}
		c.net, c.extra, c.over = s.v.sow(&c.b, i)
		c.n = n - c.net
		if c.over {
			c.n = 0
		} else if !c.extra {
			s.v.flip(&c.b)
		}
		score := moveScore(&c, hint)
		k := count
		for ; k > 0 && scores[k-1] < score; k-- {
			kids[k], scores[k] = kids[k-1], scores[k-1]
		}
		kids[k], scores[k] = c, score
		count++
	}
	return count
}

// childCutoff is the enhanced transposition cutoff: it looks up every
// child in the table, the databases and the game's end, and reports a
// cutoff when one of them already proves a value >= beta for the node.
func (s *solver) childCutoff(kids []child, beta, depth int) (value int, proven bool, pit int, cut bool) {
	for k := range kids {
		c := &kids[k]
		lower, ok, p := c.net, true, true
		switch {
		case c.over:
		case c.n <= s.dbMax:
			v := s.db.value(&c.b, c.n)
			if !c.extra {
				v = -v
			}
			lower += v
		default:
			d := depth
			if !c.extra {
				d--
			}
			lo, hi := c.b.key()
			e := s.tt.probe(lo, hi)
			ok, p = e.usable(d), e.proven()
			if c.extra {
				lower += e.lo
			} else {
				lower -= e.hi
			}
		}
		if ok && lower >= beta {
			return lower, p, c.pit, true
		}
	}
	return 0, false, noMove, false
}

// horizon returns the heuristic value of b at a depth-limited search's
// horizon: the seeds on each side counted towards their owner by
// sideWeightPercent.
func (s *solver) horizon(b *board) int {
	mine, theirs := s.v.sides(b)
	return (mine - theirs) * sideWeightPercent / 100
}
