package gomoku

import "movesvc/engine"

// quiesce is the search past the horizon, ply plies from the root and
// qply plies past the horizon, in the window (alpha, beta); it returns a
// fail-soft value as pvs does. It searches continuous fours only, as
// Rapfi's does (docs/gomoku-search.md): the block of the opponent's four
// is forced (and a win for the opponent when black may not play it under
// renju); otherwise the side to move stands on its static value (returning
// it when it reaches beta) or plays one of its fours, whose reply is
// forced in turn: every four at the first ply past the horizon; from the
// next on, only those that make a three or an open two besides, and of
// them the laterQuiescenceFours the ordering ranks first, so that the
// quiescence of a crowded board grows with that number, not with the
// fours there, to the power of its plies. An open three is not answered:
// the evaluation prices it. With plain alpha-beta the static value stands.
func (s *searcher) quiesce(ply int, alpha, beta int32, qply int) int32 {
	if s.clock.Tick() {
		return 0
	}
	s.pvLen[ply] = ply
	if v, ok := s.settled(ply); ok {
		return v
	}
	b := s.b
	me, opp := b.toMove(), 1-b.toMove()
	if s.plain {
		return evaluate(b, s.weights)
	}
	if b.count[opp][patFive] > 0 {
		return s.quiesceBlock(ply, alpha, beta, qply)
	}
	stand := evaluate(b, s.weights)
	if stand >= beta || qply >= maxQuiescence || b.count[me][patFour]+b.count[me][patOpen4] == 0 {
		return stand
	}
	alpha = max(alpha, stand)
	best := stand
	start := s.sp
	n := s.fours(me)
	tried := 0
	for j, end := start, start+n; j < end; j++ {
		m := s.pick(j, end)
		if qply > 0 {
			if !combos[b.combo[me][m]].plus {
				continue
			}
			if tried == laterQuiescenceFours {
				break
			}
			tried++
		}
		b.play(m)
		v := -s.quiesce(ply+1, -beta, -alpha, qply+1)
		b.undo(m)
		if s.clock.Stopped() {
			s.sp = start
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				s.updatePV(ply, m)
				if v >= beta {
					break
				}
			}
		}
	}
	s.sp = start
	return best
}

// quiesceBlock answers the opponent's four past the horizon: the block is
// the only move, searched without using a quiescence ply; two fives to
// block, or one black may not play under renju, lose.
func (s *searcher) quiesceBlock(ply int, alpha, beta int32, qply int) int32 {
	b := s.b
	start := s.sp
	n := s.fives(1 - b.toMove())
	m := int(s.moves[start])
	s.sp = start
	if n > 1 || !b.mayPlay(b.toMove(), m) {
		return -(engine.WinScore - int32(ply+2))
	}
	b.play(m)
	v := -s.quiesce(ply+1, -beta, -alpha, qply)
	b.undo(m)
	if v > alpha && !s.clock.Stopped() {
		s.updatePV(ply, m)
	}
	return v
}
