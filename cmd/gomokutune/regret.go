package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/gomoku/lab"
)

// regret runs "gomokutune regret": for labelled positions held out of the
// fits, it searches each with the engine to a node limit and, where the
// engine's move differs from the brain's, asks the brain to score the
// position after each of the two moves at one depth. A move's regret is
// the winning chance the brain's move leaves the side to move less the one
// the engine's move leaves (sigmoid(score/S), a proved win 1, a proved
// loss 0); a move equal to the brain's regrets 0. It prints the mean
// regret with its standard error and the share of moves equal to the
// brain's, and writes a line a position (-out) for paired comparisons
// between settings. The brain's hash table is cleared before each position
// it scores, so that the score depends on the position alone (Rapfi keeps
// it from one position to the next otherwise); -cache keeps the scores
// across runs, so that a position is scored once.
func regret(args []string) error {
	fs := flag.NewFlagSet("regret", flag.ContinueOnError)
	brain := fs.String("brain", "", "the brain's command line (program and arguments, space-separated)")
	depth := fs.Int("depth", 12, "the brain's search depth for the scores (INFO max_depth)")
	nodes := fs.Uint64("nodes", 80000, "the engine's node limit a move")
	evalFile := fs.String("eval", "", "weights or cell table for the engine, as gomokutune writes them")
	linesFile := fs.String("lines", "", "line table added to the engine's evaluation")
	n := fs.Int("n", 600, "how many held-out positions to measure, the first in file order")
	scale := fs.Float64("scale", 200, "the brain's scale S: its score s means a winning chance of sigmoid(s/S)")
	out := fs.String("out", "", "write a line a position here: index, the engine's move, the brain's, the regret")
	cache := fs.String("cache", "", "file of the brain's scores, read first and added to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *brain == "" || fs.NArg() == 0 {
		return fmt.Errorf("regret: give -brain and one or more files of labels")
	}
	opt, err := engineOptions(*evalFile, *linesFile)
	if err != nil {
		return err
	}
	variant := opt.Variant()
	var positions []labelLine
	for _, name := range fs.Args() {
		err := readLabelFile(name, func(l labelLine) error {
			if l.held && len(positions) < *n {
				positions = append(positions, l)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	b, err := startLabeller(strings.Fields(*brain), *depth)
	if err != nil {
		return err
	}
	defer b.close()
	b.fresh = true
	sc, err := openScoreCache(b, *cache)
	if err != nil {
		return err
	}
	defer sc.close()
	w := io.Discard
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer func() { _ = f.Close() }() // closed after the flush below
		bw := bufio.NewWriter(f)
		defer func() { _ = bw.Flush() }()
		w = bw
	}
	var sum regretSum
	for i, l := range positions {
		r := l.st.SearchWith(context.Background(), engine.Limits{Depth: gomoku.MaxDepth, MaxNodes: *nodes}, gomoku.Options{Variant: variant})
		mine := l.st.FormatMove(r.Move)
		reg, ok, err := moveRegret(sc, l.moves, mine, l.move, *scale)
		if err != nil {
			return fmt.Errorf("position %d (%s): %w", i, strings.Join(l.moves, " "), err)
		}
		if !ok {
			continue
		}
		sum.add(reg, mine == l.move)
		if _, err := fmt.Fprintf(w, "%d %s %s %.4f\n", i, mine, l.move, reg); err != nil {
			return err
		}
	}
	fmt.Println(sum.String())
	return nil
}

// engineOptions returns the search options of an evaluation file (weights
// or a cell table, as the arena's eval=) and a line table file; "" leaves
// the engine's own.
func engineOptions(evalFile, linesFile string) (lab.Options, error) {
	var opt lab.Options
	if evalFile != "" {
		data, err := os.ReadFile(evalFile)
		if err != nil {
			return opt, err
		}
		if opt.Weights, opt.Table, err = lab.ParseEval(data); err != nil {
			return opt, fmt.Errorf("%s: %w", evalFile, err)
		}
	}
	if linesFile != "" {
		data, err := os.ReadFile(linesFile)
		if err != nil {
			return opt, err
		}
		t, err := lab.ParseLines(data)
		if err != nil {
			return opt, fmt.Errorf("%s: %w", linesFile, err)
		}
		opt.Lines = &t
	}
	return opt, nil
}

// moveRegret returns the regret of playing mine instead of best after
// moves, by the brain's scores of the two positions; ok is false when the
// brain answered one of them without a score.
func moveRegret(sc *scoreCache, moves []string, mine, best string, scale float64) (regret float64, ok bool, err error) {
	if mine == best {
		return 0, true, nil
	}
	var chance [2]float64
	for k, m := range [2]string{best, mine} {
		s, err := sc.score(append(moves[:len(moves):len(moves)], m))
		if err != nil || s == "" {
			return 0, false, err
		}
		// The brain scores the position for the opponent, who moves next.
		target, err := labelTarget(s, scale)
		if err != nil {
			return 0, false, err
		}
		chance[k] = 1 - target
	}
	return chance[0] - chance[1], true, nil
}

// regretSum accumulates the regrets of moves.
type regretSum struct {
	n, same  int
	sum, sq2 float64
}

func (s *regretSum) add(regret float64, same bool) {
	s.n++
	s.sum += regret
	s.sq2 += regret * regret
	if same {
		s.same++
	}
}

// String gives the count, the share of moves equal to the brain's, and the
// mean regret with its standard error.
func (s *regretSum) String() string {
	if s.n == 0 {
		return "0 positions"
	}
	n := float64(s.n)
	mean := s.sum / n
	se := math.Sqrt(max(0, s.sq2/n-mean*mean) / n)
	return fmt.Sprintf("%d positions, the brain's move in %d (%.3f), mean regret %.4f ± %.4f", s.n, s.same, float64(s.same)/n, mean, se)
}

// scoreCache asks a brain for scores, remembering them by position (the
// moves from the empty board) in memory and, when it has a file, in the
// file for later runs.
type scoreCache struct {
	b      *labeller
	scores map[string]string
	file   *os.File
}

// openScoreCache returns a cache over b, with the scores of the file name
// ("score moves..." lines) when it exists; "" keeps them in memory only.
func openScoreCache(b *labeller, name string) (*scoreCache, error) {
	sc := &scoreCache{b: b, scores: map[string]string{}}
	if name == "" {
		return sc, nil
	}
	data, err := os.ReadFile(name)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if score, moves, ok := strings.Cut(line, " "); ok {
			sc.scores[moves] = score
		}
	}
	sc.file, err = os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	return sc, err
}

// score returns the brain's score of the position after moves ("" when it
// answered without one), from the cache when it has it.
func (sc *scoreCache) score(moves []string) (string, error) {
	key := strings.Join(moves, " ")
	if s, ok := sc.scores[key]; ok {
		return s, nil
	}
	s, _, err := sc.b.score(moves)
	if err != nil || s == "" {
		return s, err
	}
	sc.scores[key] = s
	if sc.file != nil {
		_, err = fmt.Fprintf(sc.file, "%s %s\n", s, key)
	}
	return s, err
}

// close closes the cache's file.
func (sc *scoreCache) close() {
	if sc.file != nil {
		_ = sc.file.Close() // each line was written whole
	}
}
