package connect4

import (
	"sync/atomic"

	"movesvc/engine"
)

// columnOrder lists the columns centre first: the order of moves among
// equals.
var columnOrder = [Width]int{3, 2, 4, 1, 5, 0, 6}

// pollInterval is how many nodes pass between two looks at the deadline;
// a power of two.
const pollInterval = 1 << 12

// etcMaxStones and etcMinPlies limit enhanced transposition cutoffs
// (childCutoff) to the nodes whose subtrees can be large: at most
// etcMaxStones stones, and a window whose scores are decided no sooner
// than etcMinPlies plies ahead (windowPlies). Elsewhere the subtree is
// small and the probes of every child, cache misses mostly, cost more than
// the subtrees they save.
const (
	etcMaxStones = 30
	etcMinPlies  = 12
)

// Solver computes exact scores. It owns a transposition table that
// survives between solves until Reset, and counts the nodes it visits. A
// Solver is used by one goroutine at a time; with SetThreads its helpers
// run on goroutines of their own during a solve, and are idle between.
type Solver struct {
	table *Table
	book  *Book
	// clock counts the nodes and stops a solve at its deadline or node
	// limit (engine.Clock, armed from the first node: a solve has no
	// first iteration to complete).
	clock engine.Clock
	// order is the column order among moves of equal score: centre first,
	// each helper with its own tie-break so that the threads spread out.
	order [Width]int
	// helpers search the same null windows on other goroutines, sharing
	// the table (lazy SMP, smp.go); finished is set by the first thread to
	// finish a window, and makes the others stop.
	helpers  []*Solver
	finished *atomic.Bool
	results  chan int
}

// NewSolver returns a solver with a table of 1<<tableBits entries (see
// NewTable) that consults book, which may be nil.
func NewSolver(tableBits int, book *Book) *Solver {
	s := &Solver{table: NewTable(tableBits), book: book, order: columnOrder}
	s.clock.Start(nil, 0, pollInterval)
	s.clock.Arm(true)
	return s
}

// Reset empties the transposition table and the node count, so that the
// next solve starts from nothing, as the reference figures are measured.
func (s *Solver) Reset() {
	s.table.Reset()
	s.clock.Nodes = 0
	s.clock.Watch(nil, 0)
}

// KeepTable makes the solver use its whole table from now on, for a table
// kept across many solves without Reset (cmd/c4book), where what earlier
// solves stored is worth more than a small table's cache hits.
func (s *Solver) KeepTable() { s.table.Widen() }

// Nodes returns the number of positions searched since the last Reset.
func (s *Solver) Nodes() uint64 { return s.clock.Nodes }

// Solve returns the exact score of p, which must not be over, for the side
// to move.
func (s *Solver) Solve(p Position) int {
	s.clock.Watch(nil, 0)
	lo, _, _ := s.bounds(p)
	return lo
}

// bounds narrows the score of p, which must not be over, by null-window
// searches until it is exact or the deadline (s.done) passes. It returns
// proved bounds lo <= score <= hi and a move that achieves at least lo, or
// noMoveCol when none is known yet.
func (s *Solver) bounds(p Position) (lo, hi, move int) {
	if p.CanWinNext() {
		w := (Cells + 1 - p.moves) / 2
		return w, w, winningColumn(&p)
	}
	lo, hi = s.narrow(p, -(Cells-p.moves)/2, (Cells+1-p.moves)/2)
	return lo, hi, noMoveCol
}

// narrow narrows lo <= score <= hi, proved bounds on the score of p (not
// over) for its side to move, by null-window searches that bisect the
// range, biased towards zero, until they meet or the solve is stopped
// (s.done, s.limit), and returns them.
func (s *Solver) narrow(p Position, lo, hi int) (int, int) {
	if p.CanWinNext() {
		w := (Cells + 1 - p.moves) / 2
		return w, w
	}
	if p.nonLosingMoves() == 0 {
		l := -(Cells - p.moves) / 2
		return l, l
	}
	for lo < hi {
		med := lo + (hi-lo)/2
		if med <= 0 && lo/2 < med {
			med = lo / 2
		} else if med >= 0 && hi/2 > med {
			med = hi / 2
		}
		r, ok := s.nullWindow(p, med)
		if !ok {
			break
		}
		if r <= med {
			hi = max(r, lo)
		} else {
			lo = min(r, hi)
		}
	}
	return lo, hi
}

// nullWindow tests whether the score of p is above med: the result r is
// an upper bound when r <= med, a lower bound when r > med. With helpers it
// searches on every thread and takes the first answer (nullWindowShared).
// ok is false when the deadline or the node limit stopped the search first.
func (s *Solver) nullWindow(p Position, med int) (r int, ok bool) {
	if len(s.helpers) == 0 {
		r = s.negamax(p, med, med+1)
		return r, !s.clock.Stopped()
	}
	return s.nullWindowShared(p, med)
}

// winningColumn returns a column where the side to move makes four.
func winningColumn(p *Position) int {
	w := p.winningCells() & p.possible()
	for _, c := range columnOrder {
		if w&columnMask(c) != 0 {
			return c
		}
	}
	return noMoveCol
}

// moveList is the ordered moves of one node.
type moveList struct {
	cells [Width]uint64
	cols  [Width]int8
	score [Width]int8
	n     int
}

// add inserts a move, keeping the list sorted by decreasing score; among
// equal scores the earlier added stays first.
func (l *moveList) add(cell uint64, col, score int) {
	i := l.n
	for ; i > 0 && int(l.score[i-1]) < score; i-- {
		l.cells[i], l.cols[i], l.score[i] = l.cells[i-1], l.cols[i-1], l.score[i-1]
	}
	l.cells[i], l.cols[i], l.score[i] = cell, int8(col), int8(score)
	l.n++
}

// negamax returns the score of p within the window (alpha, beta), fail-soft:
// a result <= alpha is an upper bound on the true score, a result >= beta a
// lower bound, anything between is exact. The side to move in p must not
// be able to win at once. After the deadline it returns 0, which the
// caller discards. Its steps: the node count and the deadline; the end of
// the game (every move loses at once, or the board fills); the window
// clamped to the scores still reachable; the opening book and the table
// (probe); the moves in order (moveScore); the enhanced transposition
// cutoff (childCutoff) where the subtree can be large; the moves
// searched; the result stored (entryOf).
func (s *Solver) negamax(p Position, alpha, beta int) int {
	if s.clock.Tick() {
		return 0
	}
	if s.clock.Nodes&(pollInterval-1) == 0 {
		s.table.Fit(s.clock.Nodes)
	}
	next := p.nonLosingMoves()
	if next == 0 {
		return -(Cells - p.moves) / 2 // every move lets the opponent win
	}
	if p.moves >= Cells-2 {
		return 0 // a draw: neither of the last two stones wins
	}
	// Neither side wins before its next stone.
	if lower := -(Cells - 2 - p.moves) / 2; alpha < lower {
		if alpha = lower; alpha >= beta {
			return alpha
		}
	}
	if upper := (Cells - 1 - p.moves) / 2; beta > upper {
		if beta = upper; alpha >= beta {
			return beta
		}
	}
	key, mirrored := canonicalKey(p.Key())
	ttMove, alpha, beta, cut := s.probe(&p, key, mirrored, alpha, beta)
	if cut {
		return alpha
	}
	var list moveList
	for _, c := range s.order {
		if cell := next & columnMask(c); cell != 0 {
			list.add(cell, c, moveScore(&p, cell, c, ttMove))
		}
	}
	if p.moves <= etcMaxStones && windowPlies(&p, alpha, beta) >= etcMinPlies {
		if v, cut := s.childCutoff(&p, &list, beta); cut {
			return v
		}
	}
	alpha0 := alpha
	best, bestCol := -Cells, noMoveCol
	for i := range list.n {
		child := p
		child.playBits(list.cells[i])
		v := -s.negamax(child, -beta, -alpha)
		if s.clock.Stopped() {
			return 0
		}
		if v > best {
			best, bestCol = v, int(list.cols[i])
		}
		if v >= beta {
			break
		}
		alpha = max(alpha, v)
	}
	lo, hi, col := entryOf(best, bestCol, alpha0, beta, mirrored)
	s.table.Store(key, lo, hi, col, p.moves)
	return best
}

// probe looks up p, whose canonical key is key (mirrored when that is its
// mirror image's), in the opening book (its complete layers: past them it
// holds the strategy's positions, which a search seldom meets and would
// look up at every node) and the table. It returns the
// table's move for p (noMoveCol if none), and the window (alpha, beta)
// narrowed by the table's bounds; cut is true when the book's score or the
// table's bounds settle the node, whose value is then the returned alpha.
func (s *Solver) probe(p *Position, key uint64, mirrored bool, alpha, beta int) (ttMove, a, b int, cut bool) {
	if s.book != nil && p.moves <= s.book.complete {
		if e, ok := s.book.lookup(key); ok {
			return noMoveCol, e.Score, beta, true
		}
	}
	lo, hi, mv, ok := s.table.Probe(key)
	if !ok {
		return noMoveCol, alpha, beta, false
	}
	switch {
	case lo >= beta:
		return noMoveCol, lo, beta, true
	case hi <= alpha:
		return noMoveCol, hi, beta, true
	}
	alpha, beta = max(alpha, lo), min(beta, hi)
	if alpha >= beta {
		return noMoveCol, alpha, beta, true
	}
	if mv != noMoveCol && mirrored {
		mv = Width - 1 - mv
	}
	return mv, alpha, beta, false
}

// moveScore is the ordering score of playing cell, in column c, in p: the
// table's move ttMove first, then by p.moveScore.
func moveScore(p *Position, cell uint64, c, ttMove int) int {
	if c == ttMove {
		return 100
	}
	return p.moveScore(cell)
}

// childCutoff is the enhanced transposition cutoff, which negamax tries
// where etcMaxStones and etcMinPlies allow: it looks up the position
// after each move of list, p's moves, in the table, and when one's upper
// bound makes the move fail high (-hi >= beta) returns -hi and true.
func (s *Solver) childCutoff(p *Position, list *moveList, beta int) (int, bool) {
	for i := range list.n {
		child := *p
		child.playBits(list.cells[i])
		ck, _ := canonicalKey(child.Key())
		if _, hi, _, ok := s.table.Probe(ck); ok && -hi >= beta {
			return -hi, true
		}
	}
	return 0, false
}

// windowPlies returns about how many plies past p the games last that
// decide whether p's score lies in the window (alpha, beta): a score of m or
// -m is a win by the stone that makes Cells+1-2m stones at the latest, so
// the window's bound nearer zero sets how far the search must look.
func windowPlies(p *Position, alpha, beta int) int {
	m := min(max(alpha, -alpha), max(beta, -beta))
	return Cells - p.moves - 2*m
}

// entryOf returns what the table keeps of best, the fail-soft score of a
// position searched in the window (alpha, beta), and bestCol, the move that
// achieved it (mirrored when the position's key is its mirror image's):
// a lower bound when best >= beta, an upper bound and no move when best <=
// alpha, else the exact score.
func entryOf(best, bestCol, alpha, beta int, mirrored bool) (lo, hi, col int) {
	lo, hi, col = best, best, bestCol
	switch {
	case best >= beta:
		hi = noUpper
	case best <= alpha:
		lo, col = noLower, noMoveCol
	}
	if mirrored && col != noMoveCol {
		col = Width - 1 - col
	}
	return lo, hi, col
}
