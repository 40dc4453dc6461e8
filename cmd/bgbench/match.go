package main

import (
	"flag"
	"fmt"
	"math"
	"time"

	"movesvc/engine"
	bg "movesvc/engine/backgammon"
)

// cmdMatch plays cubeless money games between the engine and gnubg at a
// level: games in pairs with the same dice, the engine x (moving first) in
// the even game and o in the odd, the opening roll rerolled until it is not
// a double. It writes a line a game and the engine's points per game with a
// 95% margin.
func cmdMatch(args []string) error {
	fs := flag.NewFlagSet("match", flag.ExitOnError)
	games := fs.Int("games", 100, "games (even)")
	seed := fs.Uint64("seed", 1, "seed of the dice")
	level := fs.String("level", "advanced", "gnubg's level: beginner, casual, intermediate, advanced, expert, worldclass")
	out := fs.String("out", "", "raw output file (default: standard output only)")
	path := fs.String("gnubg", "/usr/games/gnubg", "gnubg binary")
	var ef engineFlags
	ef.register(fs)
	_ = fs.Parse(args) // ExitOnError: it exits on an error
	me, err := newEngine(ef)
	if err != nil {
		return err
	}
	g, err := startGnubg(*path)
	if err != nil {
		return err
	}
	defer g.close()
	if err := g.level(*level); err != nil {
		return err
	}
	w, done, err := openOut(*out)
	if err != nil {
		return err
	}
	defer done()
	_, _ = fmt.Fprintf(w, "# bgbench match -games %d -seed %d -level %s -depth %d -nodes %d -time %v -weights %q\n",
		*games, *seed, *level, ef.depth, ef.nodes, ef.limit, ef.weights)
	_, _ = fmt.Fprintln(w, "# game | engine plays | points for the engine | plies | engine seconds per play")
	var sum, sum2 float64
	for i := 0; i < *games; i++ {
		rng := bg.NewRand(*seed*1000003 + uint64(i/2))
		side := engine.First
		if i%2 == 1 {
			side = engine.Second
		}
		pts, plies, secs, err := playMatchGame(me, g, side, rng)
		if err != nil {
			return err
		}
		sum += float64(pts)
		sum2 += float64(pts * pts)
		_, _ = fmt.Fprintf(w, "%d | %s | %+d | %d | %.3f\n", i, side, pts, plies, secs)
	}
	n := float64(*games)
	mean := sum / n
	sd := math.Sqrt(max(sum2/n-mean*mean, 0))
	_, _ = fmt.Fprintf(w, "games %d: engine %+.3f ± %.3f points per game (95%%) against gnubg %s\n", *games, mean, 1.96*sd/math.Sqrt(n), *level)
	return nil
}

// playMatchGame plays one game, the engine as side, and returns the
// engine's points, the plies and the engine's mean seconds per play.
func playMatchGame(me *player, g *gnubg, side engine.Player, rng *bg.Rand) (int, int, float64, error) {
	pos := bg.NewPosition()
	var gen bg.MoveGen
	var secs float64
	mine := 0
	for ply := 0; ; ply++ {
		d1, d2 := rng.Dice()
		for ply == 0 && d1 == d2 {
			d1, d2 = rng.Dice()
		}
		pos.Dice = [2]int8{int8(max(d1, d2)), int8(min(d1, d2))}
		plays := pos.Plays(&gen)
		var idx int
		var err error
		if pos.Turn == side {
			start := time.Now()
			r, err := me.search(&pos)
			if err != nil {
				return 0, 0, 0, err
			}
			secs += time.Since(start).Seconds()
			mine++
			idx = int(r.Move)
		} else if idx, err = gnubgMove(g, &pos, plays); err != nil {
			return 0, 0, 0, err
		}
		if k := plays[idx].Result.WinKind(0); k > 0 {
			if pos.Turn != side {
				k = -k
			}
			return k, ply + 1, secs / float64(max(mine, 1)), nil
		}
		pos = pos.PlayTo(&plays[idx])
	}
}
