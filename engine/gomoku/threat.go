package gomoku

import "time"

// Threat-space search. vcf proves wins by continuous fours: every attacking
// move makes a four, so the defender's reply is forced. vct also allows open
// threes, answered by every cell that may stop them and by the defender's
// own fours. Both return the plies to the win (0 when no win is proved) and
// keep their results in the threat table.

// Threat-table kinds, mixed into the key so that the searches do not mix.
const (
	saltVCF    = 0x5bd1e9955bd1e995
	saltAttack = 0x2545f4914f6cdd1d
	saltDefend = 0x9e3779b97f4a7c15
)

// threatEntry is one slot of the threat table: a position key, the depth it
// was searched to, and the plies to the win (0: no win found at that depth).
type threatEntry struct {
	key   uint64
	gen   uint32
	move  int16
	depth uint8
	plies uint8
}

// threatBits sizes the threat table: 1<<18 entries, 4 MiB.
const threatBits = 18

// probe returns the stored result for key if it was searched at least to
// depth or proved a win.
func (s *searcher) probe(key uint64, depth int) (plies int, move int, ok bool) {
	e := &s.threat[key&(1<<threatBits-1)]
	if e.key != key || e.gen != s.gen {
		return 0, -1, false
	}
	if e.plies > 0 {
		return int(e.plies), int(e.move), true
	}
	return 0, -1, int(e.depth) >= depth
}

// store records a threat-search result.
func (s *searcher) store(key uint64, depth, plies, move int) {
	e := &s.threat[key&(1<<threatBits-1)]
	*e = threatEntry{key: key, gen: s.gen, move: int16(move), depth: uint8(min(depth, 255)), plies: uint8(min(plies, 255))}
}

// outOfBudget counts a node and reports whether the threat search must stop:
// its node budget is spent, its share of the time is up, or the search was
// stopped. A spent budget leaves the threat search's results unproved (0)
// and unstored; the main search goes on.
func (s *searcher) outOfBudget() bool {
	s.threatNodes++
	s.clock.Tick()
	if s.threatNodes&255 == 0 && !s.threatUntil.IsZero() && time.Now().After(s.threatUntil) {
		s.threatNodes = max(s.threatNodes, s.budget+1)
	}
	return s.clock.Stopped() || s.threatNodes > s.budget
}

// vcf returns the plies to a win for the side to move by continuous fours,
// with at most depth more fours, or 0.
func (s *searcher) vcf(depth int) int {
	b := s.b
	me, opp := b.toMove(), 1-b.toMove()
	if b.count[me][patFive] > 0 {
		return 1
	}
	if depth <= 0 || s.outOfBudget() || b.ply >= b.size*b.size-2 {
		return 0
	}
	if b.count[me][patFour]+b.count[me][patOpen4] == 0 {
		return 0 // no four to make
	}
	key := b.hash ^ saltVCF
	if plies, _, ok := s.probe(key, depth); ok {
		return plies
	}
	start := s.sp
	var n int
	if b.count[opp][patFive] > 0 {
		n = s.fives(opp)
		if n > 1 {
			s.sp = start
			return 0
		}
		if best, _ := b.threat(me, int(s.moves[start])); best < patFour || !b.mayPlay(me, int(s.moves[start])) {
			s.sp = start
			return 0
		}
	} else {
		n = s.fours(me)
	}
	result, bestMove := 0, -1
	for j := start; j < start+n; j++ {
		m := s.pick(j, start+n)
		if _, fours := b.threat(me, m); fours >= 2 {
			result, bestMove = 3, m
			break
		}
		b.play(m)
		s.fives(me)
		reply := int(s.moves[s.sp-1])
		s.sp--
		if !b.mayPlay(opp, reply) {
			// Under renju black may not block the four: it fives next.
			b.undo(m)
			result, bestMove = 3, m
			break
		}
		b.play(reply)
		plies := s.vcf(depth - 1)
		b.undo(reply)
		b.undo(m)
		if plies > 0 {
			result, bestMove = plies+2, m
			break
		}
		if s.clock.Stopped() {
			break
		}
	}
	s.sp = start
	if !s.clock.Stopped() && s.threatNodes <= s.budget || result > 0 {
		s.store(key, depth, result, bestMove)
	}
	if result > 0 && b.ply == s.rootPly {
		s.threatMove = bestMove
	}
	return result
}

// vctAttack returns the plies to a win for the side to move by fours and
// threes, with at most depth threes, or 0.
func (s *searcher) vctAttack(depth int) int {
	b := s.b
	me, opp := b.toMove(), 1-b.toMove()
	if b.count[me][patFive] > 0 {
		return 1
	}
	if s.outOfBudget() || b.ply >= b.size*b.size-2 || b.ply-s.rootPly > maxVCTPlies {
		return 0
	}
	key := b.hash ^ saltAttack ^ uint64(depth)<<56
	if plies, _, ok := s.probe(key, depth); ok {
		return plies
	}
	start := s.sp
	result, bestMove := 0, -1
	if b.count[opp][patFive] > 0 {
		if s.fives(opp) == 1 && b.mayPlay(me, int(s.moves[start])) {
			m := int(s.moves[start])
			b.play(m)
			if plies := s.vctDefend(depth); plies > 0 {
				result, bestMove = plies+1, m
			}
			b.undo(m)
		}
		s.sp = start
	} else if plies := s.vcf(maxVCF); plies > 0 {
		result, bestMove = plies, s.threatMoveAt()
	} else if depth > 0 {
		n := s.threats(me, false)
		for j := start; j < start+n; j++ {
			m := s.pick(j, start+n)
			best, _ := b.threat(me, m)
			next := depth
			if best < patFour {
				next--
			}
			b.play(m)
			var plies int
			if best >= patFour || !b.threatens(opp) {
				plies = s.vctDefend(next)
			}
			b.undo(m)
			if plies > 0 {
				result, bestMove = plies+1, m
				break
			}
			if s.clock.Stopped() {
				break
			}
		}
		s.sp = start
	}
	if !s.clock.Stopped() && s.threatNodes <= s.budget || result > 0 {
		s.store(key, depth, result, bestMove)
	}
	if result > 0 && b.ply == s.rootPly {
		s.threatMove = bestMove
	}
	return result
}

// threatMoveAt returns the winning move vcf stored for the current position.
func (s *searcher) threatMoveAt() int {
	_, m, _ := s.probe(s.b.hash^saltVCF, 0)
	return m
}

// vctDefend returns the plies to the attacker's win when the defender is to
// move against a four or an open three, trying every defence, or 0 when some
// defence holds or the attacker threatens nothing.
func (s *searcher) vctDefend(depth int) int {
	b := s.b
	def, att := b.toMove(), 1-b.toMove()
	if b.count[def][patFive] > 0 {
		return 0
	}
	if s.outOfBudget() {
		return 0
	}
	key := b.hash ^ saltDefend ^ uint64(depth)<<56
	if plies, _, ok := s.probe(key, depth); ok {
		return plies
	}
	start := s.sp
	var n int
	switch {
	case b.count[att][patFive] > 0:
		n = s.fives(att)
		if n > 1 || !b.mayPlay(def, int(s.moves[start])) {
			s.sp = start
			s.store(key, depth, 2, -1)
			return 2
		}
	case b.threatens(att):
		n = s.defences(att)
		if n == 0 {
			// Nothing stops the open three: any move, the open four, any
			// move, five.
			s.store(key, depth, 4, -1)
			return 4
		}
	default:
		s.store(key, depth, 0, -1)
		return 0
	}
	worst := 1
	for j := start; j < start+n; j++ {
		m := s.pick(j, start+n)
		b.play(m)
		plies := s.vctAttack(depth)
		b.undo(m)
		if plies == 0 {
			worst = 0
			break
		}
		worst = max(worst, plies+1)
	}
	s.sp = start
	if !s.clock.Stopped() && s.threatNodes <= s.budget || worst > 0 {
		s.store(key, depth, worst, -1)
	}
	return worst
}

// threats pushes the cells where colour makes a four or an open three (only
// fours when onlyFours), scored for ordering, and returns their number.
func (s *searcher) threats(colour int, onlyFours bool) int {
	b := s.b
	start := s.newList()
	b.area(func(i int) bool {
		best, _ := b.threat(colour, i)
		if (best >= patFour || best == patOpen3 && !onlyFours) && b.mayPlay(colour, i) {
			s.push(i, b.cellScore(colour, i)+b.cellScore(1-colour, i)/threatDefenceDivisor)
		}
		return true
	})
	return s.sp - start
}
