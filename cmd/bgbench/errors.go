package main

import (
	"bufio"
	"errors"
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
	_ = fs.Parse(args) // ExitOnError: it exits on an error
	run := errorRun{in: *in}
	var err error
	if run.cache, err = openJudgeCache(*cachePath); err != nil {
		return err
	}
	defer run.cache.close()
	if run.ps, err = readPositions(*in); err != nil {
		return err
	}
	if *limit > 0 && *limit < len(run.ps) {
		run.ps = run.ps[:*limit]
	}
	if run.me, err = newEngine(ef); err != nil {
		return err
	}
	if run.g, err = startGnubg(*path); err != nil {
		return err
	}
	defer run.g.close()
	if err := run.g.level("worldclass"); err != nil {
		return err
	}
	w, done, err := openOut(*out)
	if err != nil {
		return err
	}
	defer done()
	if err := run.measure(w); err != nil {
		return err
	}
	if *bestPath != "" {
		return os.WriteFile(*bestPath, []byte(run.best.String()), 0o644)
	}
	return nil
}

// openOut returns standard output, and the file path as well when it is
// set, with the function that flushes and closes it.
func openOut(path string) (io.Writer, func(), error) {
	if path == "" {
		return os.Stdout, func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	bw := bufio.NewWriter(f)
	done := func() {
		if err := errors.Join(bw.Flush(), f.Close()); err != nil {
			fmt.Fprintln(os.Stderr, "bgbench:", err) //nolint:errcheck // nowhere left to report it
		}
	}
	return io.MultiWriter(os.Stdout, bw), done, nil
}

// errorRun is one measurement of the engine's plays by gnubg's judgement.
type errorRun struct {
	in    string
	ps    []bg.Position
	me    *player
	g     *gnubg
	cache *judgeCache
	best  strings.Builder // "position | gnubg's best" lines
}

// measure searches and judges every position, writing a line for each and
// the summary.
func (run *errorRun) measure(w io.Writer) error {
	ef := run.me.f
	_, _ = fmt.Fprintf(w, "# bgbench errors -in %s -n %d -depth %d -nodes %d -time %v -weights %q\n", run.in, len(run.ps), ef.depth, ef.nodes, ef.limit, ef.weights)
	_, _ = fmt.Fprintln(w, "# position:match | engine's play | ply | gnubg's best | error (millipoints) | seconds | evaluations")
	fmt.Fprintf(&run.best, "# gnubg 1.07's best play at 2-ply (bgbench errors -in %s -n %d)\n", run.in, len(run.ps))
	var errs []float64
	byClass := map[bg.Class][]float64{}
	same, secsSum, evals := 0, 0.0, uint64(0)
	for _, pos := range run.ps {
		start := time.Now()
		r, err := run.me.search(&pos)
		if err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		secsSum, evals = secsSum+secs, evals+r.Nodes
		e, best, err := run.judged(&pos, r)
		if err != nil {
			return err
		}
		if e == 0 {
			same++
		}
		errs = append(errs, e*1000)
		c := bg.Classify(&pos.Board)
		byClass[c] = append(byClass[c], e*1000)
		fmt.Fprintf(&run.best, "%s | %s\n", pos.String(), best)
		_, _ = fmt.Fprintf(w, "%s | %s | %d | %s | %.1f | %.2f | %d\n", pos.String(), r.Play, r.Ply, best, e*1000, secs, r.Nodes)
	}
	summarize(w, errs, same)
	if n := len(run.ps); n > 0 {
		_, _ = fmt.Fprintf(w, "search: %.3f s and %d evaluations per position on average\n", secsSum/float64(n), evals/uint64(n))
	}
	summarizeClasses(w, byClass)
	return nil
}

// judged returns gnubg's judgement of the engine's play r of pos, from the
// cache or from gnubg.
func (run *errorRun) judged(pos *bg.Position, r bg.Result) (float64, string, error) {
	if e, best, ok := run.cache.get(pos.String(), r.Play); ok {
		return e, best, nil
	}
	var gen bg.MoveGen
	e, best, err := judge(run.g, pos, pos.Plays(&gen), int(r.Move))
	if err == nil {
		run.cache.put(pos.String(), r.Play, best, e)
	}
	return e, best, err
}

// summarizeClasses writes the mean error of each class of positions.
func summarizeClasses(w io.Writer, byClass map[bg.Class][]float64) {
	for _, c := range []bg.Class{bg.ClassContact, bg.ClassRace, bg.ClassBearoff} {
		if es := byClass[c]; len(es) > 0 {
			sum := 0.0
			for _, e := range es {
				sum += e
			}
			_, _ = fmt.Fprintf(w, "%s: %d positions, mean error %.2f\n", className[c], len(es), sum/float64(len(es)))
		}
	}
}

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
	_, _ = fmt.Fprintf(w, "positions %d, same play as gnubg %d (%.1f%%)\n", len(errs), same, 100*float64(same)/n)
	_, _ = fmt.Fprintf(w, "mean error %.2f ± %.2f millipoints per move (95%%), median %.1f, 90th percentile %.1f, max %.1f\n",
		mean, 1.96*sd/math.Sqrt(n), s[len(s)/2], s[len(s)*9/10], s[len(s)-1])
	bounds := []float64{0, 5, 20, 50, 100, math.Inf(1)}
	_, _ = fmt.Fprint(w, "distribution:")
	lo := math.Inf(-1)
	for _, b := range bounds {
		c := 0
		for _, e := range errs {
			if e > lo && e <= b {
				c++
			}
		}
		if b == 0 {
			_, _ = fmt.Fprintf(w, " 0: %d", c)
		} else {
			_, _ = fmt.Fprintf(w, ", (%g, %g]: %d", lo, b, c)
		}
		lo = b
	}
	_, _ = fmt.Fprintln(w)
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
		// A line lost to a failed write is only judged again next time.
		_, _ = fmt.Fprintf(c.f, "%s | %s | %s | %s\n", pos, play, v[0], v[1])
	}
}

func (c *judgeCache) close() {
	if c.f != nil {
		_ = c.f.Close() // see put
	}
}

var className = map[bg.Class]string{bg.ClassContact: "contact", bg.ClassRace: "race", bg.ClassBearoff: "bearoff"}
