package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Waits for an engine's answers beyond the time it was given.
const (
	startWait = 30 * time.Second // uci and isready at start
	moveGrace = 2 * time.Second  // a move may take its time plus this
	untimed   = 10 * time.Minute // a move given no time (depth or nodes)
	exitWait  = 2 * time.Second
)

// engineProc is a running UCI engine.
type engineProc struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines <-chan string // closed when the engine's output ends
	name  string
}

// errTimeout says an engine did not answer in time.
var errTimeout = errors.New("no answer in time")

// startEngine starts the program argv, runs the UCI handshake and sets
// the options (name to value).
func startEngine(argv []string, options [][2]string) (*engineProc, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.WaitDelay = exitWait
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", argv[0], err)
	}
	lines := make(chan string, 256)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	e := &engineProc{cmd: cmd, in: in, lines: lines, name: argv[0]}
	e.send("uci")
	for {
		l, err := e.read(startWait)
		if err != nil {
			e.close()
			return nil, fmt.Errorf("%s: uci: %w", argv[0], err)
		}
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			e.name = name
		}
		if l == "uciok" {
			break
		}
	}
	for _, o := range options {
		e.send("setoption name " + o[0] + " value " + o[1])
	}
	if err := e.ready(); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// send writes a command; a write error shows as the engine not answering.
func (e *engineProc) send(cmd string) { _, _ = io.WriteString(e.in, cmd+"\n") }

// read returns the next output line within wait.
func (e *engineProc) read(wait time.Duration) (string, error) {
	select {
	case l, ok := <-e.lines:
		if !ok {
			return "", errors.New("the engine exited")
		}
		return l, nil
	case <-time.After(wait):
		return "", errTimeout
	}
}

// ready sends isready and waits for readyok.
func (e *engineProc) ready() error {
	e.send("isready")
	for {
		l, err := e.read(startWait)
		if err != nil {
			return fmt.Errorf("%s: isready: %w", e.name, err)
		}
		if l == "readyok" {
			return nil
		}
	}
}

// answer is an engine's move and the last score it reported (centipawns
// from its side's view; a mate in n as ±(100000-n)).
type answer struct {
	move     string
	score    int
	hasScore bool
	depth    int
	elapsed  time.Duration
}

// mateScore is how answer.score writes a mate.
const mateScore = 100000

// think sends the position and the go command and waits up to wait for
// bestmove.
func (e *engineProc) think(position, goCmd string, wait time.Duration) (answer, error) {
	e.send(position)
	start := time.Now()
	e.send(goCmd)
	var a answer
	deadline := start.Add(wait)
	for {
		l, err := e.read(time.Until(deadline))
		if err != nil {
			return a, err
		}
		if s, ok := lastScore(l); ok {
			a.score, a.hasScore, a.depth = s, true, infoDepth(l)
		}
		if rest, ok := strings.CutPrefix(l, "bestmove "); ok {
			a.move = strings.Fields(rest + " ")[0]
			a.elapsed = time.Since(start)
			return a, nil
		}
	}
}

// infoDepth reads the depth of an info line, or 0.
func infoDepth(line string) int {
	f := strings.Fields(line)
	for i := 1; i+1 < len(f); i++ {
		if f[i] == "depth" {
			n, _ := strconv.Atoi(f[i+1])
			return n
		}
	}
	return 0
}

// lastScore reads the score of an info line (not a lower or upper bound).
func lastScore(line string) (int, bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return 0, false
	}
	for i := 1; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		if i+3 < len(f) && (f[i+3] == "lowerbound" || f[i+3] == "upperbound") {
			return 0, false
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil {
			return 0, false
		}
		switch f[i+1] {
		case "cp":
			return n, true
		case "mate":
			if n > 0 {
				return mateScore - n, true
			}
			return -mateScore - n, true
		}
	}
	return 0, false
}

// close asks the engine to quit and waits for it, killing it if it hangs.
func (e *engineProc) close() {
	e.send("quit")
	_ = e.in.Close()
	done := make(chan struct{})
	go func() {
		_ = e.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(exitWait):
		_ = e.cmd.Process.Kill()
		<-done
	}
}
