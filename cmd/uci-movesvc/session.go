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

// session is the state of one UCI conversation: the position the GUI set
// and the options.
type session struct {
	out      *output
	pos      *chess.Position
	chess960 bool
}

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

// run reads UCI commands from in and answers on out until quit or the end
// of the input. It returns only read and write errors: a bad command is
// answered with an "info string" line and the session goes on.
func run(in io.Reader, out io.Writer) error {
	s := &session{out: &output{w: bufio.NewWriter(out)}}
	s.pos, _ = chess.ParseFEN(chess.StartFEN, chess.Standard)
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
		if s.out.err != nil {
			return s.out.err
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
		s.out.println("option name UCI_Chess960 type check default false")
		s.out.println("uciok")
	case "isready":
		s.out.println("readyok")
	case "ucinewgame":
	case "setoption":
		s.setOption(args)
	case "position":
		s.position(args)
	case "go":
		s.goCommand(args)
	case "d":
		s.out.println("info string %s", s.pos.FEN())
	default:
		s.out.println("info string unknown command %s", cmd)
	}
}

// setOption handles "setoption name NAME [value VALUE]".
func (s *session) setOption(args []string) {
	name, value := optionNameValue(args)
	switch strings.ToLower(name) {
	case "uci_chess960":
		s.chess960 = strings.EqualFold(value, "true")
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
	if s.chess960 {
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
	s.pos = p
}

// goCommand handles "go": "go perft N" counts the legal move tree.
func (s *session) goCommand(args []string) {
	if len(args) == 2 && args[0] == "perft" {
		depth, err := strconv.Atoi(args[1])
		if err != nil || depth < 1 {
			s.out.println("info string go perft: want a depth of 1 or more")
			return
		}
		s.perft(depth)
		return
	}
	s.out.println("info string go: only go perft N is supported so far")
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
