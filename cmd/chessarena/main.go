// Command chessarena plays chess matches between UCI engines, runs EPD
// test suites and makes balanced openings.
//
// A match plays -games games between players a and b, in parallel
// (-concurrency games at a time, each engine a process of its own): each
// opening of the list twice, a white in the first game, b in the second.
// The openings are the built-in list (openings.txt: eight plies, each drawn
// from Stockfish's best moves and the position checked level by a deeper
// search; see -make-openings), a file (-openings: UCI moves from the start
// or FENs, one a line), or Chess960 starts (-chess960). It reports the
// score, the Elo difference with its 95% margin, how the games ended, the
// longest move of each side and the illegal moves, and writes every game
// to -pgn.
//
// Games end by the rules (checkmate, stalemate, repetition, fifty moves,
// insufficient material) or by adjudication: a win when both engines'
// scores put a side ahead by 1000 cp or more over six plies in a row; a
// draw from ply 80 when both stay within 10 cp over twelve plies in a row,
// or at ply 400. An engine that plays an illegal or malformed move, does
// not answer within its time and 2 s, or loses on the clock forfeits.
//
// A player is comma-separated settings: brain=COMMAND (the engine's
// program and arguments, split at spaces), name=NAME, time=D (go movetime),
// depth=N, nodes=N, tc=BASE+INC (a clock), and any other KEY=VALUE as a
// UCI option:
//
//	chessarena -a 'brain=./uci-movesvc,time=100ms' \
//	  -b 'brain=/usr/games/stockfish,time=100ms,Threads=1,UCI_LimitStrength=true,UCI_Elo=2000' \
//	  -games 40 -concurrency 2 -pgn games.pgn
//
// -epd FILE runs a test suite (bm/am operations) with player a:
//
//	chessarena -epd engine/chess/testdata/wac.epd -a 'brain=./uci-movesvc,time=1s'
//
// -make-openings N writes N openings made with player -maker to -o:
//
//	chessarena -make-openings 200 -maker 'brain=/usr/games/stockfish,time=1s,Threads=1' -o cmd/chessarena/openings.txt
package main

import (
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"movesvc/engine/chess"
)

//go:embed openings.txt
var builtinOpenings string

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "chessarena:", err)
		os.Exit(1)
	}
}

// run parses the arguments and does what they ask.
func run(args []string, stdout, stderr io.Writer) (err error) {
	fs := flag.NewFlagSet("chessarena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	aSpec := fs.String("a", "", "player a's settings")
	bSpec := fs.String("b", "", "player b's settings")
	games := fs.Int("games", 20, "games to play (each opening twice)")
	conc := fs.Int("concurrency", runtime.NumCPU(), "games played at once")
	openingsPath := fs.String("openings", "", "openings file (default: the built-in list)")
	from := fs.Int("from", 0, "the first opening of the list to use")
	c960 := fs.Bool("chess960", false, "play Chess960 starts (drawn from -seed) instead of openings")
	pgnPath := fs.String("pgn", "", "write every game to this PGN file")
	verbose := fs.Bool("v", false, "print each game's result as it ends")
	epdPath := fs.String("epd", "", "run this EPD test suite with player a")
	makeN := fs.Int("make-openings", 0, "write this many balanced openings to -o")
	plies := fs.Int("plies", 8, "plies of each opening -make-openings makes")
	seed := fs.Uint64("seed", 1, "random seed of -make-openings and -chess960")
	maker := fs.String("maker", "brain=/usr/games/stockfish,depth=1,Threads=1", "the engine -make-openings asks")
	outPath := fs.String("o", "-", "output file of -make-openings")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case *makeN > 0:
		mp, err := parsePlayer(*maker)
		if err != nil {
			return err
		}
		w := stdout
		if *outPath != "-" {
			f, err := os.Create(*outPath)
			if err != nil {
				return err
			}
			defer func() { err = errors.Join(err, f.Close()) }() // a file written is whole only once closed
			w = f
		}
		return makeOpenings(w, mp, *makeN, *plies, *seed)
	case *epdPath != "":
		a, err := parsePlayer(*aSpec)
		if err != nil {
			return fmt.Errorf("-a: %v", err)
		}
		f, err := openFile(*epdPath)
		if err != nil {
			return err
		}
		cases, err := readEPD(f)
		_ = f.Close()
		if err != nil {
			return err
		}
		_, err = runEPD(stdout, a, cases, *conc)
		return err
	}
	a, err := parsePlayer(*aSpec)
	if err != nil {
		return fmt.Errorf("-a: %v", err)
	}
	b, err := parsePlayer(*bSpec)
	if err != nil {
		return fmt.Errorf("-b: %v", err)
	}
	cfg := matchConfig{games: *games, concurrency: *conc, from: *from}
	if *c960 {
		cfg.variant = chess.Chess960
		cfg.openings = chess960Openings(max(*games/2, 1), *seed)
	} else {
		r := io.Reader(strings.NewReader(builtinOpenings))
		if *openingsPath != "" {
			f, err := openFile(*openingsPath)
			if err != nil {
				return err
			}
			defer func() { _ = f.Close() }() // read only: nothing to lose
			r = f
		}
		if cfg.openings, err = readOpenings(r, chess.Standard); err != nil {
			return err
		}
	}
	if *verbose {
		cfg.progress = stderr
	}
	if *pgnPath != "" {
		f, err := os.Create(*pgnPath)
		if err != nil {
			return err
		}
		defer func() { err = errors.Join(err, f.Close()) }() // a file written is whole only once closed
		cfg.pgn = f
	}
	res, err := playMatch(a, b, cfg)
	if err != nil {
		return err
	}
	_, _ = fmt.Fprint(stdout, res.report(a, b))
	for _, g := range res.games {
		if g.illegal > 0 {
			return fmt.Errorf("game %d: an illegal move (%s)", g.round, g.reason)
		}
	}
	return nil
}
