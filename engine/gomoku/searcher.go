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
	done     <-chan struct{}
	maxNodes uint64
	settings     // from Options.Variant; a search's helpers take its own
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
	s.b.setTables(nil, nil)
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
	s.maxNodes, s.settings, s.threads = 0, opt.Variant.settings(), max(opt.Threads, 1)
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
	s.b, s.done = b, done
	b.setTables(s.values, s.lines)
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
