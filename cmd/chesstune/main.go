// Command chesstune fits the chess evaluation's weights (engine/chess,
// weights.go) by Texel's method
// (https://www.chessprogramming.org/Texel%27s_Tuning_Method): the weights
// that make the evaluation's win probability, a logistic function of its
// score, closest (least squares) to a target per position. Here the target
// is Stockfish's score of the position through the same function, so that
// the fit needs far fewer positions than game results would. Three steps,
// each a file in and a file out:
//
//	chesstune -gen 120000 -seed 1 -o /tmp/chess-positions.txt
//	chesstune -label -in /tmp/chess-positions.txt -stockfish /usr/games/stockfish -nodes 20000 -o /tmp/chess-labelled.txt
//	chesstune -fit -in /tmp/chess-labelled.txt -o engine/chess/weights.go
//
// -gen plays engine/chess against itself, fast and with randomness (the
// first plies at random, then node-limited searches with a random move now
// and then), and writes quiet positions (Position.Quiet) from ply 12 on;
// -pgn-positions writes the quiet positions of games played by others
// (cmd/chessarena's PGN, from ply 8, past its openings).
// -label adds Stockfish's score (from White's view; mates as ±2000) to
// each. -fit minimizes the squared error over nine tenths of them by Adam
// and reports the error on the other tenth before and after, then writes
// weights.go.
//
// -wdl fits the win/draw/loss model (engine/chess/wdl.go) to the scores
// the engine reported in the games of a PGN file (cmd/chessarena writes
// them as move comments) and the games' results, by maximum likelihood,
// and writes the constants for params.go:
//
//	chesstune -wdl -in games.pgn -engine movesvc -o /dev/stdout
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "chesstune:", err)
		os.Exit(1)
	}
}

// run parses the arguments and runs the step they ask for.
func run(args []string, log io.Writer) error {
	fs := flag.NewFlagSet("chesstune", flag.ContinueOnError)
	fs.SetOutput(log)
	gen := fs.Int("gen", 0, "write this many quiet positions from self-play")
	seed := fs.Uint64("seed", 1, "random seed of -gen")
	genNodes := fs.Uint64("gen-nodes", 400, "node limit of each self-play move")
	fromPGN := fs.Bool("pgn-positions", false, "write the quiet positions of the games in the PGN of -in")
	label := fs.Bool("label", false, "add Stockfish's scores to the positions of -in")
	sf := fs.String("stockfish", "/usr/games/stockfish", "the Stockfish binary -label runs")
	nodes := fs.Int("nodes", 20000, "Stockfish's node limit per position")
	fit := fs.Bool("fit", false, "fit the weights to the labelled positions of -in and write weights.go")
	wdl := fs.Bool("wdl", false, "fit the win/draw/loss model to the engine's scored moves in the PGN of -in")
	engineName := fs.String("engine", "movesvc", "the engine -wdl takes the moves of (its White/Black tag)")
	epochs := fs.Int("epochs", 300, "passes over the positions of -fit")
	rate := fs.Float64("rate", 1, "Adam's step size, in centipawns")
	l2 := fs.Float64("l2", 0, "L2 penalty per squared centipawn of a weight's move from its start")
	in := fs.String("in", "", "input file")
	out := fs.String("o", "", "output file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("-o is required")
	}
	switch {
	case *gen > 0:
		return withFiles("", *out, func(_ io.Reader, w io.Writer) error {
			return generate(w, *gen, *seed, *genNodes, log)
		})
	case *fromPGN:
		return withFiles(*in, *out, func(r io.Reader, w io.Writer) error {
			return pgnPositions(r, w, log)
		})
	case *label:
		return withFiles(*in, *out, func(r io.Reader, w io.Writer) error {
			return labelPositions(r, w, *sf, *nodes, log)
		})
	case *wdl:
		return withFiles(*in, *out, func(r io.Reader, w io.Writer) error {
			return runWDL(r, w, *engineName, log)
		})
	case *fit:
		return withFiles(*in, *out, func(r io.Reader, w io.Writer) error {
			return fitWeights(r, w, *epochs, *rate, *l2, log)
		})
	}
	return errors.New("want one of -gen, -pgn-positions, -label, -fit, -wdl")
}

// withFiles opens in (unless "") and creates out, and runs fn on them.
func withFiles(in, out string, fn func(io.Reader, io.Writer) error) error {
	var r io.Reader
	if in != "" {
		f, err := os.Open(in)
		if err != nil {
			return err
		}
		defer func() { _ = f.Close() }() // read only: nothing to lose
		r = f
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := fn(r, f); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}
