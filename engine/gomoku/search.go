package gomoku

import (
	"context"
	"time"

	"movesvc/engine"
)

// The search's entry points and its stages at the root: the openings that
// need no search, the fives, the threat-space search, then the main search
// (root.go, pvs.go).

// Options are search settings beyond engine.Limits, for tools and tests;
// engine.Search uses the zero value.
type Options struct {
	// Threads, when more than one, runs the main search's iterations on
	// that many goroutines sharing the transposition table (lazy SMP,
	// smp.go): more depth in the same time, but the answer then depends on
	// timing, not only on the position and the settings. Tools that play
	// on the clock (the Gomocup brain, the arena) set it; the service does
	// not, so that its depth-limited answers are reproducible, and
	// State.Search ignores engine.Limits.Threads for the same reason.
	Threads int
	// Session, when set, carries the searcher and its transposition table
	// over from the last search made with it (see Session): for a player
	// that searches the positions of one game in turn. The result then
	// depends on the searches before, so the service does not set it.
	// The session's searcher stays with it, outside engine.Limits.Memory.
	Session *Session
	// Variant changes the evaluation, the move ordering or parts of the
	// search for the experiments of engine/gomoku/lab; the zero Variant is
	// the engine's own search.
	Variant Variant
}

// rootThreatBudget is the node budget of each threat search at the root
// (the side to move's VCF and VCT, the check of the opponent's VCF), for a
// requested depth: small for shallow requests, growing fourfold per ply, at
// most maxRootThreatNodes and an eighth of the node limit when there is one.
func (s *searcher) rootThreatBudget(depth int) uint64 {
	b := min(uint64(rootThreatBase)<<(2*uint(min(depth, 10))), maxRootThreatNodes)
	if n := s.clock.MaxNodes(); n != 0 {
		b = min(b, n/rootThreatNodeShare)
	}
	return b
}

// Search finds a move for the side to move: SearchWith with no options.
func (st *State) Search(ctx context.Context, params engine.Limits) engine.Result {
	return st.SearchWith(ctx, params, Options{})
}

// SearchWith finds a move for the side to move. In order: the centre on an
// empty board and a diagonal neighbour of a lone stone (openings that need
// no search); an immediate five; a win by continuous fours (VCF); a win by
// fours and threes (VCT, from depth 3); then iterative-deepening PVS up to
// the requested depth (DefaultDepth when none, at most MaxDepth), its root
// moves restricted to those that stop the opponent's continuous fours when
// the opponent has some, and in a position a symmetry of the board leaves
// as it is to one move of each set the symmetry maps together. A proved
// result sets Outcome and PliesToEnd; st is restored before it returns.
// params.MaxNodes stops it as a deadline would (the first iteration still
// completes, so the move is legal). With no deadline hit the result depends
// only on st, params and opt (and, with opt.Session, on the searches made
// with it before).
func (st *State) SearchWith(ctx context.Context, params engine.Limits, opt Options) engine.Result {
	start := time.Now()
	b := &st.b
	depth := params.Depth
	if depth <= 0 {
		depth = DefaultDepth
	}
	depth = min(depth, MaxDepth, st.RemainingPlies(), maxPly-2)
	bits := params.TableBits
	if bits <= 0 {
		bits = engine.DefaultTableBits
	}
	bits = min(bits, engine.MaxTableBits)
	s := getSearcher(b, bits, ctx.Done(), opt, params.Memory)
	if opt.Session != nil {
		defer s.release()
	} else {
		defer putSearcher(s, params.Memory)
	}
	s.clock.Limit(params.MaxNodes)
	s.progress = progressHook{fn: params.Progress, start: start, size: b.size}
	if d, ok := ctx.Deadline(); ok {
		s.threatUntil = engine.ShareOf(start, d, 1, rootThreatTimeShare, 0)
	}
	res := s.root(depth)
	res.Elapsed = time.Since(start)
	res.Nodes = s.clock.Nodes
	res.DeadlineHit = res.DeadlineHit || s.clock.DeadlineHit()
	res.Move = st.unpad(int(res.Move))
	for i, m := range res.PV {
		res.PV[i] = st.unpad(int(m))
	}
	if res.Outcome != engine.OutcomeUnknown {
		res.Score = engine.DefaultExactScore(res.Outcome, res.PliesToEnd)
	}
	return res
}

// proved returns the result of a proved win or loss by the padded cell m.
func proved(o engine.Outcome, m, plies int) engine.Result {
	return engine.Result{Move: engine.Move(m), Outcome: o, PliesToEnd: plies, Depth: 1,
		Complete: true, PV: []engine.Move{engine.Move(m)}}
}

// opening returns the result for a move chosen without search: depth 0
// (nothing was searched), complete, scored by the static evaluation.
func (s *searcher) opening(m int) engine.Result {
	return engine.Result{Move: engine.Move(m), Score: int(evaluate(s.b, s.weights)), Depth: 0, Complete: true,
		PV: []engine.Move{engine.Move(m)}}
}

// root runs the search stages described at SearchWith and returns a result
// whose moves are padded cells.
func (s *searcher) root(depth int) engine.Result {
	b := s.b
	me, opp := b.toMove(), 1-b.toMove()
	switch b.stones {
	case 0:
		return s.opening(b.index(b.size/2, b.size/2))
	case 1:
		return s.opening(secondMove(b))
	}
	if b.count[me][patFive] > 0 {
		s.fives(me)
		m := int(s.moves[0])
		s.sp = 0
		return proved(engine.OutcomeWin, m, 1)
	}
	if b.count[opp][patFive] > 0 {
		n := s.fives(opp)
		m := int(s.moves[0])
		s.sp = 0
		if n > 1 {
			if !b.mayPlay(me, m) {
				m = b.firstAllowed()
			}
			return proved(engine.OutcomeLoss, m, 2)
		}
	}
	if s.useThreats {
		s.clock.Arm(true)
		s.budget = s.rootThreatBudget(depth)
		s.threatNodes = 0
		if plies := s.vcf(maxVCF); plies > 0 && s.threatMove >= 0 {
			return proved(engine.OutcomeWin, s.threatMove, plies)
		}
		if depth >= rootVCTFromDepth {
			s.threatNodes = 0
			for d := 1; d <= rootVCTThrees && !s.clock.Stopped(); d++ {
				s.threatMove = -1
				if plies := s.vctAttack(d); plies > 0 && s.threatMove >= 0 {
					return proved(engine.OutcomeWin, s.threatMove, plies)
				}
			}
		}
		s.clock.Resume()
	}
	s.threatUntil = time.Time{}
	res := s.iterate(depth)
	if res.Outcome == engine.OutcomeLoss && s.useThreats && !s.clock.Stopped() {
		// Every move loses against best play. Choose the one a search
		// without the threat search prefers, which keeps the most natural
		// defence against an opponent that may not find the win; or, when
		// the limits stop that search before it scores a move, the
		// losing search's move.
		lost := res
		s.useThreats, s.threads = false, 1
		s.tt.NewSearch()
		if res = s.iterate(min(depth, lossDefenceDepth)); res.Move == engine.NoMove {
			res = lost
		}
		res.Outcome, res.PliesToEnd, res.Complete = lost.Outcome, lost.PliesToEnd, true
	}
	return res
}

// secondMove returns the reply to the lone stone on b: its diagonal neighbour on
// the side of the centre. Every diagonal neighbour of a centre stone is the
// same move by symmetry, and the diagonal is the usual strong reply.
func secondMove(b *board) int {
	row, col := b.rowCol(b.lastMove())
	c := b.size / 2
	dr, dc := 1, 1
	if row >= c {
		dr = -1
	}
	if col >= c {
		dc = -1
	}
	return b.index(row+dr, col+dc)
}
