package main

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// mateCP is the score a mate is labelled with (White's view, signed).
const mateCP = 2000

// labelPositions writes each FEN of r with Stockfish's score after a search
// of nodes nodes, from White's view, as "FEN;score". Each search starts
// from an empty table (ucinewgame), so that a position's label does not
// depend on the ones before it.
func labelPositions(r io.Reader, w io.Writer, sfPath string, nodes int, log io.Writer) error {
	cmd := exec.Command(sfPath)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = cmd.Wait() }()
	defer func() { _ = in.Close() }() // ends the engine; its exit is waited for above
	out := bufio.NewScanner(outPipe)
	_, _ = fmt.Fprintln(in, "uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready")
	if err := until(out, "readyok", nil); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	sc := bufio.NewScanner(r)
	for n := 0; sc.Scan(); n++ {
		fen := strings.TrimSpace(sc.Text())
		if fen == "" {
			continue
		}
		_, _ = fmt.Fprintf(in, "ucinewgame\nposition fen %s\ngo nodes %d\n", fen, nodes)
		score := 0
		if err := until(out, "bestmove", func(line string) {
			if s, ok := infoScore(line); ok {
				score = s
			}
		}); err != nil {
			return err
		}
		if strings.Fields(fen)[1] == "b" {
			score = -score
		}
		_, _ = fmt.Fprintf(bw, "%s;%d\n", fen, score)
		if n%5000 == 0 {
			_, _ = fmt.Fprintf(log, "%d labelled\n", n)
		}
	}
	_, _ = fmt.Fprintln(in, "quit")
	if err := sc.Err(); err != nil {
		return err
	}
	return bw.Flush()
}

// until reads lines until one starts with prefix, passing the others to
// each (when not nil).
func until(sc *bufio.Scanner, prefix string, each func(string)) error {
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, prefix) {
			return nil
		}
		if each != nil {
			each(line)
		}
	}
	return fmt.Errorf("stockfish ended before %q", prefix)
}

// infoScore reads an info line's exact score, for the side to move, mates
// as ±mateCP.
func infoScore(line string) (int, bool) {
	f := strings.Fields(line)
	for i := 0; i+2 < len(f); i++ {
		if f[i] != "score" || i+3 < len(f) && (f[i+3] == "lowerbound" || f[i+3] == "upperbound") {
			continue
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil {
			return 0, false
		}
		switch f[i+1] {
		case "cp":
			return max(-mateCP, min(mateCP, n)), true
		case "mate":
			if n > 0 {
				return mateCP, true
			}
			return -mateCP, true
		}
	}
	return 0, false
}
