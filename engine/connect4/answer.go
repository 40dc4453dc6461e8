package connect4

// bookBounds returns the exact score of p and a move achieving it when the
// book has them, else the widest bounds and noMoveCol.
func (s *Solver) bookBounds(p Position) (lo, hi, move int) {
	if p.CanWinNext() {
		w := (Cells + 1 - p.moves) / 2
		return w, w, winningColumn(&p)
	}
	if e, ok := s.book.Lookup(p); ok {
		return e.Score, e.Score, e.Move
	}
	return -(Cells - p.moves) / 2, (Cells + 1 - p.moves) / 2, noMoveCol
}

// orderedMoves returns the columns of the cells in moves, in the search's
// order: the table's move first when byTable, then by the winning cells
// they create, centre first among equals. Without byTable the order does
// not depend on the table, which other threads fill in their own time.
func (s *Solver) orderedMoves(p *Position, moves uint64, byTable bool) moveList {
	ttMove := noMoveCol
	key, mirrored := canonicalKey(p.Key())
	if _, _, mv, ok := s.table.Probe(key); byTable && ok && mv != noMoveCol {
		ttMove = mv
		if mirrored {
			ttMove = Width - 1 - mv
		}
	}
	var list moveList
	for _, c := range columnOrder {
		if cell := moves & columnMask(c); cell != 0 {
			score := p.moveScore(cell)
			if c == ttMove {
				score = 100
			}
			list.add(cell, c, score)
		}
	}
	return list
}

// BestMove returns a column that achieves score, the exact score of p (see
// Solve); among moves that lose at once, one that blocks a threat. Of
// several columns that achieve the score it returns the first in the move
// ordering's table-free order, so the answer does not depend on what the
// table holds or on the number of threads.
func (s *Solver) BestMove(p Position, score int) int {
	s.clock.Watch(nil, 0)
	return s.bestMove(p, score)
}

// bestMove is BestMove under the deadline: it returns noMoveCol if the
// deadline passes first.
func (s *Solver) bestMove(p Position, score int) int {
	if p.CanWinNext() {
		return winningColumn(&p)
	}
	if e, ok := s.book.Lookup(p); ok && e.Score == score {
		return e.Move
	}
	next := p.nonLosingMoves()
	if next == 0 {
		return s.fallbackMove(p, score, noMoveCol)
	}
	list := s.orderedMoves(&p, next, false)
	for i := range list.n {
		child := p
		child.playBits(list.cells[i])
		if -s.negamax(child, -score, -score+1) >= score && !s.clock.Stopped() {
			return int(list.cols[i])
		}
		if s.clock.Stopped() {
			return noMoveCol
		}
	}
	return noMoveCol
}

// fallbackMove returns a legal move of p when the solve did not finish,
// lo being the proved lower bound on p's score and guess a heuristic
// search's move (or noMoveCol): a winning column; else the table's move
// when it is proved to achieve at least lo and lo is not a loss (a proved
// win before a guess, a proved draw before a guess when nothing better is
// proved); else the guess when it does not lose at once; else the first
// non-losing move in search order, else a move that blocks one of the
// opponent's threats, else the first legal column.
func (s *Solver) fallbackMove(p Position, lo, guess int) int {
	if p.CanWinNext() {
		return winningColumn(&p)
	}
	key, mirrored := canonicalKey(p.Key())
	if tlo, _, mv, ok := s.table.Probe(key); ok && mv != noMoveCol && tlo >= lo && tlo >= 0 {
		if mirrored {
			mv = Width - 1 - mv
		}
		if p.CanPlay(mv) {
			return mv
		}
	}
	if guess >= 0 && guess < Width && p.CanPlay(guess) && p.nonLosingMoves()&columnMask(guess) != 0 {
		return guess
	}
	if next := p.nonLosingMoves(); next != 0 {
		list := s.orderedMoves(&p, next, true)
		return int(list.cols[0])
	}
	blocks := p.possible() & p.opponentWinningCells()
	for _, c := range columnOrder {
		if blocks&columnMask(c) != 0 {
			return c
		}
	}
	for _, c := range columnOrder {
		if p.CanPlay(c) {
			return c
		}
	}
	return noMoveCol
}

// principalVariation returns the line from p that starts with first and
// then follows moves achieving the exact scores, score being p's. It
// stops at the end of the game, when the deadline passes, or once the
// solver's node count reaches nodeLimit; the solver stays stopped.
func (s *Solver) principalVariation(p Position, first, score int, nodeLimit uint64) []int {
	s.clock.Limit(nodeLimit)
	defer s.clock.Limit(0)
	line := make([]int, 0, Cells-p.moves)
	move := first
	for move != noMoveCol {
		line = append(line, move)
		if p.IsWinningMove(move) {
			break
		}
		p.Play(move)
		score = -score
		if p.moves == Cells || s.clock.Stopped() || s.clock.Nodes >= nodeLimit {
			break
		}
		move = s.bestMove(p, score)
	}
	return line
}
