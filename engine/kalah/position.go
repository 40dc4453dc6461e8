package kalah

import "movesvc/engine"

// Position is a position of a Kalah variant: the pits and stores of both
// sides and the side to move, with the moves played since it was set up so
// that they can be taken back. Its methods are the ones the engine's State
// contract asks for. A Position is not safe for concurrent use; Clone gives
// an independent copy.
type Position struct {
	rules   Rules
	v       variant
	b       board            // from the side to move's view
	stores  [2]uint8         // by player
	toMove  engine.Player    // the side b is seen from
	ply     int              // moves played since the position was set up
	history []positionBefore // what Undo restores, one per move played
}

// positionBefore is what a move changes.
type positionBefore struct {
	b      board
	stores [2]uint8
	toMove engine.Player
}

// NewPosition returns the start of the variant r: Seeds seeds in each pit,
// empty stores, First to move. r must be valid (Rules.Validate).
func NewPosition(r Rules) *Position {
	p := &Position{rules: r, v: variant{m: r.Pits, emptyCapture: r.EmptyCapture}}
	for k := range 2 * r.Pits {
		p.b[k] = uint8(r.Seeds)
	}
	return p
}

// Rules returns the variant the position belongs to.
func (p *Position) Rules() Rules { return p.rules }

// ToMove returns the side to move.
func (p *Position) ToMove() engine.Player { return p.toMove }

// Ply returns the number of moves played since the position was set up
// (from the start, or from the position a notation gave).
func (p *Position) Ply() int { return p.ply }

// Pits returns the seeds in player's pits in its sowing order (pit 1
// first).
func (p *Position) Pits(player engine.Player) []int {
	off := 0
	if player != p.toMove {
		off = p.rules.Pits
	}
	out := make([]int, p.rules.Pits)
	for k := range out {
		out[k] = int(p.b[off+k])
	}
	return out
}

// BoardKey returns a string that identifies the pits from the side to
// move's view, what the value of the rest of the game depends on.
func (p *Position) BoardKey() string { return string(p.b[:2*p.rules.Pits]) }

// Store returns the seeds in player's store.
func (p *Position) Store(player engine.Player) int { return int(p.stores[player]) }

// OnBoard returns the seeds still in the pits.
func (p *Position) OnBoard() int { return p.v.seeds(&p.b) }

// Over reports whether the game has ended: every pit is empty, the last
// move having left a side empty and its rest gone to its owner.
func (p *Position) Over() bool { return p.b == board{} }

// Outcome returns the result for the side to move once the game is over:
// the player with more seeds in its store wins. It returns
// engine.OutcomeUnknown while the game goes on.
func (p *Position) Outcome() engine.Outcome {
	if !p.Over() {
		return engine.OutcomeUnknown
	}
	switch d := p.storeDiff(); {
	case d > 0:
		return engine.OutcomeWin
	case d < 0:
		return engine.OutcomeLoss
	default:
		return engine.OutcomeDraw
	}
}

// storeDiff returns the side to move's store less the opponent's.
func (p *Position) storeDiff() int {
	return int(p.stores[p.toMove]) - int(p.stores[p.toMove.Other()])
}

// MaxMoves returns the most legal moves a position has: one per pit.
func (p *Position) MaxMoves() int { return p.rules.Pits }

// LegalMoves appends the side to move's non-empty pits to buf[:0] in the
// order the search tries them (moveScore) and returns it: none once the
// game is over. It does not allocate when cap(buf) >= MaxMoves().
func (p *Position) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if p.Over() {
		return buf
	}
	s := solver{v: p.v}
	var kids [MaxPits]child
	count := s.expand(&p.b, p.OnBoard(), noMove, &kids)
	for k := range count {
		buf = append(buf, engine.Move(kids[k].pit))
	}
	return buf
}

// IsLegal reports whether m is a pit of the side to move holding seeds.
func (p *Position) IsLegal(m engine.Move) bool {
	return m >= 0 && int(m) < p.rules.Pits && p.b[m] > 0
}

// RemainingPlies returns an upper bound on the moves left, one that every
// move lowers: a move either stores a seed (sown into or captured to the
// mover's store, or the rest at the end), or moves only the mover's seeds
// nearer its store. So with n seeds in the pits, each d pits from its
// owner's store, K(n) + sum(d) bounds the moves left, where K(n) = n +
// Pits*n*(n-1)/2 grows with each seed by more than sum(d) can.
func (p *Position) RemainingPlies() int {
	m := p.rules.Pits
	n := p.OnBoard()
	dist := 0
	for k := range m {
		dist += (int(p.b[k]) + int(p.b[m+k])) * (m - k)
	}
	return n + m*n*(n-1)/2 + dist
}

// Play makes the legal move m (a pit index of the side to move): it sows
// the pit, takes a capture, ends the game when a side is empty, and passes
// the turn unless the last seed fell into the mover's store.
func (p *Position) Play(m engine.Move) {
	p.history = append(p.history, positionBefore{b: p.b, stores: p.stores, toMove: p.toMove})
	mover, other := p.toMove, p.toMove.Other()
	before := p.v.seeds(&p.b)
	net, extra, over := p.v.sow(&p.b, int(m))
	// The seeds that left the board went to the stores; net says how
	// they split.
	gone := before - p.v.seeds(&p.b)
	p.stores[mover] += uint8((gone + net) / 2)
	p.stores[other] += uint8((gone - net) / 2)
	p.ply++
	if !extra || over {
		p.v.flip(&p.b)
		p.toMove = other
	}
}

// Undo takes back m, which must be the last move played.
func (p *Position) Undo(engine.Move) {
	last := p.history[len(p.history)-1]
	p.history = p.history[:len(p.history)-1]
	p.b, p.stores, p.toMove = last.b, last.stores, last.toMove
	p.ply--
}

// Evaluate returns a heuristic score for the side to move: its store less
// the opponent's, plus the seeds each side holds weighted by
// sideWeightPercent.
func (p *Position) Evaluate() int32 {
	mine, theirs := p.v.sides(&p.b)
	return int32(p.storeDiff() + (mine-theirs)*sideWeightPercent/100)
}

// Hash returns a 64-bit key of the position, the side to move and the
// stores included.
func (p *Position) Hash() uint64 {
	lo, hi := p.b.key()
	h := mix(lo ^ mix(hi^uint64(p.stores[0])<<40^uint64(p.stores[1])<<48))
	if p.toMove == engine.Second {
		h = mix(h ^ 0x9e3779b97f4a7c15)
	}
	return h
}

// mix is a bijective 64-bit finalizer (SplitMix64's).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Clone returns an independent copy of the position, its history included.
func (p *Position) Clone() *Position {
	c := *p
	c.history = append([]positionBefore(nil), p.history...)
	return &c
}
