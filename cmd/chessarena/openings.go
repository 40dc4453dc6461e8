package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"movesvc/engine/chess"
)

// readOpenings reads an openings file: one opening a line, either UCI
// moves from the standard start ("e2e4 c7c5 g1f3") or a FEN; blank lines
// and lines starting with # are skipped. Each opening must be legal.
func readOpenings(r io.Reader, variant chess.Variant) ([]opening, error) {
	var out []opening
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		op := opening{fen: chess.StartFEN}
		if strings.Contains(line, "/") {
			op.fen = line
		} else {
			op.moves = strings.Fields(line)
		}
		if _, err := chess.NewGame(op.fen, op.moves, variant); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		out = append(out, op)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no openings")
	}
	return out, nil
}

// chess960Openings returns n Chess960 starting positions drawn from seed.
func chess960Openings(n int, seed uint64) []opening {
	rng := rand.New(rand.NewPCG(seed, 960))
	out := make([]opening, n)
	for i := range out {
		out[i] = opening{fen: chess.Chess960FEN(rng.IntN(960))}
	}
	return out
}

// makeOpenings writes n balanced openings of plies plies to w, made with
// the engine of maker: from the start, each ply a move drawn at random from
// those the engine scores within pickMargin of its best (MultiPV 4, at
// pickDepth), and kept when a search to checkDepth scores the result within
// balanceMargin for the side to move; no position twice.
func makeOpenings(w io.Writer, maker player, n, plies int, seed uint64) error {
	const (
		pickDepth     = 10
		pickMargin    = 30
		checkDepth    = 16
		balanceMargin = 40
	)
	e, err := startEngine(maker.argv, append(maker.options, [2]string{"MultiPV", "4"}))
	if err != nil {
		return err
	}
	defer e.close()
	rng := rand.New(rand.NewPCG(seed, 46))
	seen := map[string]bool{}
	_, _ = fmt.Fprintf(w, "# %d openings of %d plies: each ply drawn from %s's MultiPV 4 moves at depth %d within %d cp\n",
		n, plies, e.name, pickDepth, pickMargin)
	_, _ = fmt.Fprintf(w, "# of its best; kept when depth %d scores the position within %d cp. Made by\n", checkDepth, balanceMargin)
	_, _ = fmt.Fprintf(w, "#   chessarena -make-openings %d -plies %d -seed %d -maker '%s'\n", n, plies, seed, maker.spec)
	for made := 0; made < n; {
		var moves []string
		for len(moves) < plies {
			lines, err := e.multiPV("position startpos moves "+strings.Join(moves, " "), pickDepth)
			if err != nil {
				return err
			}
			var pick []string
			for _, l := range lines {
				if l.score >= lines[0].score-pickMargin {
					pick = append(pick, l.move)
				}
			}
			if len(pick) == 0 {
				break
			}
			moves = append(moves, pick[rng.IntN(len(pick))])
		}
		p, err := chess.NewGame("", moves, chess.Standard)
		if err != nil || len(moves) < plies || seen[p.FEN()] {
			continue
		}
		lines, err := e.multiPV("position startpos moves "+strings.Join(moves, " "), checkDepth)
		if err != nil {
			return err
		}
		if len(lines) == 0 || lines[0].score > balanceMargin || lines[0].score < -balanceMargin {
			continue
		}
		seen[p.FEN()] = true
		made++
		_, _ = fmt.Fprintln(w, strings.Join(moves, " "))
	}
	return nil
}

// pvLine is a MultiPV line's first move and score.
type pvLine struct {
	move  string
	score int
}

// multiPV searches position to depth and returns the MultiPV lines of the
// last depth, best first.
func (e *engineProc) multiPV(position string, depth int) ([]pvLine, error) {
	e.send(position)
	e.send("go depth " + strconv.Itoa(depth))
	lines := map[int]pvLine{}
	for {
		l, err := e.read(untimed)
		if err != nil {
			return nil, err
		}
		if strings.HasPrefix(l, "bestmove") {
			break
		}
		f := strings.Fields(l)
		k, move := 1, ""
		for i := 0; i+1 < len(f); i++ {
			switch f[i] {
			case "multipv":
				k, _ = strconv.Atoi(f[i+1])
			case "pv":
				move = f[i+1]
			case "depth":
				if d, _ := strconv.Atoi(f[i+1]); d != depth {
					move = ""
					i = len(f)
				}
			}
		}
		if s, ok := lastScore(l); ok && move != "" {
			lines[k] = pvLine{move: move, score: s}
		}
	}
	out := make([]pvLine, 0, len(lines))
	for k := 1; k <= len(lines); k++ {
		if l, ok := lines[k]; ok {
			out = append(out, l)
		}
	}
	return out, nil
}

// openFile opens path for reading, or standard input for "-".
func openFile(path string) (io.ReadCloser, error) {
	if path == "-" {
		return io.NopCloser(os.Stdin), nil
	}
	return os.Open(path)
}
