package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	bg "movesvc/engine/backgammon"
)

var (
	cubefulLine = regexp.MustCompile(`(?m)^\d\. (No double|No redouble|Double, pass|Redouble, pass|Double, take|Redouble, take)\s+([-+]\d+\.\d+)`)
	properLine  = regexp.MustCompile(`(?m)^Proper cube action: (.*)$`)
)

// cmdCube measures the engine's money cube decisions by gnubg's: for each
// position of -in (dice dropped, cube centered, money, Jacoby on), gnubg's
// 2-ply cubeful equities of no double, double/take and double/pass and its
// proper action, and the equity the engine's decisions lose by them: the
// doubler's (double or not, the taker answering as gnubg says) and the
// taker's (take or pass when doubled).
func cmdCube(args []string) error {
	fs := flag.NewFlagSet("cube", flag.ExitOnError)
	in := fs.String("in", "docs/bench/bg_positions.txt", "positions (bgbench positions)")
	limit := fs.Int("n", 0, "positions to take from -in (0: all)")
	path := fs.String("gnubg", "/usr/games/gnubg", "gnubg binary")
	var ef engineFlags
	ef.register(fs)
	_ = fs.Parse(args) // ExitOnError: it exits on an error
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
	if _, err := g.run("set jacoby on", "set evaluation cubedecision evaluation cubeful on", "set cube use on"); err != nil {
		return err
	}
	w := io.Writer(os.Stdout)
	_, _ = fmt.Fprintf(w, "# bgbench cube -in %s -n %d -depth %d -weights %q\n", *in, len(ps), ef.depth, ef.weights)
	_, _ = fmt.Fprintln(w, "# position | gnubg: ND DT DP, proper action | engine's action | doubler's error | taker's error (millipoints)")
	var dErr, tErr float64
	agree := 0
	for _, pos := range ps {
		pos.Dice = [2]int8{}
		pos.Cube = bg.Cube{Value: 1, Centered: true}
		a, err := bg.CubeDecision(context.Background(), &pos, bg.Limits{Depth: ef.depth, Nets: me.nets, Table: me.table})
		if err != nil {
			return err
		}
		nd, dt, dp, proper, err := gnubgCube(g, &pos)
		if err != nil {
			return err
		}
		de, te := cubeErrors(a, nd, dt, dp)
		dErr, tErr = dErr+de, tErr+te
		if de == 0 && te == 0 {
			agree++
		}
		_, _ = fmt.Fprintf(w, "%s | %+.3f %+.3f %+.3f, %s | %s | %.1f | %.1f\n", pos.String(), nd, dt, dp, proper, a.Action, de*1000, te*1000)
	}
	n := float64(len(ps))
	_, _ = fmt.Fprintf(w, "positions %d: both decisions as gnubg's in %d; mean doubler's error %.2f, taker's %.2f millipoints per position\n",
		len(ps), agree, 1000*dErr/n, 1000*tErr/n)
	return nil
}

// gnubgCube returns gnubg's cubeful equities of no double, double/take and
// double/pass for the side on roll in pos, and its proper action.
func gnubgCube(g *gnubg, pos *bg.Position) (nd, dt, dp float64, proper string, err error) {
	out, err := g.run("set turn 1", "set board "+bg.PositionID(&pos.Board), "eval")
	if err != nil {
		return 0, 0, 0, "", err
	}
	eq := map[string]float64{}
	for _, m := range cubefulLine.FindAllStringSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(m[2], 64)
		switch {
		case strings.HasSuffix(m[1], "pass"):
			eq["DP"] = v
		case strings.HasSuffix(m[1], "take"):
			eq["DT"] = v
		default:
			eq["ND"] = v
		}
	}
	p := properLine.FindStringSubmatch(out)
	if len(eq) < 3 || p == nil {
		return 0, 0, 0, "", fmt.Errorf("no cube analysis: %q", tail(out))
	}
	return eq["ND"], eq["DT"], eq["DP"], p[1], nil
}

// cubeErrors returns the equity the engine's doubling decision loses (the
// taker answering as gnubg's equities say) and its take decision loses,
// by gnubg's equities.
func cubeErrors(a bg.CubeAction, nd, dt, dp float64) (float64, float64) {
	got := nd
	if a.Double {
		got = min(dt, dp)
	}
	de := max(nd, min(dt, dp)) - got
	te := 0.0
	if a.Take && dt > dp || !a.Take && dt < dp {
		te = abs(dt - dp)
	}
	return de, te
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
