package backgammon

// Step is one checker moved by one die, in the mover's own numbering: From
// is an index 0..23 (point From+1) or BarIndex; To is an index 0..23 or Off.
type Step struct{ From, To int8 }

// Off is Step.To for a checker borne off.
const Off int8 = -1

// Play is a legal play for a roll: up to four steps in the order played, the
// steps that hit (bit k of Hits for Steps[k]) and the board after it, still
// from the mover's side (Result[0] is the mover). A play of no steps is the
// forced pass when nothing can move.
type Play struct {
	Steps  [4]Step
	N      int8
	Hits   uint8
	Result Board
}

// MaxPlays bounds the distinct plays of any roll: a double's play is fixed
// by how many of its four steps start from each of the 25 slots, at most
// C(28,4) = 20,475 ways; two different dice give at most 2·25·25.
const MaxPlays = 20475

// genSlots is the size of MoveGen's dedupe table, a power of two above
// MaxPlays so that its probes always end.
const genSlots = 1 << 15

// MoveGen generates the legal plays of a roll. Its buffers are reused, so
// after the first calls Generate allocates nothing; a MoveGen is not safe
// for concurrent use. The zero value is ready to use.
type MoveGen struct {
	plays   []Play
	used    []int8 // dice each play used
	bigUsed []bool // a one-die play used the larger die
	stamp   uint32
	stamps  [genSlots]uint32
	index   [genSlots]int32
	keys    [genSlots]uint64

	b       Board
	hash    uint64
	outside int // mover's checkers on points 7-24 and the bar
	steps   [4]Step
	hits    uint8
	dice    [4]int8
	nDice   int
	doubles bool
	maxUsed int
}

// Generate returns the distinct legal plays of roll d1-d2 (each 1..6) for the
// side on roll in b (b[0]), one per resulting position: both dice must be
// used if possible, else the larger if it can be, doubles are played four
// times, and a checker on the bar must enter first. When nothing can move the
// result is one play of no steps. The slice is g's and is valid until the
// next call.
func (g *MoveGen) Generate(b *Board, d1, d2 int) []Play {
	g.reset(b)
	if d1 < d2 {
		d1, d2 = d2, d1
	}
	g.doubles = d1 == d2
	if g.doubles {
		g.nDice = 4
		g.dice = [4]int8{int8(d1), int8(d1), int8(d1), int8(d1)}
		g.rec(0, BarIndex)
	} else {
		g.nDice = 2
		g.dice = [4]int8{int8(d1), int8(d2)}
		g.rec(0, BarIndex)
		g.dice = [4]int8{int8(d2), int8(d1)}
		g.rec(0, BarIndex)
	}
	g.filter()
	return g.plays
}

func (g *MoveGen) reset(b *Board) {
	g.plays = g.plays[:0]
	g.used = g.used[:0]
	g.bigUsed = g.bigUsed[:0]
	g.stamp++
	if g.stamp == 0 {
		g.stamps = [genSlots]uint32{}
		g.stamp = 1
	}
	g.b = *b
	g.hash = b.Hash()
	g.outside = 0
	for i := 6; i < slots; i++ {
		g.outside += int(b[0][i])
	}
	g.hits = 0
	g.maxUsed = 0
}

// rec tries every step of die number depth from each point at or below
// maxFrom (doubles are generated with non-increasing origins, which reaches
// every result once up to order), recording each play where it ends.
func (g *MoveGen) rec(depth int, maxFrom int) {
	d := int(g.dice[depth])
	moved := false
	for from := maxFrom; from >= 0; from-- {
		if g.b[0][from] == 0 {
			continue
		}
		if g.b[0][BarIndex] > 0 && from != BarIndex {
			break
		}
		to, ok := g.target(from, d)
		if !ok {
			continue
		}
		moved = true
		hit := g.move(from, to)
		g.steps[depth] = Step{int8(from), int8(to)}
		if hit {
			g.hits |= 1 << depth
		}
		next := BarIndex
		if g.doubles {
			next = from
		}
		if depth+1 == g.nDice {
			g.record(depth + 1)
		} else {
			g.rec(depth+1, next)
		}
		g.hits &^= 1 << depth
		g.unmove(from, to, hit)
	}
	if !moved {
		g.record(depth)
	}
}

// target returns where a checker on from lands with die d (Off, as -1, when
// borne off) and whether that step is legal.
func (g *MoveGen) target(from, d int) (int, bool) {
	to := from - d
	if from == BarIndex {
		to = BarIndex - d
	}
	if to >= 0 {
		return to, g.b[1][23-to] < 2
	}
	if g.outside > 0 {
		return 0, false
	}
	if to < -1 {
		for i := from + 1; i < 6; i++ {
			if g.b[0][i] > 0 {
				return 0, false
			}
		}
	}
	return int(Off), true
}

// move plays one step on g.b, keeping the hash and the outside count, and
// reports whether it hit.
func (g *MoveGen) move(from, to int) bool {
	g.setCount(0, from, g.b[0][from]-1)
	if from >= 6 {
		g.outside--
	}
	if to < 0 {
		return false
	}
	g.setCount(0, to, g.b[0][to]+1)
	if to >= 6 {
		g.outside++
	}
	opp := 23 - to
	if g.b[1][opp] == 1 {
		g.setCount(1, opp, 0)
		g.setCount(1, BarIndex, g.b[1][BarIndex]+1)
		return true
	}
	return false
}

// unmove takes back move(from, to) that hit or not.
func (g *MoveGen) unmove(from, to int, hit bool) {
	if to >= 0 {
		if hit {
			opp := 23 - to
			g.setCount(1, BarIndex, g.b[1][BarIndex]-1)
			g.setCount(1, opp, 1)
		}
		g.setCount(0, to, g.b[0][to]-1)
		if to >= 6 {
			g.outside--
		}
	}
	g.setCount(0, from, g.b[0][from]+1)
	if from >= 6 {
		g.outside++
	}
}

func (g *MoveGen) setCount(s, i int, c int8) {
	g.hash ^= zobrist[s][i][g.b[s][i]] ^ zobrist[s][i][c]
	g.b[s][i] = c
}

// record stores the current board as a play of n steps unless an equal
// board is stored (then the one using more dice stays).
func (g *MoveGen) record(n int) {
	if n > g.maxUsed {
		g.maxUsed = n
	}
	big := n == 1 && g.dice[0] == g.bigDie() // step 0 used dice[0]
	slot := int(g.hash) & (genSlots - 1)
	for g.stamps[slot] == g.stamp {
		if g.keys[slot] == g.hash {
			i := g.index[slot]
			if int(g.used[i]) < n {
				g.setPlay(int(i), n, big)
			}
			return
		}
		slot = (slot + 1) & (genSlots - 1)
	}
	g.stamps[slot] = g.stamp
	g.keys[slot] = g.hash
	g.index[slot] = int32(len(g.plays))
	g.plays = append(g.plays, Play{})
	g.used = append(g.used, 0)
	g.bigUsed = append(g.bigUsed, false)
	g.setPlay(len(g.plays)-1, n, big)
}

func (g *MoveGen) setPlay(i, n int, big bool) {
	p := &g.plays[i]
	p.Steps = g.steps
	for k := n; k < 4; k++ {
		p.Steps[k] = Step{}
	}
	p.N = int8(n)
	p.Hits = g.hits & (1<<n - 1)
	p.Result = g.b
	g.used[i] = int8(n)
	g.bigUsed[i] = big
}

// bigDie returns the larger die of the roll being generated.
func (g *MoveGen) bigDie() int8 {
	if g.dice[0] > g.dice[1] {
		return g.dice[0]
	}
	return g.dice[1]
}

// filter keeps the plays that use the most dice and, when only one die of
// two different ones can be used, those that use the larger if any does.
func (g *MoveGen) filter() {
	needBig := false
	if g.maxUsed == 1 && !g.doubles {
		for i := range g.plays {
			if g.bigUsed[i] {
				needBig = true
				break
			}
		}
	}
	k := 0
	for i := range g.plays {
		if int(g.used[i]) != g.maxUsed || (needBig && !g.bigUsed[i]) {
			continue
		}
		g.plays[k] = g.plays[i]
		k++
	}
	g.plays = g.plays[:k]
}
