package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/grid"
)

// forbid runs "gomokutune forbid": it replays the renju games of arena -v
// files (each game once), asks an outside Gomocup brain for black's
// forbidden points in every position of a game with black to move (Rapfi's
// YXBOARD, which sets a position without a search, and YXSHOWFORBID), and
// writes one line a game: its moves from the empty board, then "|" and,
// for each position that has forbidden points, the number of stones and
// the points ("12:h8" or "20:g7,k9"); the other positions with black to
// move have none. It reports on standard error how many positions it asked
// about (each once) and in how many the engine's State.Forbidden differs,
// and lists those. engine/gomoku's renju test set is such a file.
func forbid(args []string) (err error) {
	fs := flag.NewFlagSet("forbid", flag.ContinueOnError)
	brain := fs.String("brain", "", "the brain's command line (program and arguments, space-separated)")
	out := fs.String("out", "", "write the games here (default: standard output)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *brain == "" || fs.NArg() == 0 {
		return fmt.Errorf("forbid: give -brain and one or more files of arena -v output of renju games")
	}
	games, err := distinctGames(fs.Args())
	if err != nil {
		return err
	}
	b, err := startForbidBrain(strings.Fields(*brain))
	if err != nil {
		return err
	}
	defer b.close()
	w := io.Writer(os.Stdout)
	if *out != "" {
		f, cerr := os.Create(*out)
		if cerr != nil {
			return cerr
		}
		defer func() {
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}()
		w = f
	}
	bw := bufio.NewWriter(w)
	defer func() {
		if ferr := bw.Flush(); err == nil {
			err = ferr
		}
	}()
	seen := map[string]bool{}
	var positions, withForbidden, points, differ int
	for _, moves := range games {
		var marks []string
		for n := 0; n < len(moves); n += 2 {
			theirs, err := b.forbidden(moves[:n])
			if err != nil {
				return fmt.Errorf("%s: %w", strings.Join(moves[:n], " "), err)
			}
			if len(theirs) > 0 {
				marks = append(marks, fmt.Sprintf("%d:%s", n, strings.Join(theirs, ",")))
			}
			key := strings.Join(moves[:n], " ")
			if seen[key] {
				continue
			}
			seen[key] = true
			positions++
			if len(theirs) > 0 {
				withForbidden++
				points += len(theirs)
			}
			ours, err := engineForbidden(moves[:n])
			if err != nil {
				return err
			}
			if !slices.Equal(ours, theirs) {
				differ++
				fmt.Fprintf(os.Stderr, "differ: brain %v engine %v: %s\n", theirs, ours, key)
			}
		}
		if _, err := fmt.Fprintf(bw, "%s | %s\n", strings.Join(moves, " "), strings.Join(marks, " ")); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "%d games, %d distinct positions with black to move, %d with forbidden points (%d points); the engine differs in %d\n",
		len(games), positions, withForbidden, points, differ)
	return nil
}

// distinctGames returns the moves of the games in files (the opening's and
// the players'), each game once, in the order met.
func distinctGames(files []string) ([][]string, error) {
	seen := map[string]bool{}
	var out [][]string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		err = readGames(f, func(g game) error {
			if key := strings.Join(g.moves, " "); !seen[key] {
				seen[key] = true
				out = append(out, g.moves)
			}
			return nil
		})
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return out, nil
}

// engineForbidden returns the engine's forbidden points of the renju
// position after moves, in board order.
func engineForbidden(moves []string) ([]string, error) {
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: moves, Options: map[string]any{"rule": "renju"}})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range st.(*gomoku.State).Forbidden() {
		out = append(out, st.FormatMove(m))
	}
	return sortSquares(out), nil
}

// sortSquares sorts squares in board order: by row from the top, then by
// column.
func sortSquares(sq []string) []string {
	slices.SortFunc(sq, func(a, b string) int {
		ra, ca, _ := grid.ParseSquare(a, 15, 15)
		rb, cb, _ := grid.ParseSquare(b, 15, 15)
		if ra != rb {
			return ra - rb
		}
		return ca - cb
	})
	return sq
}

// forbidBrain is a brain that answers YXBOARD and YXSHOWFORBID.
type forbidBrain struct {
	labeller
}

// startForbidBrain starts the brain for 15x15 renju (INFO rule 4).
func startForbidBrain(command []string) (*forbidBrain, error) {
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
	b := &forbidBrain{labeller{cmd: cmd, in: in, out: bufio.NewScanner(pipe)}}
	b.out.Buffer(make([]byte, 0, 1<<16), 1<<20)
	if _, err := fmt.Fprint(in, "START 15\n"); err != nil {
		return nil, err
	}
	if line, err := b.answer(nil); err != nil || line != "OK" {
		b.close()
		return nil, fmt.Errorf("brain: START answered %q (%v)", line, err)
	}
	_, err = fmt.Fprint(in, "INFO rule 4\n")
	return b, err
}

// forbidden returns the brain's forbidden points of the position after
// moves (black to move), in board order. The brain's answer reads "FORBID
// xxyy...yy." with two digits for each coordinate: x the column from the
// left, y the row from the top.
func (b *forbidBrain) forbidden(moves []string) ([]string, error) {
	var sb strings.Builder
	sb.WriteString("YXBOARD\n")
	for i, sq := range moves {
		row, col, err := grid.ParseSquare(sq, 15, 15)
		if err != nil {
			return nil, err
		}
		who := 1 + (len(moves)-i)%2 // 1: the side to move's stone, 2: the other's
		fmt.Fprintf(&sb, "%d,%d,%d\n", col, row, who)
	}
	sb.WriteString("DONE\nYXSHOWFORBID\n")
	if _, err := io.WriteString(b.in, sb.String()); err != nil {
		return nil, err
	}
	line, err := b.answer(nil)
	if err != nil {
		return nil, err
	}
	digits, ok := strings.CutPrefix(line, "FORBID ")
	digits, ok2 := strings.CutSuffix(digits, ".")
	if !ok || !ok2 || len(digits)%4 != 0 {
		return nil, fmt.Errorf("answered %q", line)
	}
	var out []string
	for k := 0; k < len(digits); k += 4 {
		x, errX := strconv.Atoi(digits[k : k+2])
		y, errY := strconv.Atoi(digits[k+2 : k+4])
		if errX != nil || errY != nil || x >= 15 || y >= 15 {
			return nil, fmt.Errorf("answered %q", line)
		}
		out = append(out, grid.FormatSquare(y, x, 15))
	}
	return sortSquares(out), nil
}
