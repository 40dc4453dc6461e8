package kalah

import "encoding/binary"

// board holds the pits of a position from the side to move's view: its own
// pits at 0..m-1 in sowing order (pit 1 first, the pit beside its store
// last), then the opponent's at m..2m-1 in the opponent's sowing order; the
// rest are zero. The stores are not part of it: what happens from here on
// does not depend on them. No pit holds more than maxBoard seeds, so each
// fits a byte and the two words of key identify the board exactly.
type board [16]uint8

// key returns the board as two words, an exact identity.
func (b *board) key() (lo, hi uint64) {
	return binary.LittleEndian.Uint64(b[0:8]), binary.LittleEndian.Uint64(b[8:16])
}

// variant is what sowing needs to know of Rules.
type variant struct {
	m            int  // pits a side
	emptyCapture bool // capture even when the opposite pit is empty
}

// sow plays pit i (0-based, not empty) for the side to move in place and
// returns the seeds it gains net of the opponent's gains (the seeds sown
// into its store, captured, or, when the move ends the game, its side's
// rest minus the opponent's), whether the last seed fell into its store
// (the side moves again), and whether the game is over (the board is then
// empty). The board stays in the mover's orientation: the caller flips it
// when the turn passes.
//
// Seeds go round a ring of 2m+1 cells: the mover's pits, its store, the
// opponent's pits; a sowing of 2m+1 seeds or more goes round whole laps,
// the emptied pit included.
func (v *variant) sow(b *board, i int) (net int, extra, over bool) {
	m := v.m
	ring := 2*m + 1
	s := int(b[i])
	b[i] = 0
	last := i // ring cell of the last seed: 0..m-1 own pits, m the store
	if s >= ring {
		laps := s / ring
		for k := range 2 * m {
			b[k] += uint8(laps)
		}
		net = laps
		s -= laps * ring
	}
	if s > 0 {
		pos := v.sowRest(b, i, s)
		if pos >= m {
			net++ // the rest of a lap passes the store once
		}
		last = pos
		if pos >= ring {
			last = pos - ring
		}
	}
	if last == m {
		extra = true
	} else if last < m && b[last] == 1 {
		net += v.capture(b, last)
	}
	mine, theirs := v.sides(b)
	if mine == 0 || theirs == 0 {
		*b = board{}
		return net + mine - theirs, false, true
	}
	return net, extra, false
}

// sowRest sows s seeds, fewer than a lap, after pit i, all but the one the
// store takes when they pass it, and returns i+s, the ring cell of the last
// seed counted from the mover's first pit without wrapping: below m an own
// pit, m the store, m+1+j the opponent's pit j, 2m+1+k the mover's pit k.
func (v *variant) sowRest(b *board, i, s int) int {
	m := v.m
	pos := i + s
	for k := i + 1; k <= min(pos, m-1); k++ {
		b[k]++
	}
	if pos < m {
		return pos
	}
	// The store takes one (counted by the caller), then the opponent's pits.
	for k := m; k < min(pos, 2*m); k++ {
		b[k]++
	}
	// Round to the mover's own first pits, short of pit i.
	for k := range pos - 2*m {
		b[k]++
	}
	return pos
}

// capture applies the capture rule to a last seed that fell into the
// mover's empty pit j and returns the seeds taken into its store.
func (v *variant) capture(b *board, j int) int {
	opp := 2*v.m - 1 - j
	if b[opp] == 0 && !v.emptyCapture {
		return 0
	}
	taken := 1 + int(b[opp])
	b[j], b[opp] = 0, 0
	return taken
}

// sides returns the seeds on the mover's side and on the opponent's.
func (v *variant) sides(b *board) (mine, theirs int) {
	for k := range v.m {
		mine += int(b[k])
		theirs += int(b[v.m+k])
	}
	return mine, theirs
}

// flip turns b to the opponent's view.
func (v *variant) flip(b *board) {
	m := v.m
	for k := range m {
		b[k], b[m+k] = b[m+k], b[k]
	}
}

// seeds returns the seeds on the board.
func (v *variant) seeds(b *board) int {
	mine, theirs := v.sides(b)
	return mine + theirs
}
