package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// about is the answer to ABOUT.
const about = `name="pbrain-movesvc", version="1.0", author="movesvc", country="-"`

// run reads protocol commands from in and writes the answers to out until
// END or the end of the input. It returns only read and write errors; bad
// commands are answered with ERROR or UNKNOWN and the session goes on.
func run(in io.Reader, out io.Writer, cfg config) error {
	sc := bufio.NewScanner(in)
	w := bufio.NewWriter(out)
	br := newBrain(cfg)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		cmd, arg, _ := strings.Cut(line, " ")
		cmd = strings.ToUpper(cmd)
		arg = strings.TrimSpace(arg)
		var answer string
		switch cmd {
		case "END":
			return w.Flush()
		case "ABOUT":
			answer = about
		case "START":
			answer = br.start(arg, arg)
		case "RECTSTART":
			wd, ht, _ := strings.Cut(arg, ",")
			answer = br.start(wd, ht)
		case "RESTART":
			answer = br.restart()
		case "INFO":
			br.info(arg)
			continue
		case "BEGIN":
			answer = br.begin()
		case "TURN":
			answer = br.turn(arg)
		case "TAKEBACK":
			answer = br.takeback(arg)
		case "BOARD":
			answer = br.board(sc)
		default:
			answer = "UNKNOWN command " + cmd
		}
		if _, err := fmt.Fprintln(w, answer); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return w.Flush()
}

// parseInts parses n comma-separated integers.
func parseInts(s string, n int) ([]int, bool) {
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, false
	}
	out := make([]int, n)
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}
