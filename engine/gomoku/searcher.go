package gomoku

import (
	"math/bits"
	"time"

	"movesvc/engine"
)

// The searcher: the state every stage of a search shares (the board, the
// tables, the move stack, the heuristics), its reuse between searches, and
// the polling of the deadline and the node limit.

// maxPly bounds the main search's distance from the root, extensions
// included.
const maxPly = 64

// maxOpenFours bounds the open-four cells and lines defences checks
// without playing the defence; past it, it plays each.
const maxOpenFours = 64

// stackSize is the capacity of the shared move stack.
const stackSize = 1 << 15

// searcher is the per-search state, reused between searches through a pool:
// the move stack shared by every node, the tables and the heuristics, so that
// a search allocates nothing per node.
type searcher struct {
	b        *board
	tt       *engine.Table
	threat   []threatEntry
	gen      uint32
	settings     // from Options.Variant; a search's helpers take its own
	threads  int // Options.Threads: this searcher and its helpers
	// clock counts the nodes and stops the search at its node limit or
	// its context's end (engine.Clock).
	clock engine.Clock

	helperNodes uint64 // of the clock's nodes, those the helpers searched (smp.go)
	threatNodes uint64
	budget      uint64
	rootPly     int
	threatMove  int
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
	// evals are the static values of the nodes on the path from the root,
	// by ply (staticEval), for telling whether the side to move improves.
	evals [maxPly]int32
	pv    [maxPly][maxPly]int16
	pvLen [maxPly]int

	progress progressHook // Params.Progress of the current search

	own  *board // a helper's copy of the main search's board (smp.go)
	crew crew   // the helpers of a search on more than one thread (smp.go)
}

// searcherKey is the key idle searchers (about 5 MiB each) with main
// tables of 1<<bits entries are kept under for reuse (engine.Borrow).
type searcherKey int

// putSearcher hands s back for later searches (engine.Return), counted
// as one search of its table's size holds.
func putSearcher(s *searcher, r *engine.Reservation) {
	s.release()
	bits := bitsOf(s.tt.Len())
	engine.Return(r, searcherKey(bits), s, Game{}.SearchMemory(engine.Limits{TableBits: bits}))
}

// release ends s's hold on the board and the search's settings.
func (s *searcher) release() {
	s.b.detach()
	s.b.setTables(nil, nil)
	s.b, s.progress, s.weights = nil, progressHook{}, nil
	s.clock.Start(nil, 0, 0)
}

// bitsOf returns log2 of n, a power of two.
func bitsOf(n int) int { return bits.Len(uint(n)) - 1 }

// getSearcher returns a searcher with a main table of 1<<bits entries, set
// up to search b until done is closed: opt.Session's when it has one (see
// Session.searcher); else one handed back earlier (engine.Borrow from the
// reservation r); else a new one. A session without a searcher keeps the
// one returned.
func getSearcher(b *board, bits int, done <-chan struct{}, opt Options, r *engine.Reservation) *searcher {
	s := opt.Session.searcher(b, bits)
	if s == nil {
		s, _ = engine.Borrow(r, searcherKey(bits), func() *searcher {
			return &searcher{threat: make([]threatEntry, 1<<threatBits)}
		})
		if s.tt == nil || s.tt.Len() != 1<<bits {
			s.tt = engine.NewTable(bits)
		} else {
			s.tt.NewSearch()
		}
	}
	opt.Session.keep(s, b)
	s.settings, s.threads = opt.Variant.settings(), max(opt.Threads, 1)
	s.begin(b, done)
	return s
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
	s.b = b
	b.setTables(s.values, s.lines)
	b.attach(&s.log)
	s.clock.Start(done, 0, 0)
	s.helperNodes, s.threatNodes, s.sp = 0, 0, 0
	s.rootPly, s.threatMove, s.threatUntil = b.ply, -1, time.Time{}
	for i := range s.killers {
		s.killers[i] = [2]int{-1, -1}
	}
	s.history = [2][maxCells]int32{}
}
