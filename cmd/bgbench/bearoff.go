package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"

	bg "movesvc/engine/backgammon"
)

var staticLine = regexp.MustCompile(`(?m)^\s*static:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)`)

// cmdBearoff writes test data for the bearoff database: random races with
// both sides' checkers all in their home boards (1-15 checkers each), and
// gnubg's 0-ply ("static") evaluation of each for the side on roll: win,
// win gammon, lose gammon. One position a line: "positionID win wg lg".
func cmdBearoff(args []string) error {
	fs := flag.NewFlagSet("bearoff", flag.ExitOnError)
	n := fs.Int("n", 200, "positions")
	seed := fs.Uint64("seed", 1, "seed")
	out := fs.String("out", "engine/backgammon/testdata/gnubg_bearoff.txt", "output file")
	path := fs.String("gnubg", "/usr/games/gnubg", "gnubg binary")
	_ = fs.Parse(args) // ExitOnError: it exits on an error
	g, err := startGnubg(*path)
	if err != nil {
		return err
	}
	defer g.close()
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	_, _ = fmt.Fprintf(w, "# bgbench bearoff -n %d -seed %d: gnubg 1.07 eval, static row (win, win gammon, lose gammon)\n", *n, *seed)
	rng := bg.NewRand(*seed)
	for i := 0; i < *n; i++ {
		var b bg.Board
		for s := 0; s < 2; s++ {
			c := 1 + rng.Intn(15)
			if rng.Intn(4) == 0 {
				c = 15 // gammons are possible only against 15 checkers
			}
			for k := 0; k < c; k++ {
				b[s][rng.Intn(6)]++
			}
		}
		out, err := g.run("set turn 1", "set board "+bg.PositionID(&b), "eval")
		if err != nil {
			return err
		}
		m := staticLine.FindStringSubmatch(out)
		if m == nil {
			return fmt.Errorf("no static evaluation: %q", tail(out))
		}
		_, _ = fmt.Fprintf(w, "%s %s %s %s\n", bg.PositionID(&b), m[1], m[2], m[4])
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}
