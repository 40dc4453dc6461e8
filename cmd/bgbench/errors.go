package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	bg "movesvc/engine/backgammon"
)

// cmdErrors measures the engine's plays by gnubg's judgement: for each
// position of -in, the engine's play (searched with the engine flags) and
// gnubg's best play at 2-ply (its hint, normal move filter), and the equity
// the engine's play loses against it by gnubg's 2-ply cubeless evaluation:
// the hint's own figures when it evaluated both plays at 2-ply, else
// gnubg's 2-ply evaluation of the position after each. It writes one line a
// position and a summary: the mean in millipoints per move, the median, the
// share of plays equal to gnubg's and the distribution.
func cmdErrors(args []string) error {
	fs := flag.NewFlagSet("errors", flag.ExitOnError)
	in := fs.String("in", "docs/bench/bg_positions.txt", "positions (bgbench positions)")
	out := fs.String("out", "", "raw output file (default: standard output only)")
	limit := fs.Int("n", 0, "positions to take from -in (0: all)")
	path := fs.String("gnubg", "/usr/games/gnubg", "gnubg binary")
	bestPath := fs.String("best", "", "also write \"position | gnubg's best play\" lines to this file (strength test data)")
	cachePath := fs.String("cache", "", "file of gnubg's judgements to reuse and extend (position, play, gnubg's best, loss)")
	var ef engineFlags
	ef.register(fs)
	fs.Parse(args)
	cache, err := openJudgeCache(*cachePath)
	if err != nil {
		return err
	}
	defer cache.close()
	ps, err := readPositions(*in)
	if err != nil {
		return err
	}
	if *limit > 0 && *limit < len(ps) {
		ps = ps[:*limit]
	}
	me, err := newEngine(ef)
	if err != nil {
		return err
	}
	g, err := startGnubg(*path)
	if err != nil {
		return err
	}
	defer g.close()
	if err := g.level("worldclass"); err != nil {
		return err
	}
	w := io.Writer(os.Stdout)
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		bw := bufio.NewWriter(f)
		defer bw.Flush()
		w = io.MultiWriter(os.Stdout, bw)
	}
	fmt.Fprintf(w, "# bgbench errors -in %s -n %d -depth %d -nodes %d -time %v -weights %q\n", *in, len(ps), ef.depth, ef.nodes, ef.limit, ef.weights)
	fmt.Fprintln(w, "# position:match | engine's play | ply | gnubg's best | error (millipoints) | seconds | evaluations")
	var bestOut strings.Builder
	fmt.Fprintf(&bestOut, "# gnubg 1.07's best play at 2-ply (bgbench errors -in %s -n %d)\n", *in, len(ps))
	var errs []float64
	byClass := map[bg.Class][]float64{}
	same := 0
	var secsSum float64
	var evals uint64
	for _, pos := range ps {
		start := time.Now()
		r, err := me.search(&pos)
		if err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		secsSum += secs
		evals += r.Nodes
		var gen bg.MoveGen
		plays := pos.Plays(&gen)
		e, best, ok := cache.get(pos.String(), r.Play)
		if !ok {
			if e, best, err = judge(g, &pos, plays, int(r.Move)); err != nil {
				return err
			}
			cache.put(pos.String(), r.Play, best, e)
		}
		if e == 0 {
			same++
		}
		errs = append(errs, e*1000)
		fmt.Fprintf(&bestOut, "%s | %s\n", pos.String(), best)
		c := bg.Classify(&pos.Board)
		byClass[c] = append(byClass[c], e*1000)
		fmt.Fprintf(w, "%s:%s | %s | %d | %s | %.1f | %.2f | %d\n", bg.PositionID(&pos.Board), bg.MatchID(&pos),
			r.Play, r.Ply, best, e*1000, secs, r.Nodes)
	}
	if *bestPath != "" {
		if err := os.WriteFile(*bestPath, []byte(bestOut.String()), 0o644); err != nil {
			return err
		}
	}
	summarize(w, errs, same)
	if n := len(ps); n > 0 {
		fmt.Fprintf(w, "search: %.3f s and %d evaluations per position on average\n", secsSum/float64(n), evals/uint64(n))
	}
	for _, c := range []bg.Class{bg.ClassContact, bg.ClassRace, bg.ClassBearoff} {
		if es := byClass[c]; len(es) > 0 {
			sum := 0.0
			for _, e := range es {
				sum += e
			}
			fmt.Fprintf(w, "%s: %d positions, mean error %.2f\n", className[c], len(es), sum/float64(len(es)))
		}
	}
	return nil
}

var className = map[bg.Class]string{bg.ClassContact: "contact", bg.ClassRace: "race", bg.ClassBearoff: "bearoff"}

// judge returns the equity (points) the play ours of pos loses against
// gnubg's best by gnubg's 2-ply evaluation, and gnubg's best play.
func judge(g *gnubg, pos *bg.Position, plays []bg.Play, ours int) (float64, string, error) {
	if _, err := g.setPosition(bg.PositionID(&pos.Board), 1, int(pos.Dice[0]), int(pos.Dice[1])); err != nil {
		return 0, "", err
	}
	moves, err := g.hint(1000)
	if err != nil {
		return 0, "", err
	}
	best, err := bg.ParsePlay("gnubg", moves[0].play, plays)
	if err != nil {
		return 0, "", err
	}
	if best == ours || plays[ours].Result.OnBoard(0) == 0 {
		return 0, moves[0].play, nil
	}
	for _, m := range moves[1:] {
		if i, err := bg.ParsePlay("gnubg", m.play, plays); err == nil && i == ours && m.plies == 2 && moves[0].plies == 2 {
			return moves[0].equity - m.equity, moves[0].play, nil
		}
	}
	eb, err := afterEquity(g, &plays[best])
	if err != nil {
		return 0, "", err
	}
	eo, err := afterEquity(g, &plays[ours])
	if err != nil {
		return 0, "", err
	}
	return max(eb-eo, 0), moves[0].play, nil
}

// afterEquity returns gnubg's 2-ply cubeless equity for the mover after
// play pl: minus the other side's equity on roll.
func afterEquity(g *gnubg, pl *bg.Play) (float64, error) {
	if k := pl.Result.WinKind(0); k > 0 {
		return float64(k), nil
	}
	sw := pl.Result.Swapped()
	e, err := g.eval2(bg.PositionID(&sw), 1)
	return -e, err
}

// summarize writes the mean, median and distribution of errs (millipoints).
func summarize(w io.Writer, errs []float64, same int) {
	n := float64(len(errs))
	if n == 0 {
		return
	}
	sum, sum2 := 0.0, 0.0
	for _, e := range errs {
		sum += e
		sum2 += e * e
	}
	mean := sum / n
	sd := math.Sqrt(max(sum2/n-mean*mean, 0))
	s := slices.Clone(errs)
	slices.Sort(s)
	fmt.Fprintf(w, "positions %d, same play as gnubg %d (%.1f%%)\n", len(errs), same, 100*float64(same)/n)
	fmt.Fprintf(w, "mean error %.2f ± %.2f millipoints per move (95%%), median %.1f, 90th percentile %.1f, max %.1f\n",
		mean, 1.96*sd/math.Sqrt(n), s[len(s)/2], s[len(s)*9/10], s[len(s)-1])
	bounds := []float64{0, 5, 20, 50, 100, math.Inf(1)}
	fmt.Fprint(w, "distribution:")
	lo := math.Inf(-1)
	for _, b := range bounds {
		c := 0
		for _, e := range errs {
			if e > lo && e <= b {
				c++
			}
		}
		if b == 0 {
			fmt.Fprintf(w, " 0: %d", c)
		} else {
			fmt.Fprintf(w, ", (%g, %g]: %d", lo, b, c)
		}
		lo = b
	}
	fmt.Fprintln(w)
}

// judgeCache holds gnubg's judgements of plays by position and play, read
// from and appended to a file of lines "position | play | best | loss".
type judgeCache struct {
	m map[string][2]string
	f *os.File
}

func openJudgeCache(path string) (*judgeCache, error) {
	c := &judgeCache{m: map[string][2]string{}}
	if path == "" {
		return c, nil
	}
	if data, err := os.ReadFile(path); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			f := strings.Split(line, " | ")
			if len(f) == 4 {
				c.m[f[0]+" | "+f[1]] = [2]string{f[2], f[3]}
			}
		}
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	c.f = f
	return c, err
}

func (c *judgeCache) get(pos, play string) (float64, string, bool) {
	v, ok := c.m[pos+" | "+play]
	if !ok {
		return 0, "", false
	}
	e, err := strconv.ParseFloat(v[1], 64)
	return e, v[0], err == nil
}

func (c *judgeCache) put(pos, play, best string, loss float64) {
	v := [2]string{best, strconv.FormatFloat(loss, 'f', 4, 64)}
	c.m[pos+" | "+play] = v
	if c.f != nil {
		fmt.Fprintf(c.f, "%s | %s | %s | %s\n", pos, play, v[0], v[1])
	}
}

func (c *judgeCache) close() {
	if c.f != nil {
		c.f.Close()
	}
}
