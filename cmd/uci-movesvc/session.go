package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"movesvc/engine/chess"
)

// session is the state of one UCI conversation: the position the GUI set,
// the options, the table and the move-ordering history kept between the
// searches of a game, and the search running.
type session struct {
	out *output
	pos *chess.Position
	// fen and moves are the position as the GUI gave it, which a weaker
	// level plays from as the service does (levelSearch).
	fen      string
	moves    []string
	opts     options
	table    *chess.Table
	history  chess.History
	searchMu sync.Mutex
	running  *search
}

// options are the engine's UCI options.
type options struct {
	threads, hashMB, multiPV, overheadMS, level int
	chess960                                    bool
	// seed is a weaker level's seed, as a request's seed.
	seed uint64
}

// defaultOptions are the options a session starts with.
var defaultOptions = options{threads: 1, hashMB: 16, multiPV: 1, overheadMS: 20, level: chess.MaxLevel}

// output writes whole lines to the GUI, one writer at a time.
type output struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

// println writes one line and flushes it; the first write error sticks.
func (o *output) println(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return
	}
	if _, o.err = fmt.Fprintf(o.w, format+"\n", args...); o.err == nil {
		o.err = o.w.Flush()
	}
}

// failed returns the first write error.
func (o *output) failed() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// run reads UCI commands from in and answers on out until quit or the end
// of the input, then stops a running search (which still prints its
// bestmove). It returns only read and write errors: a bad command is
// answered with an "info string" line and the session goes on.
func run(in io.Reader, out io.Writer) error {
	s := &session{out: &output{w: bufio.NewWriter(out)}, opts: defaultOptions}
	s.pos, _ = chess.ParseFEN(chess.StartFEN, chess.Standard)
	s.fen = chess.StartFEN
	defer s.stop()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if fields[0] == "quit" {
			break
		}
		s.command(fields[0], fields[1:])
		if err := s.out.failed(); err != nil {
			return err
		}
	}
	return sc.Err()
}

// command runs one command with its arguments.
func (s *session) command(cmd string, args []string) {
	switch cmd {
	case "uci":
		s.out.println("id name movesvc")
		s.out.println("id author the movesvc authors")
		s.out.println("option name Threads type spin default 1 min 1 max 64")
		s.out.println("option name Hash type spin default 16 min 1 max 4096")
		s.out.println("option name MultiPV type spin default 1 min 1 max 256")
		s.out.println("option name Move Overhead type spin default 20 min 0 max 5000")
		s.out.println("option name Level type spin default 10 min 1 max 10")
		s.out.println("option name Seed type spin default 0 min 0 max 2147483647")
		s.out.println("option name UCI_Chess960 type check default false")
		s.out.println("uciok")
	case "isready":
		s.out.println("readyok")
	case "ucinewgame":
		s.stop()
		if s.table != nil {
			s.table.Clear()
		}
		s.history.Clear()
	case "setoption":
		s.stop()
		s.setOption(args)
	case "position":
		s.stop()
		s.position(args)
	case "go":
		s.stop()
		s.goCommand(args)
	case "stop":
		s.stop()
	case "d":
		s.out.println("info string %s", s.pos.FEN())
	default:
		s.out.println("info string unknown command %s", cmd)
	}
}

// setOption handles "setoption name NAME [value VALUE]".
func (s *session) setOption(args []string) {
	name, value := optionNameValue(args)
	spin := func(dst *int, lo, hi int) {
		n, err := strconv.Atoi(value)
		if err != nil || n < lo || n > hi {
			s.out.println("info string option %s: %q is not a number from %d to %d", name, value, lo, hi)
			return
		}
		*dst = n
	}
	switch strings.ToLower(name) {
	case "threads":
		spin(&s.opts.threads, 1, 64)
	case "hash":
		old := s.opts.hashMB
		if spin(&s.opts.hashMB, 1, 4096); s.opts.hashMB != old {
			s.table = nil
		}
	case "multipv":
		spin(&s.opts.multiPV, 1, 256)
	case "move overhead":
		spin(&s.opts.overheadMS, 0, 5000)
	case "level":
		spin(&s.opts.level, 1, chess.MaxLevel)
	case "seed":
		seed := int(s.opts.seed)
		spin(&seed, 0, 1<<31-1)
		s.opts.seed = uint64(seed)
	case "uci_chess960":
		s.opts.chess960 = strings.EqualFold(value, "true")
	default:
		s.out.println("info string unknown option %s", name)
	}
}

// optionNameValue splits setoption's arguments into the option's name and
// value, both of which may contain spaces.
func optionNameValue(args []string) (name, value string) {
	line := " " + strings.Join(args, " ") + " "
	_, rest, _ := strings.Cut(line, " name ")
	name, value, _ = strings.Cut(rest, " value ")
	return strings.TrimSpace(name), strings.TrimSpace(value)
}

// variant returns the rules the session plays under.
func (s *session) variant() chess.Variant {
	if s.opts.chess960 {
		return chess.Chess960
	}
	return chess.Standard
}

// position handles "position startpos|fen FEN [moves M...]". A bad FEN or
// move is reported and leaves the previous position.
func (s *session) position(args []string) {
	fen := chess.StartFEN
	var moves []string
	switch {
	case len(args) > 0 && args[0] == "startpos":
		args = args[1:]
	case len(args) > 0 && args[0] == "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen = strings.Join(args[1:i], " ")
		args = args[i:]
	default:
		s.out.println("info string position: want startpos or fen")
		return
	}
	if len(args) > 0 && args[0] == "moves" {
		moves = args[1:]
	}
	p, err := chess.NewGame(fen, moves, s.variant())
	if err != nil {
		s.out.println("info string position: %v", err)
		return
	}
	s.pos, s.fen, s.moves = p, fen, moves
}

// perft prints the perft count below each legal move and their sum, as
// Stockfish's "go perft" does.
func (s *session) perft(depth int) {
	moves, counts := s.pos.Divide(depth)
	var total uint64
	for i, m := range moves {
		s.out.println("%s: %d", s.pos.UCI(m), counts[i])
		total += counts[i]
	}
	s.out.println("")
	s.out.println("Nodes searched: %d", total)
	s.out.println("")
}
