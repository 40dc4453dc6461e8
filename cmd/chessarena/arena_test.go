package main

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"movesvc/engine/chess"
	"movesvc/internal/longtest"
)

// TestParsePlayer checks player settings and their errors.
func TestParsePlayer(t *testing.T) {
	p, err := parsePlayer("brain=/usr/games/stockfish -x,time=100ms,UCI_Elo=2400,Threads=1,tc=10s+100ms,depth=3,nodes=500")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.argv) != 2 || p.movetime != 100*time.Millisecond || p.base != 10*time.Second || p.inc != 100*time.Millisecond ||
		p.depth != 3 || p.nodes != 500 || len(p.options) != 2 || p.options[0] != [2]string{"UCI_Elo", "2400"} {
		t.Errorf("%+v", p)
	}
	goCmd, _ := p.goCommand([2]time.Duration{time.Second, 2 * time.Second}, true)
	if goCmd != "go wtime 1000 btime 2000 winc 100 binc 100 movetime 100 depth 3 nodes 500" {
		t.Errorf("go command %q", goCmd)
	}
	for _, bad := range []string{"time=1s", "brain=x", "brain=x,time=fast", "brain=x,depth"} {
		if _, err := parsePlayer(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestLastScore checks the scores read from info lines.
func TestLastScore(t *testing.T) {
	for line, want := range map[string]int{
		"info depth 9 seldepth 12 multipv 1 score cp -35 nodes 100 pv e2e4": -35,
		"info depth 9 score mate 3 pv e2e4":                                 mateScore - 3,
		"info depth 9 score mate -2 pv e2e4":                                -mateScore + 2,
	} {
		if got, ok := lastScore(line); !ok || got != want {
			t.Errorf("%q: %d, %v; want %d", line, got, ok, want)
		}
	}
	for _, line := range []string{"info depth 9 score cp 20 lowerbound pv e2e4", "info string score cp 5", "bestmove e2e4"} {
		if _, ok := lastScore(line); ok && !strings.HasPrefix(line, "info string") {
			t.Errorf("%q read as a score", line)
		}
	}
}

// TestAdjudicate checks the win and draw adjudication rules.
func TestAdjudicate(t *testing.T) {
	win := []int{0, 0, 1200, 1100, 1500, 1000, 2000, 1300}
	if r, _ := adjudicate(win, 30); r != "1-0" {
		t.Errorf("white winning: %q", r)
	}
	if r, _ := adjudicate(win[:7], 30); r != "" {
		t.Errorf("five plies of a win adjudicated: %q", r)
	}
	level := make([]int, drawPlies)
	if r, _ := adjudicate(level, drawFromPly-1); r != "" {
		t.Errorf("an early level game adjudicated: %q", r)
	}
	if r, _ := adjudicate(level, drawFromPly); r != "1/2-1/2" {
		t.Errorf("a level game not adjudicated: %q", r)
	}
}

// TestElo checks the score and Elo of a made-up result against values
// worked out by hand: 6 wins, 8 draws, 6 losses is 50%, +0; 15 wins, 5
// losses is 75%, 400*log10(3) = +190.8.
func TestElo(t *testing.T) {
	mk := func(w, d, l int) matchResult {
		var r matchResult
		for i := 0; i < w+d+l; i++ {
			g := &game{aWhite: true, result: "1-0"}
			switch {
			case i >= w+d:
				g.result = "0-1"
			case i >= w:
				g.result = "1/2-1/2"
			}
			r.games = append(r.games, g)
		}
		return r
	}
	if diff, margin := mk(6, 8, 6).elo(); diff != 0 || margin <= 0 {
		t.Errorf("even: %+.1f ± %.1f", diff, margin)
	}
	if diff, _ := mk(15, 0, 5).elo(); math.Abs(diff-190.85) > 0.1 {
		t.Errorf("75%%: %+.2f", diff)
	}
}

// TestMatchFake plays a short match of fake engines (random movers) and
// checks the games: all legal, each opening from both sides, PGN that
// replays; then that an illegal move and a silent engine (after its time
// and moveGrace) forfeit.
func TestMatchFake(t *testing.T) {
	a, b := fakePlayer(t, "random", "A"), fakePlayer(t, "random", "B")
	ops, err := readOpenings(strings.NewReader(builtinOpenings), chess.Standard)
	if err != nil {
		t.Fatal(err)
	}
	var pgn bytes.Buffer
	res, err := playMatch(a, b, matchConfig{games: 2, concurrency: 2, openings: ops, pgn: &pgn})
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range res.games {
		if g.illegal > 0 || g.result == "" || g.aWhite != (i%2 == 0) || g.opening.fen != ops[i/2].fen {
			t.Errorf("game %d: %+v", i+1, g)
		}
	}
	if n := strings.Count(pgn.String(), "[Event "); n != 2 {
		t.Errorf("%d PGN games", n)
	}
	checkPGN(t, pgn.String())
	report := res.report(a, b)
	if !strings.Contains(report, "games 2:") || !strings.Contains(report, "illegal moves: 0") {
		t.Errorf("report:\n%s", report)
	}

	bad := fakePlayer(t, "illegal", "Bad")
	res, err = playMatch(a, bad, matchConfig{games: 2, concurrency: 1, openings: ops})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.games {
		if g.illegal != 1 || g.aScore() != 1 || !strings.Contains(g.reason, "forfeit") {
			t.Errorf("illegal move: %+v", g)
		}
	}

	silent := fakePlayer(t, "silent", "Silent")
	res, err = playMatch(silent, a, matchConfig{games: 1, concurrency: 1, openings: ops})
	if err != nil {
		t.Fatal(err)
	}
	if g := res.games[0]; g.timeouts != 1 || g.aScore() != 0 {
		t.Errorf("silent engine: %+v", g)
	}
}

// checkPGN replays every game of a PGN text: the SAN moves must be legal
// from the start (or the FEN tag) and end as the Result tag says.
func checkPGN(t *testing.T, text string) {
	t.Helper()
	for _, block := range strings.Split(text, "[Event ")[1:] {
		fen := chess.StartFEN
		var movetext strings.Builder
		for _, line := range strings.Split(block, "\n") {
			if v, ok := strings.CutPrefix(line, "[FEN \""); ok {
				fen = strings.TrimSuffix(v, "\"]")
			}
			if !strings.HasPrefix(line, "[") && !strings.HasSuffix(line, "\"]") {
				movetext.WriteString(line + " ")
			}
		}
		var moves []string
		for _, w := range strings.Fields(stripComments(movetext.String())) {
			if !strings.HasSuffix(w, ".") && w != "1-0" && w != "0-1" && w != "1/2-1/2" {
				moves = append(moves, w)
			}
		}
		if _, err := chess.NewGame(fen, moves, chess.Standard); err != nil {
			t.Errorf("PGN game does not replay: %v\n%s", err, block)
		}
		if !strings.Contains(block, "s}") {
			t.Errorf("PGN game without move comments:\n%s", block)
		}
	}
}

// TestEPD checks that a suite is read and scored: WAC's first positions
// with the fake engine's random moves solve few; the bm moves themselves
// solve all.
func TestEPD(t *testing.T) {
	f, err := os.Open("../../engine/chess/testdata/wac.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := readEPD(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 300 || cases[0].id != "WAC.001" || cases[0].best[0] != "g3g6" {
		t.Fatalf("%d cases, first %+v", len(cases), cases[0])
	}
	for _, c := range cases {
		if !c.solves(c.best[0]) {
			t.Errorf("%s: its own best move %s does not solve it", c.id, c.best[0])
		}
	}
	var out bytes.Buffer
	if _, err := runEPD(&out, fakePlayer(t, "random", "R"), cases[:5], 2); err != nil || !strings.Contains(out.String(), "of 5 solved") {
		t.Errorf("%v: %s", err, out.String())
	}
}

// TestSmokeMatch is the UCI smoke match of the long checks: uci-movesvc,
// built here, against itself at two node limits for four games (and
// against Stockfish at its lowest UCI_Elo when it is installed), with no
// illegal move.
func TestSmokeMatch(t *testing.T) {
	longtest.Skip(t)
	bin := filepath.Join(t.TempDir(), "uci-movesvc")
	if out, err := exec.Command("go", "build", "-o", bin, "../uci-movesvc").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	var out bytes.Buffer
	args := []string{"-a", "brain=" + bin + ",nodes=20000", "-b", "brain=" + bin + ",nodes=5000", "-games", "4", "-concurrency", "2"}
	if err := run(args, &out, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "illegal moves: 0;") || !strings.Contains(out.String(), "games 4:") {
		t.Errorf("report:\n%s", out.String())
	}
	if _, err := os.Stat("/usr/games/stockfish"); err != nil {
		return
	}
	out.Reset()
	args = []string{"-a", "brain=" + bin + ",time=100ms", "-b", "brain=/usr/games/stockfish,time=100ms,Threads=1,UCI_LimitStrength=true,UCI_Elo=1350", "-games", "2", "-concurrency", "2"}
	if err := run(args, &out, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	t.Logf("\n%s", out.String())
}

// TestBuiltinOpenings checks the built-in openings: 150 legal lines of
// eight plies, each reaching a position of its own.
func TestBuiltinOpenings(t *testing.T) {
	ops, err := readOpenings(strings.NewReader(builtinOpenings), chess.Standard)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, op := range ops {
		p, err := chess.NewGame(op.fen, op.moves, chess.Standard)
		if err != nil || len(op.moves) != 8 || seen[p.FEN()] {
			t.Errorf("opening %d %q: %v, or a repeat", i, op.moves, err)
			continue
		}
		seen[p.FEN()] = true
	}
	if len(ops) != 150 {
		t.Errorf("%d openings", len(ops))
	}
}

// stripComments removes the {...} comments of PGN movetext.
func stripComments(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '{':
			depth++
		case r == '}':
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}
