package gomoku

import (
	"context"
	"math/bits"
	"time"

	"movesvc/engine"
)

// maxPly bounds the main search's distance from the root, extensions
// included.
const maxPly = 64

// maxOpenFours bounds the open-four cells and lines defences checks
// without playing the defence; past it, it plays each.
const maxOpenFours = 64

// stackSize is the capacity of the shared move stack.
const stackSize = 1 << 15

// Options are search settings beyond engine.Params, for tools and tests;
// engine.Search uses the zero value.
type Options struct {
	// NoThreatSearch turns off VCF and VCT at the root and inside the tree,
	// leaving PVS over the pattern evaluation with the threat-aware move
	// generation, the quiescence search and the wins found without search:
	// the baseline the arena measures the threat search against.
	NoThreatSearch bool
	// Plain turns off everything that knows about threats: VCF and VCT,
	// the forced block of a four, the open-three defences, the extension of
	// forced replies, the quiescence search and the wins found without
	// search; and the evaluation weighs the line patterns alone, by hand-set
	// weights (PatternWeights), not the cell classes such as four-three.
	// What is left is plain alpha-beta (PVS with the table, killers and
	// history) over every cell within two of a stone, the engine a Gomoku
	// programmer writes first: the arena's baseline for what the threat
	// knowledge adds. Options.Weights, when set, replace its weights too.
	Plain bool
	// NoPruning searches every candidate at quiet nodes instead of the
	// first ones in move order (see pruneBase): the baseline the arena
	// measures the move-count pruning against.
	NoPruning bool
	// Weights, when set, replace the evaluation's default weights: the
	// arena's way of measuring tuned weights against others.
	Weights *EvalWeights
	// Threads, when more than one, runs the main search's iterations on
	// that many goroutines sharing the transposition table (lazy SMP,
	// smp.go): more depth in the same time, but the answer then depends on
	// timing, not only on the position and the settings. Tools that play
	// on the clock (the Gomocup brain, the arena) set it; the service does
	// not, so that its depth-limited answers are reproducible, and
	// State.Search ignores engine.Params.Threads for the same reason.
	Threads int
	// Session, when set, carries the searcher and its transposition table
	// over from the last search made with it (see Session): for a player
	// that searches the positions of one game in turn. The result then
	// depends on the searches before, so the service does not set it.
	// The session's searcher stays with it, outside engine.Params.Memory.
	Session *Session
	// pruneWidth, when positive, replaces the pruning's width at every
	// depth (tests of its safeguards; see export_test.go).
	pruneWidth int
	// noNullMove turns null-move pruning off alone (tests).
	noNullMove bool
	// noReductions turns late-move reductions off alone (tests).
	noReductions bool
	// noSymmetry searches every root move of a symmetric position (tests).
	noSymmetry bool
}

// searcher is the per-search state, reused between searches through a pool:
// the move stack shared by every node, the tables and the heuristics, so that
// a search allocates nothing per node.
type searcher struct {
	b        *board
	tt       *engine.Table
	threat   []threatEntry
	gen      uint32
	done     <-chan struct{}
	maxNodes uint64
	settings     // from Options; a search's helpers take its own
	threads  int // Options.Threads: this searcher and its helpers
	mayStop  bool
	stopped  bool
	deadline bool // the context ended the search

	nodes       uint64
	helperNodes uint64 // of nodes, those the helpers searched (smp.go)
	threatNodes uint64
	budget      uint64
	rootPly     int
	threatMove  int
	// nullPly is the ply of the pass being searched (nullMove), or
	// below -1 when none is.
	nullPly int
	// threatUntil ends the root threat searches at a quarter of the time
	// to the deadline, leaving the rest to the main search; zero: no
	// deadline.
	threatUntil time.Time

	moves   [stackSize]int16
	scores  [stackSize]int32
	sp      int
	mark    [maxCells]uint32
	markGen uint32

	// log is attached to the board while searching (undolog.go).
	log undoLog

	// openFours is defences' list of the cells and lines where the
	// attacker makes an open four.
	openFours [maxOpenFours]lineCell

	killers [maxPly][2]int
	history [2][maxCells]int32
	pv      [maxPly][maxPly]int16
	pvLen   [maxPly]int

	progress progressHook // Params.Progress of the current search

	own  *board // a helper's copy of the main search's board (smp.go)
	crew crew   // the helpers of a search on more than one thread (smp.go)
}

// searchers keeps a few idle searchers (about 5 MiB each, plus the table)
// for searches without a memory reservation. A channel rather than a
// sync.Pool: a pool may drop them at any collection, and a search would
// then allocate and clear megabytes.
var searchers = make(chan *searcher, 4)

// searcherKey is the key idle searchers with main tables of 1<<bits entries
// are kept under in a memory budget (engine.Reservation.Keep).
type searcherKey int

// putSearcher hands s back for later searches: to the reservation r's
// budget, which keeps it within its room, when the search had one; else to
// the idle list, or drops it when the list is full.
func putSearcher(s *searcher, r *engine.Reservation) {
	s.release()
	if r != nil {
		bits := bitsOf(s.tt.Len())
		r.Keep(searcherKey(bits), s, Game{}.SearchMemory(engine.Params{TableBits: bits}))
		return
	}
	select {
	case searchers <- s:
	default:
	}
}

// release ends s's hold on the board and the search's settings.
func (s *searcher) release() {
	s.b.detach()
	s.b, s.done, s.progress, s.weights = nil, nil, progressHook{}, nil
}

// bitsOf returns log2 of n, a power of two.
func bitsOf(n int) int { return bits.Len(uint(n)) - 1 }

// getSearcher returns a searcher with a main table of 1<<bits entries, set
// up to search b until done is closed: opt.Session's when it has one (see
// Session.searcher); else one handed back earlier, to the reservation r's
// budget or, when r is nil, to the idle list; else a new one. A session
// without a searcher keeps the one returned.
func getSearcher(b *board, bits int, done <-chan struct{}, opt Options, r *engine.Reservation) *searcher {
	s := opt.Session.searcher(b, bits)
	if s == nil {
		if r != nil {
			s, _ = r.Take(searcherKey(bits)).(*searcher)
		} else {
			select {
			case s = <-searchers:
			default:
			}
		}
		if s == nil {
			s = &searcher{threat: make([]threatEntry, 1<<threatBits)}
		}
		if s.tt == nil || s.tt.Len() != 1<<bits {
			s.tt = engine.NewTable(bits)
		} else {
			s.tt.NewSearch()
		}
	}
	opt.Session.keep(s, b)
	s.maxNodes, s.settings, s.threads = 0, opt.settings(), max(opt.Threads, 1)
	s.begin(b, done)
	return s
}

// settings are the search options as the searcher applies them.
type settings struct {
	useThreats bool // threat search on
	plain      bool // no threat knowledge at all (Options.Plain)
	prune      bool // move-count pruning at quiet nodes
	pruneWidth int  // Options.pruneWidth
	nullPrune  bool // null-move pruning (part of prune unless Options.noNullMove)
	reduce     bool // late-move reductions (part of prune unless Options.noReductions)
	symmetric  bool // one root move of each set a symmetry of the position maps together
	weights    *EvalWeights
}

// settings returns what opt asks of a searcher.
func (opt Options) settings() settings {
	prune := !opt.NoPruning && !opt.Plain
	out := settings{
		useThreats: !opt.NoThreatSearch && !opt.Plain,
		plain:      opt.Plain,
		prune:      prune,
		pruneWidth: opt.pruneWidth,
		nullPrune:  prune && !opt.noNullMove,
		reduce:     prune && !opt.noReductions,
		symmetric:  !opt.Plain && !opt.noSymmetry,
		weights:    &defaultWeights,
	}
	if opt.Plain {
		out.weights = &patternWeights
	}
	if opt.Weights != nil {
		out.weights = opt.Weights
	}
	return out
}

// begin readies s, its settings made, to search b until done is closed:
// a new generation of its threat table, the undo log attached, the counters
// and the heuristics cleared.
func (s *searcher) begin(b *board, done <-chan struct{}) {
	s.gen++
	if s.gen == 0 {
		clear(s.threat)
		s.gen = 1
	}
	s.b, s.done = b, done
	b.attach(&s.log)
	s.mayStop, s.stopped, s.deadline = false, false, false
	s.nodes, s.helperNodes, s.threatNodes, s.sp = 0, 0, 0, 0
	s.rootPly, s.threatMove, s.threatUntil = b.ply, -1, time.Time{}
	s.nullPly = -2
	for i := range s.killers {
		s.killers[i] = [2]int{-1, -1}
	}
	s.history = [2][maxCells]int32{}
}

// poll stops the search, once stopping is allowed, when the node limit is
// reached or, every 256 nodes, when the context has ended.
func (s *searcher) poll() {
	if !s.mayStop {
		return
	}
	if s.maxNodes != 0 && s.nodes >= s.maxNodes {
		s.stopped = true
	}
	if s.nodes&255 == 0 {
		select {
		case <-s.done:
			s.stopped, s.deadline = true, true
		default:
		}
	}
}

// rootThreatBudget is the node budget of each threat search at the root
// (the side to move's VCF and VCT, the check of the opponent's VCF), for a
// requested depth: small for shallow requests, growing fourfold per ply, at
// most maxRootThreatNodes and an eighth of the node limit when there is one.
func (s *searcher) rootThreatBudget(depth int) uint64 {
	b := min(uint64(rootThreatBase)<<(2*uint(min(depth, 10))), maxRootThreatNodes)
	if s.maxNodes != 0 {
		b = min(b, s.maxNodes/rootThreatNodeShare)
	}
	return b
}

// Search finds a move for the side to move: SearchWith with no options.
func (st *State) Search(ctx context.Context, params engine.Params) engine.Result {
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
func (st *State) SearchWith(ctx context.Context, params engine.Params, opt Options) engine.Result {
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
	s.maxNodes = params.MaxNodes
	s.progress = progressHook{fn: params.Progress, start: start, size: b.size}
	if d, ok := ctx.Deadline(); ok {
		s.threatUntil = start.Add(d.Sub(start) / rootThreatTimeShare)
	}
	res := s.root(depth)
	res.Elapsed = time.Since(start)
	res.Nodes = s.nodes
	res.DeadlineHit = res.DeadlineHit || s.deadline
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

// opening returns the result for a move chosen without search.
func (s *searcher) opening(m int) engine.Result {
	return engine.Result{Move: engine.Move(m), Score: int(evaluate(s.b, s.weights)), Depth: 1, Complete: true,
		PV: []engine.Move{engine.Move(m)}}
}

// root runs the search stages described at SearchWith and returns a result
// whose moves are padded cells.
func (s *searcher) root(depth int) engine.Result {
	b := s.b
	me, opp := b.toMove(), 1-b.toMove()
	switch {
	case b.stones == 0:
		return s.opening(b.index(b.size/2, b.size/2))
	case b.stones == 1:
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
			return proved(engine.OutcomeLoss, m, 2)
		}
	}
	if s.useThreats {
		s.mayStop = true
		s.budget = s.rootThreatBudget(depth)
		s.threatNodes = 0
		if plies := s.vcf(maxVCF); plies > 0 && s.threatMove >= 0 {
			return proved(engine.OutcomeWin, s.threatMove, plies)
		}
		if depth >= rootVCTFromDepth {
			s.threatNodes = 0
			for d := 1; d <= rootVCTThrees && !s.stopped; d++ {
				s.threatMove = -1
				if plies := s.vctAttack(d); plies > 0 && s.threatMove >= 0 {
					return proved(engine.OutcomeWin, s.threatMove, plies)
				}
			}
		}
		s.stopped = false
	}
	s.threatUntil = time.Time{}
	res := s.iterate(depth)
	if res.Outcome == engine.OutcomeLoss && s.useThreats && !s.stopped {
		// Every move loses against best play. Choose the one a search
		// without the threat search prefers, which keeps the most natural
		// defence against an opponent that may not find the win.
		loss, plies := res.Outcome, res.PliesToEnd
		s.useThreats, s.threads = false, 1
		s.tt.NewSearch()
		res = s.iterate(min(depth, lossDefenceDepth))
		res.Outcome, res.PliesToEnd, res.Complete = loss, plies, true
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
