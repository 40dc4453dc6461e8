package main

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// gui drives a session through pipes, as a GUI does.
type gui struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

// start runs a session on pipes.
func start(t *testing.T) *gui {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	e := &gui{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	go func() {
		err := run(inR, outW)
		outW.Close()
		e.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	t.Cleanup(func() { e.quit() })
	return e
}

// send writes a command line.
func (e *gui) send(cmd string) {
	e.t.Helper()
	if _, err := io.WriteString(e.in, cmd+"\n"); err != nil {
		e.t.Fatal(err)
	}
}

// until reads lines until one starts with prefix, returning the lines read
// (that one last); it fails the test after a minute without it.
func (e *gui) until(prefix string) []string {
	e.t.Helper()
	var got []string
	timeout := time.After(time.Minute)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("output ended before %q: %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			e.t.Fatalf("no %q in a minute: %q", prefix, got)
		}
	}
}

// quit ends the session and waits for it.
func (e *gui) quit() {
	if e.in == nil {
		return
	}
	_, _ = io.WriteString(e.in, "quit\n")
	e.in.Close()
	e.in = nil
	if err := <-e.done; err != nil {
		e.t.Error(err)
	}
}

// TestGoDepth checks info lines for every depth and a legal bestmove, and
// the mate score of WAC.004 (mate in 2, Stockfish 15.1's distance).
func TestGoDepth(t *testing.T) {
	e := start(t)
	e.send("uci")
	e.until("uciok")
	e.send("position startpos moves e2e4 e7e5")
	e.send("go depth 5")
	lines := e.until("bestmove")
	for d := 1; d <= 5; d++ {
		if !containsPrefix(lines, "info depth "+itoa(d)+" ") {
			t.Errorf("no info line for depth %d: %q", d, lines)
		}
	}
	last := lines[len(lines)-2]
	for _, w := range []string{" score cp ", " nodes ", " nps ", " time ", " pv "} {
		if !strings.Contains(last, w) {
			t.Errorf("info line %q lacks %q", last, w)
		}
	}
	e.send("position fen r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1")
	e.send("go depth 8")
	lines = e.until("bestmove")
	if got := lines[len(lines)-1]; !strings.HasPrefix(got, "bestmove h6h7") || !strings.Contains(lines[len(lines)-2], "score mate 2 ") {
		t.Errorf("WAC.004: %q", lines[len(lines)-2:])
	}
}

// TestStopAndReady checks that an infinite search answers isready while it
// runs and ends with a bestmove on stop.
func TestStopAndReady(t *testing.T) {
	e := start(t)
	e.send("position startpos")
	e.send("go infinite")
	e.until("info depth 2 ")
	e.send("isready")
	e.until("readyok")
	e.send("stop")
	if got := e.until("bestmove"); !strings.HasPrefix(got[len(got)-1], "bestmove ") || got[len(got)-1] == "bestmove 0000" {
		t.Errorf("stop: %q", got)
	}
}

// TestGoClock checks that searches by movetime, by clock and by nodes end
// by themselves with a move.
func TestGoClock(t *testing.T) {
	e := start(t)
	e.send("position startpos moves d2d4")
	for _, cmd := range []string{"go movetime 50", "go wtime 2000 btime 2000 winc 10 binc 10", "go btime 500 wtime 100 movestogo 5", "go nodes 3000"} {
		e.send(cmd)
		if got := e.until("bestmove"); got[len(got)-1] == "bestmove 0000" {
			t.Errorf("%s: %q", cmd, got)
		}
	}
}

// TestOptions checks MultiPV, Chess960 castling and bad values.
func TestOptions(t *testing.T) {
	e := start(t)
	e.send("setoption name MultiPV value 3")
	e.send("setoption name Threads value 2")
	e.send("setoption name Hash value 4")
	e.send("position startpos")
	e.send("go depth 3")
	lines := e.until("bestmove")
	for _, k := range []string{"1", "2", "3"} {
		if !containsPrefix(lines, "info depth 3 seldepth") || !strings.Contains(strings.Join(lines, "\n"), " multipv "+k+" ") {
			t.Errorf("no multipv %s line: %q", k, lines)
		}
	}
	e.send("setoption name MultiPV value 1")
	e.send("setoption name Threads value 1")
	e.send("setoption name Level value 10")
	// O-O (the rook from h1 to f1, past the king on g1) is the only mate
	// in one; UCI writes it king takes rook in Chess960.
	e.send("setoption name UCI_Chess960 value true")
	e.send("position fen 4rkr1/4p1p1/8/8/8/8/8/6KR w K - 0 1")
	e.send("go depth 3")
	if got := e.until("bestmove"); !strings.HasPrefix(got[len(got)-1], "bestmove g1h1") || !strings.Contains(got[len(got)-2], "score mate 1 ") {
		t.Errorf("Chess960 castling mate: %q", got[len(got)-2:])
	}
	e.send("setoption name Hash value lots")
	if got := e.until("info string"); !strings.Contains(got[len(got)-1], `option Hash: "lots" is not a number`) {
		t.Errorf("bad value: %q", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestNewGameForgets checks that a game's searches learn from the ones
// before (the table and the histories kept) and that ucinewgame forgets
// both: the same search after it spends the nodes a fresh session's does.
func TestNewGameForgets(t *testing.T) {
	nodes := func(e *gui) string {
		e.t.Helper()
		e.send("position startpos moves e2e4 e7e5 g1f3")
		e.send("go depth 7")
		lines := e.until("bestmove")
		f := strings.Fields(lines[len(lines)-2])
		for i, w := range f {
			if w == "nodes" && i+1 < len(f) {
				return f[i+1]
			}
		}
		e.t.Fatalf("no nodes in %q", lines[len(lines)-2])
		return ""
	}
	fresh := start(t)
	fresh.send("uci")
	fresh.until("uciok")
	want := nodes(fresh)

	e := start(t)
	e.send("uci")
	e.until("uciok")
	e.send("position startpos moves d2d4 d7d5 c2c4")
	e.send("go depth 7")
	e.until("bestmove")
	if got := nodes(e); got == want {
		t.Errorf("after another search: %s nodes, as a fresh session's: nothing was kept", got)
	}
	e.send("ucinewgame")
	if got := nodes(e); got != want {
		t.Errorf("after ucinewgame: %s nodes, a fresh session %s", got, want)
	}
}
