package main

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
)

// gnubg drives GNU Backgammon's text interface (gnubg -t -q): commands go to
// its standard input, and its output is read up to a sentinel, an unknown
// command whose error message ends each exchange.
type gnubg struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	seq  int
	path string
}

// startGnubg starts gnubg with both players human (it moves only when
// asked), cubeless evaluations, and the given chequer-play plies and noise.
func startGnubg(path string) (*gnubg, error) {
	g := &gnubg{path: path}
	g.cmd = exec.Command(path, "-t", "-q")
	var err error
	if g.in, err = g.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	pr, pw := io.Pipe()
	g.cmd.Stdout, g.cmd.Stderr = pw, pw
	g.out = bufio.NewReaderSize(pr, 1<<20)
	if err := g.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	_, err = g.run("set player 0 human", "set player 1 human", "set cube use off",
		"set evaluation chequerplay evaluation cubeful off", "set evaluation cubedecision evaluation cubeful off",
		"set evaluation cubedecision evaluation plies 2", "set evaluation cubedecision evaluation prune on",
		"new game")
	return g, err
}

// close ends gnubg.
func (g *gnubg) close() {
	go func() { _, _ = io.Copy(io.Discard, g.out) }() // gnubg's last words, unread
	_ = g.in.Close()                                  // gnubg exits at the end of its input
	_ = g.cmd.Wait()
}

// run sends commands and returns everything gnubg wrote in answer.
func (g *gnubg) run(cmds ...string) (string, error) {
	g.seq++
	sentinel := fmt.Sprintf("zz_sentinel_%d", g.seq)
	if _, err := io.WriteString(g.in, strings.Join(cmds, "\n")+"\n"+sentinel+"\n"); err != nil {
		return "", err
	}
	var sb strings.Builder
	for {
		line, err := g.out.ReadString('\n')
		if err != nil {
			return sb.String(), fmt.Errorf("gnubg output: %w (after %q)", err, tail(sb.String()))
		}
		if strings.Contains(line, sentinel) {
			return sb.String(), nil
		}
		sb.WriteString(line)
	}
}

func tail(s string) string {
	if len(s) > 400 {
		return s[len(s)-400:]
	}
	return s
}

// level sets gnubg's chequer play to one of its predefined levels, as its
// manual defines them ("Predefined settings"): 0-ply with deterministic
// noise of 0.060 (beginner), 0.050 (casual), 0.030 (intermediate), 0.015
// (advanced) or none (expert); world class is 2-ply. It also sets the plies
// of hints.
func (g *gnubg) level(name string) error {
	plies, noise := 0, 0.0
	switch name {
	case "beginner":
		noise = 0.060
	case "casual":
		noise = 0.050
	case "intermediate":
		noise = 0.030
	case "advanced":
		noise = 0.015
	case "expert":
	case "worldclass", "2ply":
		plies = 2
	case "1ply":
		plies = 1
	default:
		return fmt.Errorf("unknown gnubg level %q", name)
	}
	_, err := g.run(fmt.Sprintf("set evaluation chequerplay evaluation plies %d", plies),
		"set evaluation chequerplay evaluation prune on",
		fmt.Sprintf("set evaluation chequerplay evaluation noise %g", noise),
		"set evaluation chequerplay evaluation deterministic on")
	return err
}

// setPosition sets the board (a position ID, the side on roll's gnubg
// number) and the dice.
func (g *gnubg) setPosition(posID string, onRoll, d1, d2 int) (string, error) {
	return g.run(fmt.Sprintf("set turn %d", onRoll), "set board "+posID, fmt.Sprintf("set dice %d %d", d1, d2))
}

// hintMove is one line of gnubg's hint: the play in its notation, the
// lookahead it was evaluated at and its cubeless equity for the mover.
type hintMove struct {
	play   string
	plies  int
	equity float64
}

var hintLine = regexp.MustCompile(`^\s*\d+\.\s+Cubeless (\d)-ply\s+(.*?)\s+Eq\.:\s+([-+]\d+\.\d+)`)

// hint returns gnubg's n best plays of the position set.
func (g *gnubg) hint(n int) ([]hintMove, error) {
	out, err := g.run(fmt.Sprintf("hint %d", n))
	if err != nil {
		return nil, err
	}
	var moves []hintMove
	for _, line := range strings.Split(out, "\n") {
		m := hintLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		p, _ := strconv.Atoi(m[1])
		e, _ := strconv.ParseFloat(m[3], 64)
		moves = append(moves, hintMove{play: strings.TrimSpace(m[2]), plies: p, equity: e})
	}
	if len(moves) == 0 {
		return nil, fmt.Errorf("gnubg gave no hint: %q", tail(out))
	}
	return moves, nil
}

var evalLine = regexp.MustCompile(`(?m)^\s*2 ply:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)`)

// eval2 returns gnubg's 2-ply cubeless equity of a position for the side on
// roll (gnubg's player onRoll), before its roll.
func (g *gnubg) eval2(posID string, onRoll int) (float64, error) {
	out, err := g.run(fmt.Sprintf("set turn %d", onRoll), "set board "+posID, "eval")
	if err != nil {
		return 0, err
	}
	m := evalLine.FindStringSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("gnubg gave no 2-ply evaluation: %q", tail(out))
	}
	return strconv.ParseFloat(m[6], 64)
}
