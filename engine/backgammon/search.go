package backgammon

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"

	"movesvc/engine"
)

// Limits bound a search. Depth counts iterations: the first evaluates every
// play at 0-ply (the network), the second the best few at 1-ply (averaged
// over the opponent's 21 rolls, each answered by its best play at 0-ply), the
// third the best few of those at 2-ply; 0 means defaultDepth.
type Limits struct {
	Depth int
	// MaxNodes stops the search, as a deadline would but reproducibly,
	// once it has made this many evaluations; 0: no limit.
	MaxNodes uint64
	// Threads > 1 lets the deeper iterations evaluate root plays on that
	// many goroutines (smp.go); the answer is the same as with one unless
	// a deadline or MaxNodes stops the search.
	Threads int
	// Table caches deeper evaluations; nil: a table of defaultTableMiB.
	Table *Table
	// Progress is called after each completed iteration.
	Progress func(Info)
	// MultiPV > 1 reports that many best plays with their equities.
	MultiPV int
	// Noise adds to every root play's equity a deterministic normal error
	// of this standard deviation (a function of the position and the
	// play), for weaker levels; 0: none.
	Noise float64
	// Nets are the networks to evaluate with; zero: DefaultNets.
	Nets Nets
}

// Info reports a completed iteration.
type Info struct {
	Depth  int // iterations completed
	Ply    int // the lookahead of the best play's equity
	Move   engine.Move
	Play   string
	Equity float64
	Nodes  uint64
}

// PlayScore is one root play as the search left it: its index among the
// roll's plays, its notation, the lookahead it was last evaluated at, its
// outcome probabilities for the mover and its cubeless equity.
type PlayScore struct {
	Move   engine.Move
	Play   string
	Ply    int
	Probs  Probs
	Equity float64
}

// Result is a search's answer. Move is the index of the chosen play in the
// roll's plays (Position.Plays order); Score its equity in millipoints;
// Outcome is OutcomeWin (PliesToEnd 1) when the play bears off the last
// checker. Depth is the iterations completed, Ply the lookahead of Equity
// and Probs; Plays lists the best MultiPV plays (at least the chosen one),
// best first.
type Result struct {
	Move        engine.Move
	Score       int
	Outcome     engine.Outcome
	PliesToEnd  int
	Depth       int
	Nodes       uint64
	Complete    bool
	DeadlineHit bool
	PV          []engine.Move

	Play   string
	Ply    int
	Equity float64
	Probs  Probs
	Plays  []PlayScore
}

// Search's errors: a position without dice, a finished game.
var (
	ErrNoRoll = errors.New("backgammon: the position has no dice to play")
	ErrOver   = errors.New("backgammon: the game is over")
)

// searcher is one search's state: the evaluator, a move generator per
// lookahead level, the cache and the limits.
type searcher struct {
	ctx     context.Context
	lim     Limits
	ev      *Evaluator
	table   *Table
	gens    [maxDepth + 1]MoveGen
	aborted bool
	hitTime bool
	cached  uint64 // evaluations table hits stood for
	polled  uint64 // node count at the last poll of the context
	team    *team  // the helpers when Threads > 1 (smp.go)
	shared  uint64 // nodes already added to team.nodes
}

// rootPlay is a root play and its latest evaluation.
type rootPlay struct {
	idx   int
	ply   int
	probs Probs
	eq    float64
}

// Search chooses the play of pos's roll under ctx's deadline and the limits,
// by iterations of increasing lookahead with the candidates filtered between
// them; when ctx ends or MaxNodes is reached it answers from the last
// completed iteration (the first, at 0-ply, always completes, so Move is
// legal). With no deadline hit the result depends only on pos and the
// limits. pos must have dice (else ErrNoRoll) and not be over (ErrOver).
func Search(ctx context.Context, pos *Position, lim Limits) (Result, error) {
	if !pos.Rolled() {
		return Result{}, ErrNoRoll
	}
	if pos.Over() {
		return Result{}, ErrOver
	}
	s := newSearcher(ctx, lim)
	if lim.Threads > 1 {
		s.team = newTeam(s, lim.Threads)
	}
	plays := s.gens[0].Generate(&pos.Board, int(pos.Dice[0]), int(pos.Dice[1]))
	roots := s.rootPlays(&pos.Board, plays)
	res := s.deepen(&pos.Board, plays, roots)
	s.finish(&res, pos, plays, roots)
	s.team = nil
	searchers.Put(s)
	return res, nil
}

// rootPlays returns the plays of the roll evaluated at 0-ply, best first.
func (s *searcher) rootPlays(before *Board, plays []Play) []rootPlay {
	roots := make([]rootPlay, len(plays))
	for i := range plays {
		p := s.ev.PlayProbs(before, &plays[i])
		roots[i] = rootPlay{idx: i, probs: p, eq: float64(p.Equity())}
	}
	sortRoots(roots)
	return roots
}

// deepen runs the iterations after the first up to the limits' depth and
// returns the result's counts: iterations completed, evaluations, and what
// stopped it.
func (s *searcher) deepen(before *Board, plays []Play, roots []rootPlay) Result {
	depth := s.lim.Depth
	if depth <= 0 {
		depth = defaultDepth
	}
	depth = min(depth, maxDepth)
	res := Result{Depth: 1}
	s.report(plays, roots, 1)
	for d := 2; d <= depth; d++ {
		if !s.iterate(before, plays, roots, d-1) {
			break
		}
		res.Depth = d
		s.report(plays, roots, d)
	}
	res.Complete = res.Depth == depth
	res.DeadlineHit = s.hitTime
	res.Nodes = s.nodes()
	if s.team != nil {
		res.Nodes = s.team.totalNodes(s)
		res.DeadlineHit = res.DeadlineHit || s.team.hitTime
	}
	return res
}

// searchers are the searches' states, kept for reuse: a searcher holds
// 2 MB of move generators, too much to clear for every search.
var searchers = sync.Pool{New: func() any { return new(searcher) }}

// newSearcher returns a searcher for one search with lim: a pooled one
// with every field but its move generators (which need no reset) set.
func newSearcher(ctx context.Context, lim Limits) *searcher {
	nets := lim.Nets
	if nets.Contact == nil {
		nets = DefaultNets()
	}
	t := lim.Table
	if t == nil {
		t = NewTable(defaultTableMiB << 20)
	}
	s := searchers.Get().(*searcher)
	s.ctx, s.lim, s.ev, s.table = ctx, lim, NewEvaluator(nets), t
	s.aborted, s.hitTime, s.cached, s.polled, s.team, s.shared = false, false, 0, 0, nil, 0
	return s
}

// sortRoots orders plays by the lookahead they were evaluated at, deepest
// first, then by equity, then by generation order.
func sortRoots(r []rootPlay) {
	slices.SortStableFunc(r, func(a, b rootPlay) int {
		if a.ply != b.ply {
			return b.ply - a.ply
		}
		if a.eq != b.eq {
			if a.eq > b.eq {
				return -1
			}
			return 1
		}
		return a.idx - b.idx
	})
}

// iterate re-evaluates the best root plays at lookahead ply and reports
// whether it completed; an interrupted iteration leaves roots as they were.
func (s *searcher) iterate(before *Board, plays []Play, roots []rootPlay, ply int) bool {
	n := candidates(roots, ply)
	var next [max(rootKeep1, rootKeep2)]rootPlay
	if s.team != nil && n > 1 {
		if !s.team.iterate(s, before, plays, roots[:n], next[:n], ply) {
			return false
		}
	} else {
		for i := 0; i < n; i++ {
			if !s.evalRoot(before, plays, roots[i], &next[i], ply) {
				return false
			}
		}
	}
	copy(roots, next[:n])
	sortRoots(roots)
	return true
}

// candidates returns how many of roots (sorted) the iteration at ply
// re-evaluates: of the plays the previous iteration evaluated, at least
// the best rootMin, then up to rootKeep within rootMargin of the best.
func candidates(roots []rootPlay, ply int) int {
	least, keep, margin := rootMin1, rootKeep1, rootMargin1
	if ply >= 2 {
		least, keep, margin = rootMin2, rootKeep2, rootMargin2
	}
	n := 0
	for n < len(roots) && n < keep && roots[n].ply == ply-1 &&
		(n < least || roots[0].eq-roots[n].eq <= margin) {
		n++
	}
	return n
}

// evalRoot sets *out to root play r evaluated at ply and reports whether
// the search may go on.
func (s *searcher) evalRoot(before *Board, plays []Play, r rootPlay, out *rootPlay, ply int) bool {
	r.probs = s.playProbs(before, &plays[r.idx], ply)
	if s.aborted {
		return false
	}
	r.ply, r.eq = ply, float64(r.probs.Equity())
	*out = r
	return true
}

// playProbs returns the mover's probabilities after pl (a play from
// before) at lookahead ply.
func (s *searcher) playProbs(before *Board, pl *Play, ply int) Probs {
	if ply == 0 || pl.Result.OnBoard(0) == 0 {
		return s.ev.PlayProbs(before, pl)
	}
	sw := pl.Result.Swapped()
	p := s.evalPly(&sw, ply)
	return p.Flip()
}

// evalPly returns the probabilities of b for b[0], on roll before its roll,
// looking ply rolls ahead: the average over the 21 rolls of the best play's
// value, the plays of each roll filtered at 0-ply. Races in the bearoff
// database and finished games are answered directly.
func (s *searcher) evalPly(b *Board, ply int) Probs {
	if ply == 0 {
		return s.eval0(b)
	}
	if c := Classify(b); c == ClassOver || c == ClassBearoff {
		return s.eval0(b)
	}
	key := plyKey(b.Hash(), ply)
	if p, cost, ok := s.table.probe(key); ok {
		s.cached += uint64(cost)
		if s.lim.MaxNodes > 0 && s.nodes() > s.lim.MaxNodes {
			s.aborted = true
		}
		return p
	}
	start := s.nodes()
	var sum Probs
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			best := s.bestReply(b, d1, d2, ply)
			if s.aborted {
				return sum
			}
			w := rollWeight(d1, d2)
			for k := range sum {
				sum[k] += w * best[k]
			}
		}
	}
	s.table.store(key, sum, s.nodes()-start)
	return sum
}

// bestReply returns the mover's probabilities after its best play of roll
// d1-d2 in b: the best by 0-ply when ply is 1, else the best of the few
// best by 0-ply, each evaluated at ply-1.
func (s *searcher) bestReply(b *Board, d1, d2, ply int) Probs {
	plays := s.gens[ply].Generate(b, d1, d2)
	var top [innerKeep]struct {
		i  int
		eq float32
		p  Probs
	}
	n := 0
	for i := range plays {
		p := s.playProbs0(b, &plays[i])
		if s.aborted {
			return top[0].p
		}
		e := p.Equity()
		j := n
		for j > 0 && top[j-1].eq < e {
			if j < innerKeep {
				top[j] = top[j-1]
			}
			j--
		}
		if j < innerKeep {
			top[j].i, top[j].eq, top[j].p = i, e, p
			n = min(n+1, innerKeep)
		}
	}
	if ply == 1 || s.aborted {
		return top[0].p
	}
	best, bestE := top[0].p, float32(math.Inf(-1))
	for k := 0; k < n && top[0].eq-top[k].eq <= innerMargin; k++ {
		p := s.playProbs(b, &plays[top[k].i], ply-1)
		if s.aborted {
			return best
		}
		if e := p.Equity(); e > bestE {
			best, bestE = p, e
		}
	}
	return best
}

// playProbs0 is PlayProbs with the deadline and node limit polled.
func (s *searcher) playProbs0(before *Board, pl *Play) Probs {
	s.poll()
	return s.ev.PlayProbs(before, pl)
}

// eval0 is the evaluator's Probs with the deadline and node limit polled.
func (s *searcher) eval0(b *Board) Probs {
	s.poll()
	return s.ev.Probs(b)
}

// poll sets aborted when the node limit is reached or, every pollEvals
// evaluations, when the context has ended.
func (s *searcher) poll() {
	n := s.nodes()
	if s.team != nil {
		s.team.poll(s, n)
	} else if s.lim.MaxNodes > 0 && n+1 > s.lim.MaxNodes {
		s.aborted = true
	}
	if n-s.polled >= pollEvals {
		s.polled = n
		if s.ctx.Err() != nil {
			s.aborted, s.hitTime = true, true
		}
	}
}

// nodes returns the evaluations made, counting those table hits stood for.
func (s *searcher) nodes() uint64 { return s.ev.Evals + s.cached }

// report calls Progress with the best root play.
func (s *searcher) report(plays []Play, roots []rootPlay, depth int) {
	if s.lim.Progress == nil {
		return
	}
	r := roots[0]
	s.lim.Progress(Info{Depth: depth, Ply: r.ply, Move: engine.Move(r.idx), Play: FormatPlay(&plays[r.idx]),
		Equity: r.eq, Nodes: s.nodes()})
}

// finish fills res from the ranked roots, choosing with Noise if set.
func (s *searcher) finish(res *Result, pos *Position, plays []Play, roots []rootPlay) {
	best := 0
	if s.lim.Noise > 0 {
		h := pos.Board.Hash()
		bestV := math.Inf(-1)
		for i, r := range roots {
			if v := r.eq + s.lim.Noise*normal(h, r.idx); v > bestV {
				best, bestV = i, v
			}
		}
	}
	r := roots[best]
	res.Move = engine.Move(r.idx)
	res.PV = []engine.Move{res.Move}
	res.Play = FormatPlay(&plays[r.idx])
	res.Ply, res.Probs, res.Equity = r.ply, r.probs, r.eq
	res.Score = millipoints(r.eq)
	if plays[r.idx].Result.OnBoard(0) == 0 {
		res.Outcome, res.PliesToEnd = engine.OutcomeWin, 1
	}
	n := max(s.lim.MultiPV, 1)
	for i := 0; i < len(roots) && i < n; i++ {
		q := roots[i]
		res.Plays = append(res.Plays, PlayScore{Move: engine.Move(q.idx), Play: FormatPlay(&plays[q.idx]),
			Ply: q.ply, Probs: q.probs, Equity: q.eq})
	}
}

// normal returns a standard normal deviate that is a function of h and i
// (Box-Muller on two hashed uniforms).
func normal(h uint64, i int) float64 {
	a := splitmix(h ^ uint64(i)*0x2545f4914f6cdd1d)
	b := splitmix(a)
	u1 := (float64(a>>11) + 0.5) / (1 << 53)
	u2 := float64(b>>11) / (1 << 53)
	return math.Sqrt(-2*math.Log(u1)) * math.Cos(2*math.Pi*u2)
}
