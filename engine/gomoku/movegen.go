package gomoku

// Move generation. Every generator appends padded cell indices to the
// searcher's move stack and returns the new top; the caller pops its list by
// restoring the stack pointer.

// pushFours pushes the empty cells where colour makes a four or better, each
// with the score score(i), and returns their number. The pattern counts say
// how many (cell, line) pairs there are, so the scan stops at the last.
func (s *searcher) pushFours(colour int, score func(i int) int32) int {
	b := s.b
	start := s.newList()
	left := b.count[colour][patFour] + b.count[colour][patOpen4] + b.count[colour][patFive]
	if left == 0 {
		return 0
	}
	b.eachFourCell(colour, func(i int) bool {
		if b.mayPlay(colour, i) {
			s.push(i, score(i))
		}
		left -= b.fourLines(colour, i)
		return left > 0
	})
	return s.sp - start
}

// push appends cell i with an ordering score to the move stack unless it is
// already marked in the current generation.
func (s *searcher) push(i int, score int32) {
	if s.mark[i] == s.markGen {
		return
	}
	s.mark[i] = s.markGen
	s.moves[s.sp] = int16(i)
	s.scores[s.sp] = score
	s.sp++
}

// newList starts a deduplicated list on the move stack and returns its start.
func (s *searcher) newList() int {
	s.markGen++
	if s.markGen == 0 {
		clear(s.mark[:])
		s.markGen = 1
	}
	return s.sp
}

// fives pushes the empty cells where colour makes five and returns their
// number. It looks along the lines through the last two moves first and
// scans the whole area only when that does not account for every five.
func (s *searcher) fives(colour int) int {
	b := s.b
	start := s.newList()
	want := b.count[colour][patFive]
	var found int32
	add := func(i int) {
		if b.cells[i] != empty || s.mark[i] == s.markGen {
			return
		}
		n := int32(0)
		for d := range 4 {
			if b.pat(colour, d, i) == patFive {
				n++
			}
		}
		if n > 0 {
			found += n
			s.push(i, 0)
		}
	}
	for back := 1; back <= 2 && back <= b.ply && found < want; back++ {
		m := int(b.history[b.ply-back])
		for d, step := range b.steps {
			for k := -halfLine + 1; k < halfLine; k++ {
				// A five the move m made possible lies on the line
				// through m in the direction d it makes five in.
				if i := m + k*step; b.cells[i] == empty && b.pat(colour, d, i) == patFive {
					add(i)
				}
			}
		}
	}
	if found < want {
		b.area(func(i int) bool { add(i); return true })
	}
	return s.sp - start
}

// fours pushes the empty cells where colour makes a four or better, scored
// for ordering, and returns their number.
func (s *searcher) fours(colour int) int {
	b := s.b
	return s.pushFours(colour, func(i int) int32 { return b.cellScore(colour, i) + b.cellScore(1-colour, i)/threatDefenceDivisor })
}

// defences pushes the moves that may stop colour's open threes and returns
// their number: the defender's fours, then the cells along the line of every
// cell where colour would make an open four (within four of it) after which
// colour has no open three left. Any other move loses to an open four, so
// the list is complete. Under renju a cell black may not play is neither
// black's defence nor black's open four to stop.
func (s *searcher) defences(colour int) int {
	b := s.b
	defender := 1 - colour
	start := s.sp
	s.pushFours(defender, func(i int) int32 { return b.cellScore(defender, i) })
	mid := s.sp
	open := s.openFours[:0]
	left, complete := b.count[colour][patOpen4], true
	b.eachFourCell(colour, func(t int) bool {
		for d, step := range b.steps {
			if b.pat(colour, d, t) != patOpen4 {
				continue
			}
			left--
			if !b.mayPlay(colour, t) {
				continue
			}
			if len(open) < cap(open) {
				open = append(open, lineCell{cell: int16(t), dir: int8(d)})
			} else {
				complete = false
			}
			for k := -4; k <= 4; k++ {
				if i := t + k*step; b.cells[i] == empty {
					s.push(i, b.cellScore(defender, i)+b.cellScore(colour, i))
				}
			}
		}
		return left > 0
	})
	kept := mid
	for j := mid; j < s.sp; j++ {
		i := int(s.moves[j])
		if !b.mayPlay(defender, i) {
			continue
		}
		var stops bool
		if complete {
			stops = blocksAll(b, colour, i, open)
		} else {
			b.play(i)
			stops = !b.threatens(colour)
			b.undo(i)
		}
		if stops {
			s.moves[kept], s.scores[kept] = s.moves[j], s.scores[j]
			kept++
		}
	}
	s.sp = kept
	return s.sp - start
}

// lineCell is an empty cell and a line direction through it.
type lineCell struct {
	cell int16
	dir  int8
}

// blocksAll reports whether a stone of colour's opponent on the empty cell i
// of b leaves colour no open four to make at any of the cells and
// directions in open, from the line keys, without playing it: the stone
// takes the cell or lies on the line within reach and changes its pattern. An opponent's
// stone never makes a pattern stronger, so no other open four appears.
func blocksAll(b *board, colour, i int, open []lineCell) bool {
	stone := uint32(2 - colour) // the opponent's colour + 1
	for _, lc := range open {
		t := int(lc.cell)
		if t == i {
			continue
		}
		step := b.steps[lc.dir]
		diff := i - t
		if diff%step != 0 {
			return false
		}
		k := diff / step
		if k < -b.reach || k > b.reach {
			return false
		}
		shift := fieldShift(k)
		key := b.keys[lc.dir][t]&^(3<<shift) | stone<<shift
		if b.table.get(colour, key) == patOpen4 {
			return false
		}
	}
	return true
}

// candidates pushes every cell within two of a stone, scored by the
// policy table's values of the patterns both players make there plus the
// history heuristic, and returns their number.
func (s *searcher) candidates(colour int) int {
	b := s.b
	p := s.policy
	start := s.newList()
	b.area(func(i int) bool {
		if b.mayPlay(colour, i) {
			s.push(i, p[b.combo[colour][i]][0]+p[b.combo[1-colour][i]][1]+s.history[colour][i]/historyDivisor)
		}
		return true
	})
	return s.sp - start
}

// generate pushes the moves of the node at ply and returns their number:
// the block when the opponent has a four (none when it is a cell black may
// not play under renju); fours and defences when it has an open three;
// otherwise every cell within two of a stone, and quiet is true. The table
// move and the killers are scored first.
func (s *searcher) generate(ply, ttMove int) (n int, quiet bool) {
	b := s.b
	me, opp := b.toMove(), 1-b.toMove()
	switch {
	case s.plain:
		n, quiet = s.candidates(me), true
	case b.count[opp][patFive] > 0:
		n = s.fives(opp)
		if n > 1 {
			s.sp -= n - 1
			n = 1
		}
		if !b.mayPlay(me, int(s.moves[s.sp-1])) {
			s.sp--
			n = 0
		}
		return n, false
	case b.threatens(opp):
		n = s.defences(opp)
	default:
		n, quiet = s.candidates(me), true
	}
	start := s.sp - n
	for j := start; j < s.sp; j++ {
		m := int(s.moves[j])
		switch {
		case m == ttMove:
			s.scores[j] = orderTableMove
		case ply < maxPly && m == s.killers[ply][0]:
			s.scores[j] += orderKiller
		case ply < maxPly && m == s.killers[ply][1]:
			s.scores[j] += orderSecondKiller
		}
	}
	return n, quiet
}

// pick moves the best-scored move of moves[from:to] to position from and
// returns it.
func (s *searcher) pick(from, to int) int {
	best := from
	for j := from + 1; j < to; j++ {
		if s.scores[j] > s.scores[best] {
			best = j
		}
	}
	s.moves[from], s.moves[best] = s.moves[best], s.moves[from]
	s.scores[from], s.scores[best] = s.scores[best], s.scores[from]
	return int(s.moves[from])
}
