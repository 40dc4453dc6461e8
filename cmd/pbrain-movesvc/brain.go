package main

import (
	"bufio"
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// config holds the command-line limits of every search.
type config struct {
	depth   int    // deepest iteration (0: gomoku.MaxDepth)
	nodes   uint64 // node limit (0: none)
	threads int    // search goroutines until INFO thread_num (0 or less: defaultThreads)
	// untimed drops the turn's deadline, so that depth and nodes alone
	// bound a search and a scripted game is reproducible on a machine of
	// any speed or load (tests; no flag sets it).
	untimed bool
}

// Cell contents of the brain's board.
const (
	free     = 0
	own      = 1
	opponent = 2
)

// brain is one protocol session: the board as the manager sees it, whose
// stones are whose, and the time and rule settings from INFO.
type brain struct {
	cfg   config
	size  int // 0 before START
	cells []int8
	rule  gomoku.Rule
	clock clock
	// maxMemory is INFO max_memory (0: none), which sizes the
	// transposition table (tableBits) with the threads.
	maxMemory int64
	threads   int // search goroutines: -threads, then INFO thread_num
	// session carries the transposition table from one move to the next
	// within a game; START and RESTART begin a new one.
	session *gomoku.Session
}

func newBrain(cfg config) *brain {
	threads := cfg.threads
	if threads <= 0 {
		threads = defaultThreads()
	}
	return &brain{cfg: cfg, clock: defaultClock(), threads: min(threads, maxThreads)}
}

// defaultThreads is the search goroutines -threads 0 asks for: the CPUs
// the process may use, at most maxDefaultThreads.
func defaultThreads() int { return min(runtime.GOMAXPROCS(0), maxDefaultThreads) }

// start answers START and RECTSTART: a square board of a size the engine
// plays.
func (br *brain) start(width, height string) string {
	w, errW := strconv.Atoi(width)
	h, errH := strconv.Atoi(height)
	if errW != nil || errH != nil || w != h {
		return "ERROR only square boards are supported"
	}
	if w < gomoku.MinSize || w > gomoku.MaxSize {
		return fmt.Sprintf("ERROR unsupported size %d (%d to %d)", w, gomoku.MinSize, gomoku.MaxSize)
	}
	br.size = w
	br.cells = make([]int8, w*w)
	br.session = new(gomoku.Session)
	return "OK"
}

// restart answers RESTART: the same board, emptied.
func (br *brain) restart() string {
	if br.size == 0 {
		return "ERROR no START yet"
	}
	clear(br.cells)
	br.session = new(gomoku.Session)
	return "OK"
}

// info records an INFO setting; unknown keys and bad values are ignored, as
// the protocol asks.
func (br *brain) info(arg string) {
	key, value, _ := strings.Cut(arg, " ")
	n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
	if err != nil {
		return
	}
	switch strings.ToLower(key) {
	case "timeout_turn":
		br.clock.turn = ms(n)
	case "timeout_match":
		br.clock.match = ms(n)
	case "time_left":
		br.clock.left = ms(n)
	case "max_memory":
		br.maxMemory = max(n, 0)
	case "thread_num":
		// Not in the Gomocup protocol's list, but sent by managers that
		// run multi-threaded brains (Yixin Board, for one).
		br.threads = int(min(max(n, 1), maxThreads))
	case "rule":
		// A bit mask: 1 exactly five wins, 4 renju (2, a continuous
		// game, is the manager's business).
		switch {
		case n&4 != 0:
			br.rule = gomoku.Renju
		case n&1 != 0:
			br.rule = gomoku.Standard
		default:
			br.rule = gomoku.Freestyle
		}
	}
}

// begin answers BEGIN: the brain opens on the empty board.
func (br *brain) begin() string {
	if br.size == 0 {
		return "ERROR no START yet"
	}
	if stones := br.stones(); stones != 0 {
		return "ERROR BEGIN on a board with stones"
	}
	return br.move()
}

// turn answers TURN x,y: the opponent's stone goes there, then the brain
// moves.
func (br *brain) turn(arg string) string {
	if br.size == 0 {
		return "ERROR no START yet"
	}
	i, msg := br.square(arg)
	if msg != "" {
		return "ERROR " + msg
	}
	br.cells[i] = opponent
	return br.move()
}

// takeback answers TAKEBACK x,y: the stone there is removed.
func (br *brain) takeback(arg string) string {
	if br.size == 0 {
		return "ERROR no START yet"
	}
	v, ok := parseInts(arg, 2)
	if !ok || !br.onBoard(v[0], v[1]) || br.cells[v[1]*br.size+v[0]] == free {
		return "ERROR no stone to take back at " + arg
	}
	br.cells[v[1]*br.size+v[0]] = free
	return "OK"
}

// board answers BOARD: it reads "x,y,field" lines up to DONE (field 1: the
// brain's stone, 2: the opponent's), sets up that position and moves. A bad
// line is answered with ERROR once DONE is read.
func (br *brain) board(sc *bufio.Scanner) string {
	var bad string
	if br.size == 0 {
		bad = "no START yet"
	} else {
		clear(br.cells)
	}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.EqualFold(line, "DONE") {
			if bad != "" {
				return "ERROR " + bad
			}
			return br.move()
		}
		if line == "" || bad != "" {
			continue
		}
		v, ok := parseInts(line, 3)
		switch {
		case !ok || v[2] < own || v[2] > opponent:
			bad = "bad BOARD line " + strconv.Quote(line)
		case !br.onBoard(v[0], v[1]):
			bad = "BOARD square off the board: " + line
		case br.cells[v[1]*br.size+v[0]] != free:
			bad = "BOARD square given twice: " + line
		default:
			br.cells[v[1]*br.size+v[0]] = int8(v[2])
		}
	}
	return "ERROR BOARD without DONE"
}

// square parses "x,y" into the index of an empty square, or returns why it
// cannot.
func (br *brain) square(arg string) (int, string) {
	v, ok := parseInts(arg, 2)
	if !ok {
		return 0, "bad coordinates " + strconv.Quote(arg)
	}
	if !br.onBoard(v[0], v[1]) {
		return 0, "square off the board: " + arg
	}
	i := v[1]*br.size + v[0]
	if br.cells[i] != free {
		return 0, "square already taken: " + arg
	}
	return i, ""
}

func (br *brain) onBoard(x, y int) bool { return x >= 0 && y >= 0 && x < br.size && y < br.size }

func (br *brain) stones() int {
	n := 0
	for _, c := range br.cells {
		if c != free {
			n++
		}
	}
	return n
}

// move searches the current position within the turn's time, puts the
// brain's stone on the board and returns "x,y", or ERROR when the position
// cannot be played (impossible stone counts, a five already on the board,
// a full board).
func (br *brain) move() string {
	st, err := br.state()
	if err != nil {
		return "ERROR " + err.Error()
	}
	ctx, cancel := br.searchContext()
	defer cancel()
	depth := br.cfg.depth
	if depth <= 0 {
		depth = gomoku.MaxDepth
	}
	params := engine.Limits{Depth: depth, TableBits: tableBits(br.maxMemory, br.threads), MaxNodes: br.cfg.nodes}
	res := st.SearchWith(ctx, params, gomoku.Options{Threads: br.threads, Session: br.session})
	row, col := st.Cell(res.Move)
	br.cells[row*br.size+col] = own
	return fmt.Sprintf("%d,%d", col, row)
}

// searchContext returns the context of one move's search: ended by the
// turn's time budget, or by nothing when the brain is untimed.
func (br *brain) searchContext() (context.Context, context.CancelFunc) {
	if br.cfg.untimed {
		return context.WithCancel(context.Background())
	}
	return context.WithTimeout(context.Background(), br.clock.budget())
}

// state builds the engine's position: the brain is x when the stone counts
// are equal (it moved first here) and o when the opponent has one more.
func (br *brain) state() (*gomoku.State, error) {
	counts := [3]int{}
	for _, c := range br.cells {
		counts[c]++
	}
	var marks [3]byte
	switch counts[opponent] - counts[own] {
	case 0:
		marks = [3]byte{'.', 'x', 'o'}
	case 1:
		marks = [3]byte{'.', 'o', 'x'}
	default:
		return nil, fmt.Errorf("cannot move with %d own and %d opponent stones", counts[own], counts[opponent])
	}
	rows := make([]string, br.size)
	row := make([]byte, br.size)
	for y := range br.size {
		for x := range br.size {
			row[x] = marks[br.cells[y*br.size+x]]
		}
		rows[y] = string(row)
	}
	st, err := gomoku.Game{}.NewState(engine.Setup{Board: rows, Options: map[string]any{"rule": br.rule.String()}})
	if err != nil {
		if ie, ok := engine.AsInputError(err); ok {
			return nil, fmt.Errorf("%s", ie.Message)
		}
		return nil, err
	}
	return st.(*gomoku.State), nil
}
