package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"

	bg "movesvc/engine/backgammon"
)

// cmdPlays writes rules test data: positions from games of random plays
// (which reach bars, hits, blocked entries and bear-offs often) with a roll,
// and gnubg's list of every legal play of it (its hint at 0-ply, unpruned),
// one position a line: "positionID d1 d2 | play | play ...".
func cmdPlays(args []string) error {
	fs := flag.NewFlagSet("plays", flag.ExitOnError)
	n := fs.Int("n", 300, "positions")
	seed := fs.Uint64("seed", 1, "seed of the games and their dice")
	every := fs.Int("every", 5, "take every this many positions of the games")
	out := fs.String("out", "engine/backgammon/testdata/gnubg_plays.txt", "output file")
	path := fs.String("gnubg", "/usr/games/gnubg", "gnubg binary")
	_ = fs.Parse(args) // ExitOnError: it exits on an error
	g, err := startGnubg(*path)
	if err != nil {
		return err
	}
	defer g.close()
	if _, err := g.run("set evaluation chequerplay evaluation plies 0", "set evaluation chequerplay evaluation prune off",
		"set evaluation chequerplay evaluation noise 0"); err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	_, _ = fmt.Fprintf(w, "# bgbench plays -n %d -seed %d -every %d (gnubg 1.07 hint at 0-ply, unpruned)\n", *n, *seed, *every)
	rng := bg.NewRand(*seed)
	var gen bg.MoveGen
	b, k := bg.StartBoard, 0
	for done := 0; done < *n; {
		d1, d2 := rng.Dice()
		if k++; k%*every == 0 {
			if _, err := g.setPosition(bg.PositionID(&b), 1, d1, d2); err != nil {
				return err
			}
			moves, err := g.hint(100000)
			if err != nil && !strings.Contains(err.Error(), "no hint") {
				return err
			}
			_, _ = fmt.Fprintf(w, "%s %d %d", bg.PositionID(&b), d1, d2)
			for _, m := range moves {
				_, _ = fmt.Fprintf(w, " | %s", m.play)
			}
			_, _ = fmt.Fprintln(w)
			done++
		}
		plays := gen.Generate(&b, d1, d2)
		p := plays[rng.Intn(len(plays))]
		if p.Result.OnBoard(0) == 0 {
			b = bg.StartBoard
			continue
		}
		b = p.Result.Swapped()
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}
