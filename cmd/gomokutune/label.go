package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/grid"
)

// label runs "gomokutune label": it replays the games of arena -v files,
// keeps their quiet positions (each once), asks an outside Gomocup brain
// for its score and move in each at a fixed search depth, and writes one
// line a position: the score for the side to move ("+M" a proved win, "-M"
// a proved loss), the brain's move, then the moves from the empty board.
//
// The score is read from the brain's "MESSAGE ... | Eval N | ..." lines,
// the form Rapfi (github.com/dhbloo/rapfi) prints while it searches: the
// last one before its move. The depth is sent as INFO max_depth.
func label(args []string) error {
	fs := flag.NewFlagSet("label", flag.ContinueOnError)
	brain := fs.String("brain", "", "the brain's command line (program and arguments, space-separated)")
	depth := fs.Int("depth", 4, "the brain's search depth (INFO max_depth)")
	share := fs.Float64("share", 1, "label this share of the quiet positions, drawn by -seed")
	seed := fs.Uint64("seed", 1, "seed of the draw of positions")
	out := fs.String("out", "", "write the labels here (default: standard output)")
	from := fs.Int("from", 0, "skip the first this many positions (to go on with a run that stopped)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *brain == "" || fs.NArg() == 0 {
		return fmt.Errorf("label: give -brain and one or more files of arena -v output")
	}
	positions, err := quietPositions(fs.Args(), *share, *seed)
	if err != nil {
		return err
	}
	b, err := startLabeller(strings.Fields(*brain), *depth)
	if err != nil {
		return err
	}
	defer b.close()
	w := io.WriteCloser(nopCloser{os.Stdout})
	if *out != "" {
		if w, err = os.Create(*out); err != nil {
			return err
		}
	}
	bw := bufio.NewWriter(w)
	err = labelPositions(bw, b, positions, *from)
	// What was labelled is written out even when a position failed, so
	// that -from can go on from there.
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return err
}

// nopCloser is standard output as an io.WriteCloser that is not closed.
type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// labelPositions writes b's score and move for each of positions from
// index from on, one line each, and reports its progress every 1,000
// positions on standard error.
func labelPositions(w io.Writer, b *labeller, positions [][]string, from int) error {
	for i, moves := range positions {
		if i < from {
			continue
		}
		score, move, err := b.score(moves)
		if err != nil {
			return fmt.Errorf("position %d (%s): %w", i, strings.Join(moves, " "), err)
		}
		if score == "" {
			continue // answered without a search (a move that wins at once)
		}
		if _, err := fmt.Fprintf(w, "%s %s %s\n", score, move, strings.Join(moves, " ")); err != nil {
			return err
		}
		if (i+1)%1000 == 0 {
			fmt.Fprintf(os.Stderr, "%d of %d positions\n", i+1, len(positions))
		}
	}
	return nil
}

// quietPositions returns the quiet positions (gomoku.State.Quiet) of the
// games in files, each once, as moves from the empty board, in the order
// met; each kept with probability share, drawn from seed.
func quietPositions(files []string, share float64, seed uint64) ([][]string, error) {
	rng := rand.New(rand.NewPCG(seed, 31))
	seen := map[uint64]bool{}
	var out [][]string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		err = readGames(f, func(g game) error {
			start, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true})
			if err != nil {
				return err
			}
			st := start.(*gomoku.State)
			for i, notation := range g.moves {
				if st.Quiet() && !seen[st.Hash()] {
					seen[st.Hash()] = true
					if rng.Float64() < share {
						out = append(out, g.moves[:i:i])
					}
				}
				m, err := st.ParseMove(notation)
				if err != nil {
					return fmt.Errorf("move %d (%s): %w", i+1, notation, err)
				}
				st.Play(m)
			}
			return nil
		})
		_ = f.Close() // read only
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return out, nil
}

// labelPause is the wait before each position sent to the brain, and
// labelTries how many times a position is sent (see labeller.score).
const (
	labelPause = 5 * time.Millisecond
	labelTries = 3
)

// labeller is a running brain that scores positions.
type labeller struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
	// fresh, when set, clears the brain's hash table before each position
	// (Rapfi's YXHASHCLEAR, answered by a MESSAGE), so that its score of a
	// position does not depend on the positions asked before.
	fresh bool
}

// startLabeller starts the brain and sets it up for 15x15 freestyle
// searches to depth, with no time limit to speak of.
func startLabeller(command []string, depth int) (*labeller, error) {
	cmd := exec.Command(command[0], command[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	b := &labeller{cmd: cmd, in: in, out: bufio.NewScanner(pipe)}
	b.out.Buffer(make([]byte, 0, 1<<16), 1<<20)
	if _, err := fmt.Fprint(in, "START 15\n"); err != nil {
		return nil, err
	}
	if line, err := b.answer(nil); err != nil || line != "OK" {
		b.close()
		return nil, fmt.Errorf("brain: START answered %q (%v)", line, err)
	}
	_, err = fmt.Fprintf(in, "INFO rule 0\nINFO timeout_match 0\nINFO timeout_turn 600000\nINFO max_depth %d\n", depth)
	return b, err
}

// answer returns the brain's next line that is not a MESSAGE or DEBUG
// line, calling message with each MESSAGE line before it.
func (b *labeller) answer(message func(string)) (string, error) {
	for b.out.Scan() {
		line := strings.TrimSpace(b.out.Text())
		word, rest, _ := strings.Cut(line, " ")
		switch {
		case word == "MESSAGE":
			if message != nil {
				message(rest)
			}
		case line == "" || word == "DEBUG":
		default:
			return line, nil
		}
	}
	if err := b.out.Err(); err != nil {
		return "", err
	}
	return "", io.ErrUnexpectedEOF
}

// score returns the brain's score of the position after moves for its
// side to move (an integer, "+M" or "-M"; "" when it answered without one)
// and its move. Rapfi prints its move before it is done with the search
// and reads a command that comes within microseconds of it as stray
// lines (the arena's brainTurnPause): score waits labelPause before each
// position, and when the brain still misreads one (ERROR lines for the
// stones) it skips those errors and sends the position again, after a
// longer wait.
func (b *labeller) score(moves []string) (score, move string, err error) {
	var sb strings.Builder
	if b.fresh {
		sb.WriteString("YXHASHCLEAR\n")
	}
	sb.WriteString("BOARD\n")
	for i, sq := range moves {
		row, col, err := grid.ParseSquare(sq, 15, 15)
		if err != nil {
			return "", "", err
		}
		who := 2 // the brain moves next: the last stone is the opponent's
		if (len(moves)-i)%2 == 0 {
			who = 1
		}
		fmt.Fprintf(&sb, "%d,%d,%d\n", col, row, who)
	}
	sb.WriteString("DONE\n")
	for try := range labelTries {
		time.Sleep(labelPause << (3 * try))
		if _, err := io.WriteString(b.in, sb.String()); err != nil {
			return "", "", err
		}
		line, err := b.answer(func(msg string) {
			for _, part := range strings.Split(msg, "|") {
				if v, ok := strings.CutPrefix(strings.TrimSpace(part), "Eval "); ok {
					score = parseScore(v)
				}
			}
		})
		if err != nil {
			return "", "", err
		}
		if strings.HasPrefix(line, "ERROR") {
			for !strings.HasSuffix(line, "DONE") {
				if line, err = b.answer(nil); err != nil {
					return "", "", err
				}
			}
			continue
		}
		xs, ys, _ := strings.Cut(line, ",")
		x, errX := strconv.Atoi(xs)
		y, errY := strconv.Atoi(ys)
		if errX != nil || errY != nil || x < 0 || y < 0 || x >= 15 || y >= 15 {
			return "", "", fmt.Errorf("answered %q, not a move", line)
		}
		return score, grid.FormatSquare(y, x, 15), nil
	}
	return "", "", fmt.Errorf("misread %d times", labelTries)
}

// parseScore reads a score as Rapfi prints it: an integer, or +M or -M
// and the plies to the end.
func parseScore(v string) string {
	switch {
	case strings.HasPrefix(v, "+M"):
		return "+M"
	case strings.HasPrefix(v, "-M"):
		return "-M"
	}
	if _, err := strconv.Atoi(v); err != nil {
		return ""
	}
	return v
}

// close ends the brain.
func (b *labeller) close() {
	_, _ = io.WriteString(b.in, "END\n")
	_ = b.in.Close()
	_ = b.cmd.Wait()
}
