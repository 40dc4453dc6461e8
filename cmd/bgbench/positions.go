package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"

	"movesvc/engine"
	bg "movesvc/engine/backgammon"
)

// cmdPositions writes test positions for errors, independent of the
// engine: games of gnubg against itself, x at -level and o at -level2 (its
// hint's best play at each), dice from -seed, the opening roll not a
// double; every position whose roll has two or more legal plays is a
// candidate, and -n of them are drawn at random. One position a line, as
// GNU Backgammon's "positionID:matchID" (the match ID carries the dice).
func cmdPositions(args []string) error {
	fs := flag.NewFlagSet("positions", flag.ExitOnError)
	n := fs.Int("n", 500, "positions to write")
	games := fs.Int("games", 100, "games to draw them from")
	seed := fs.Uint64("seed", 1, "seed of the dice and the draw")
	level := fs.String("level", "expert", "gnubg's level for x")
	level2 := fs.String("level2", "intermediate", "gnubg's level for o")
	out := fs.String("out", "docs/bench/bg_positions.txt", "output file")
	path := fs.String("gnubg", "/usr/games/gnubg", "gnubg binary")
	_ = fs.Parse(args) // ExitOnError: it exits on an error
	g, err := startGnubg(*path)
	if err != nil {
		return err
	}
	defer g.close()
	var cands []string
	rng := bg.NewRand(*seed)
	for i := 0; i < *games; i++ {
		pos := bg.NewPosition()
		var gen bg.MoveGen
		for ply := 0; !pos.Over(); ply++ {
			d1, d2 := rng.Dice()
			for ply == 0 && d1 == d2 {
				d1, d2 = rng.Dice()
			}
			pos.Dice = [2]int8{int8(max(d1, d2)), int8(min(d1, d2))}
			plays := pos.Plays(&gen)
			if len(plays) > 1 {
				cands = append(cands, bg.PositionID(&pos.Board)+":"+bg.MatchID(&pos))
			}
			lv := *level
			if pos.Turn == engine.Second {
				lv = *level2
			}
			if err := g.level(lv); err != nil {
				return err
			}
			idx, err := gnubgMove(g, &pos, plays)
			if err != nil {
				return err
			}
			pos = pos.PlayTo(&plays[idx])
		}
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	_, _ = fmt.Fprintf(w, "# bgbench positions -n %d -games %d -seed %d -level %s -level2 %s: %d candidates\n", *n, *games, *seed, *level, *level2, len(cands))
	for k := 0; k < *n && len(cands) > 0; k++ {
		j := rng.Intn(len(cands))
		_, _ = fmt.Fprintln(w, cands[j])
		cands[j] = cands[len(cands)-1]
		cands = cands[:len(cands)-1]
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// gnubgMove returns the index in plays of gnubg's best play of pos at its
// current level.
func gnubgMove(g *gnubg, pos *bg.Position, plays []bg.Play) (int, error) {
	if len(plays) == 1 {
		return 0, nil
	}
	if _, err := g.setPosition(bg.PositionID(&pos.Board), 1, int(pos.Dice[0]), int(pos.Dice[1])); err != nil {
		return 0, err
	}
	moves, err := g.hint(1)
	if err != nil {
		return 0, err
	}
	return bg.ParsePlay("gnubg", moves[0].play, plays)
}

// readPositions reads a file of "positionID:matchID" lines.
func readPositions(path string) ([]bg.Position, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ps []bg.Position
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pid, mid, _ := strings.Cut(line, ":")
		p, err := bg.ParseIDs("position_id", pid, "match_id", mid)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", line, err)
		}
		ps = append(ps, p)
	}
	return ps, nil
}
