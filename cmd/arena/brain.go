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

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/grid"
)

// Waits for an outside brain's answers. A brain given time=D may take D
// plus brainGrace for a move (process start-up, pipes, a loaded machine);
// one without a time setting, brainUntimed; one given wait=W, W either
// way. START may take brainStartWait (an interpreter loading its engine).
const (
	brainGrace     = 2 * time.Second
	brainUntimed   = 10 * time.Minute
	brainStartWait = 30 * time.Second
)

// brainExitWait is how long a brain has to exit after END before it is
// killed (a variable for the tests of a brain that never exits).
var brainExitWait = 2 * time.Second

// brainTurnPause is the least time between a brain's answer and the TURN
// that follows it. A manager's TURN comes milliseconds after an answer
// at the earliest; one that came within microseconds (the other side
// answering at once) made a brain that prints its move before it is done
// with it read the TURN as a stray command and forfeit.
const brainTurnPause = 5 * time.Millisecond

// brainSide is an outside Gomocup brain playing one side of one game: a
// process started for the game, told the position with BOARD (or BEGIN on
// an empty board) on its first move and each reply of its opponent with
// TURN, as the Gomocup manager does.
type brainSide struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines <-chan string // the brain's output lines; closed when it ends
	wait  time.Duration // the most an answer to BEGIN, BOARD or TURN may take
	told  int           // moves of the game the brain knows of: 0 before its first move
	// answered is when the brain last answered a move (brainTurnPause).
	answered time.Time
}

// startBrain starts p's brain for a game of mc and sends START and the
// INFO settings: the rule and, where p has them, timeout_turn, max_depth
// and max_node.
// An error here (the program missing, START refused) ends the match: every
// game would fail the same way.
func startBrain(p player, mc matchConfig) (*brainSide, error) {
	cmd := exec.Command(p.brain[0], p.brain[1:]...)
	// Wait closes the pipes this long after the brain exits even if a
	// process it started still holds them.
	cmd.WaitDelay = brainExitWait
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("brain %q: %w", p.brain[0], err)
	}
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- strings.TrimSpace(sc.Text())
		}
	}()
	b := &brainSide{cmd: cmd, in: in, lines: lines, wait: answerWait(p)}
	if err := b.send(fmt.Sprintf("START %d", mc.size)); err != nil {
		b.close()
		return nil, fmt.Errorf("brain %q: %w", p.brain[0], err)
	}
	if answer, err := b.answer(brainStartWait); err != nil || answer != "OK" {
		b.close()
		if err == nil {
			err = fmt.Errorf("answered %q", answer)
		}
		return nil, fmt.Errorf("brain %q: START %d: %w", p.brain[0], mc.size, err)
	}
	rule := 0 // the Gomocup rule: bit 1 exactly five, bit 4 renju
	switch mc.rule {
	case gomoku.Standard.String():
		rule = 1
	case gomoku.Renju.String():
		rule = 4
	}
	info := fmt.Sprintf("INFO rule %d", rule)
	if p.time > 0 {
		info = fmt.Sprintf("INFO timeout_turn %d\n%s", p.time.Milliseconds(), info)
	}
	if p.depth > 0 {
		info = fmt.Sprintf("INFO max_depth %d\n%s", p.depth, info)
	}
	if p.nodes > 0 {
		info = fmt.Sprintf("INFO max_node %d\n%s", p.nodes, info)
	}
	if err := b.send(info); err != nil {
		b.close()
		return nil, fmt.Errorf("brain %q: %w", p.brain[0], err)
	}
	return b, nil
}

// answerWait returns the most brain player p's answer to a move may take:
// its wait setting when given, else its time plus brainGrace, else
// brainUntimed.
func answerWait(p player) time.Duration {
	switch {
	case p.wait > 0:
		return p.wait
	case p.time > 0:
		return p.time + brainGrace
	}
	return brainUntimed
}

// send writes the protocol lines of cmd.
func (b *brainSide) send(cmd string) error {
	_, err := io.WriteString(b.in, cmd+"\n")
	return err
}

// answer returns the brain's next line that is not a MESSAGE or DEBUG
// line (which the protocol lets a brain send at any time, for the
// manager's log), waiting at most wait.
func (b *brainSide) answer(wait time.Duration) (string, error) {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-b.lines:
			if !ok {
				return "", errors.New("the brain exited")
			}
			word, _, _ := strings.Cut(line, " ")
			if line == "" || word == "MESSAGE" || word == "DEBUG" {
				continue
			}
			return line, nil
		case <-timer.C:
			return "", fmt.Errorf("no answer within %v", wait)
		}
	}
}

// move tells the brain what was played since its last move and returns
// its answer; history is the game's moves so far (notation, x first). An
// error (no answer in time, a malformed or illegal move, ERROR) forfeits
// the game.
func (b *brainSide) move(st *gomoku.State, history []string) (engine.Result, error) {
	cmd, err := b.command(st.Size(), history)
	if err != nil {
		return engine.Result{}, err
	}
	if wait := brainTurnPause - time.Since(b.answered); strings.HasPrefix(cmd, "TURN") && wait > 0 {
		time.Sleep(wait)
	}
	start := time.Now()
	if err := b.send(cmd); err != nil {
		return engine.Result{}, err
	}
	answer, err := b.answer(b.wait)
	if err == nil && droppedTurn(cmd, answer) {
		if err = b.send(cmd); err == nil {
			answer, err = b.answer(b.wait - time.Since(start))
		}
	}
	if err != nil {
		return engine.Result{}, err
	}
	m, err := parseBrainMove(st, answer)
	if err != nil {
		return engine.Result{}, err
	}
	b.told = len(history) + 1
	b.answered = time.Now()
	return engine.Result{Move: m, Elapsed: b.answered.Sub(start)}, nil
}

// droppedTurn reports whether answer says that the brain read the move of
// the TURN command cmd as a command of its own: what a brain that prints
// its move before it is done with it answers when the TURN comes in that
// moment (it drops the word TURN as a command that came while it was
// busy, then reads "x,y"). A brain under a loaded machine can take
// milliseconds to be done, longer than brainTurnPause; move then sends
// the TURN again, once, so that the game is played out rather than
// forfeited.
func droppedTurn(cmd, answer string) bool {
	coords, ok := strings.CutPrefix(cmd, "TURN ")
	word, rest, _ := strings.Cut(answer, " ")
	return ok && word == "ERROR" && strings.HasSuffix(rest, ": "+coords)
}

// command returns what tells the brain the game's history before its
// move on a size x size board: BEGIN on an empty board, TURN with the
// opponent's reply to its last move, else BOARD with every stone in the
// order played (1 its own, 2 the opponent's).
func (b *brainSide) command(size int, history []string) (string, error) {
	switch {
	case len(history) == 0:
		return "BEGIN", nil
	case b.told > 0 && len(history) == b.told+1:
		x, y, err := brainSquare(history[len(history)-1], size)
		return fmt.Sprintf("TURN %d,%d", x, y), err
	}
	var sb strings.Builder
	sb.WriteString("BOARD")
	for i, sq := range history {
		x, y, err := brainSquare(sq, size)
		if err != nil {
			return "", err
		}
		who := 2 // the brain moves next, so the last stone is the opponent's
		if (len(history)-i)%2 == 0 {
			who = 1
		}
		fmt.Fprintf(&sb, "\n%d,%d,%d", x, y, who)
	}
	sb.WriteString("\nDONE")
	return sb.String(), nil
}

// brainSquare returns the protocol's x (the column from the left) and y
// (the row from the top), from 0, of the square sq.
func brainSquare(sq string, size int) (x, y int, err error) {
	row, col, err := grid.ParseSquare(sq, size, size)
	return col, row, err
}

// parseBrainMove reads the brain's answer "x,y" (x the column from the
// left, y the row from the top, from 0) as a move on st, which must be
// on the board and empty.
func parseBrainMove(st *gomoku.State, answer string) (engine.Move, error) {
	xs, ys, ok := strings.Cut(answer, ",")
	x, errX := strconv.Atoi(strings.TrimSpace(xs))
	y, errY := strconv.Atoi(strings.TrimSpace(ys))
	n := st.Size()
	if !ok || errX != nil || errY != nil {
		return engine.NoMove, fmt.Errorf("answered %q, not a move x,y", answer)
	}
	if x < 0 || y < 0 || x >= n || y >= n {
		return engine.NoMove, fmt.Errorf("answered %q, off the %dx%d board", answer, n, n)
	}
	m := engine.Move(y*n + x)
	if _, err := st.ParseMove(st.FormatMove(m)); err != nil {
		return engine.NoMove, fmt.Errorf("answered %q: %v", answer, err)
	}
	return m, nil
}

// close sends END and waits a little for the brain to exit, then kills it.
func (b *brainSide) close() {
	_ = b.send("END")
	_ = b.in.Close()
	go func() { // lines the brain still writes must not block it
		for range b.lines {
		}
	}()
	done := make(chan struct{})
	go func() {
		_ = b.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(brainExitWait):
		_ = b.cmd.Process.Kill()
		<-done
	}
}
