package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/gomoku/lab"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

func TestParsePlayer(t *testing.T) {
	p, err := parsePlayer("depth=6,nodes=1000,time=50ms,threats=off,prune=off,keep=off,plain=true,bits=16,threads=2")
	if err != nil || p.depth != 6 || p.nodes != 1000 || p.time.Milliseconds() != 50 || p.threats || p.prune || p.keep || !p.plain || p.bits != 16 || p.threads != 2 {
		t.Errorf("parsePlayer: %+v, %v", p, err)
	}
	if got := p.String(); got != "depth=6,nodes=1000,time=50ms,threads=2,threats=off,prune=off,keep=off,plain=true" {
		t.Errorf("String() = %q", got)
	}
	if p, err := parsePlayer("depth=6"); err != nil || !p.threats || !p.prune || !p.keep || p.String() != "depth=6" {
		t.Errorf("parsePlayer defaults: %+v, %v", p, err)
	}
	file := filepath.Join(t.TempDir(), "w.json")
	w := lab.PatternWeights()
	w[3] = 17
	data, _ := json.Marshal(w)
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	for setting, want := range map[string]lab.EvalWeights{
		"patterns": lab.PatternWeights(), "fitted": lab.DefaultWeights(), file: w} {
		p, err = parsePlayer("nodes=1000,eval=" + setting)
		if err != nil || p.weights == nil || *p.weights != want || p.String() != "nodes=1000,eval="+setting {
			t.Errorf("parsePlayer with eval=%s: %+v, %v", setting, p, err)
		}
	}
	tableFile := filepath.Join(t.TempDir(), "table.json")
	table := lab.PolicyOf()
	table[1][7] = 23
	data, _ = json.Marshal(table)
	if err := os.WriteFile(tableFile, data, 0o600); err != nil {
		t.Fatal(err)
	}
	p, err = parsePlayer("nodes=1000,eval=" + tableFile + ",policy=" + tableFile)
	if err != nil || p.weights != nil || p.table == nil || *p.table != table || p.policy == nil || *p.policy != table ||
		p.String() != "nodes=1000,eval="+tableFile+",policy="+tableFile {
		t.Errorf("parsePlayer with a cell table for eval and policy: %+v, %v", p, err)
	}
	linesFile := filepath.Join(t.TempDir(), "lines.json")
	if err := os.WriteFile(linesFile, []byte(`[{"5": 7}, {"5": -3}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err = parsePlayer("nodes=1000,lines=" + linesFile)
	if err != nil || p.lines == nil || p.lines[0][5] != 7 || p.lines[1][5] != -3 || p.String() != "nodes=1000,lines="+linesFile {
		t.Errorf("parsePlayer with a line table: %+v, %v", p, err)
	}
	if p, err = parsePlayer("nodes=1000,policy=hand"); err != nil || p.policy == nil || *p.policy != lab.PolicyOf() {
		t.Errorf("parsePlayer with policy=hand: %+v, %v", p, err)
	}
	for _, bad := range []string{"", "depth", "depth=x", "speed=3", "threats=maybe", "prune=yes", "depth=1,keep=1", "plain=sometimes", "time=5", "bits=16", "depth=1,threads=0", "depth=1,threads=x",
		"nodes=1,eval=testdata/missing.json", "nodes=1,eval=arena_test.go", "nodes=1,policy=" + file, "nodes=1,policy=fitted", "nodes=1,lines=" + file, "nodes=1,lines=" + tableFile} {
		if _, err := parsePlayer(bad); err == nil {
			t.Errorf("parsePlayer(%q) accepted", bad)
		}
	}
}

// TestOpenings checks that the random openings are legal, near the centre,
// varied, and not already decided; with the balance check (two openings,
// one in the quick run), that the balance search scores each within the
// window, and that the window rules out openings the static check alone
// lets through. The window searches prefilterNodes nodes (5,000 in the
// quick run): the default's searches of 3,000,000 nodes take minutes under
// the race detector, and TestBalancePrefilter checks how the two stages
// combine.
func TestOpenings(t *testing.T) {
	t.Parallel()
	window, err := parseBalance(defaultBalance, longtest.Pick(race.Pick[uint64](5000, 2000), prefilterNodes))
	if err != nil {
		t.Fatal(err)
	}
	static := matchConfig{stones: 3, size: 15, rule: "freestyle"}
	outside := false
	for _, o := range testOpenings(t, static, 6) {
		st, _ := newState(o, static)
		if outside = !window.holds(st); outside {
			break
		}
	}
	if !outside {
		t.Error("every opening of the static check is within the balance window: the window checks nothing")
	}
	balanced := static
	balanced.balance = window
	for _, o := range testOpenings(t, balanced, longtest.Pick(1, 2)) {
		st, _ := newState(o, balanced)
		if r := balanceSearch(st, window.nodes); r.Outcome != engine.OutcomeUnknown || r.Score < window.lo || r.Score > window.hi {
			t.Errorf("balance %s: opening %q scores %d (%v)", window.describe(), o, r.Score, r.Outcome)
		}
	}
}

// TestBalancePrefilter checks the two stages of a deep balance search: the
// deep score decides, the shallow one only spares deep searches of the
// openings it scores more than prefilterSlack outside the window, and a
// window of prefilterNodes nodes or fewer searches once.
func TestBalancePrefilter(t *testing.T) {
	st, err := newState([]string{"h8", "i9", "g9"}, matchConfig{size: 15, rule: "freestyle"})
	if err != nil {
		t.Fatal(err)
	}
	deep := balanceWindow{on: true, lo: 0, hi: 125, nodes: 1_000_000}
	for _, tt := range []struct {
		shallow, deep int
		proved        bool // the deep search proves a result
		holds         bool
		searches      int
	}{
		{shallow: 60, deep: 60, holds: true, searches: 2},
		{shallow: 400, deep: 100, holds: true, searches: 2},  // within the slack
		{shallow: -300, deep: 0, holds: true, searches: 2},   // at its edge
		{shallow: 426, deep: 100, holds: false, searches: 1}, // beyond it: no deep search
		{shallow: -301, deep: 100, holds: false, searches: 1},
		{shallow: 60, deep: 126, holds: false, searches: 2}, // the deep score decides
		{shallow: 60, deep: -1, holds: false, searches: 2},
		{shallow: 60, deep: 60, proved: true, holds: false, searches: 2},
	} {
		var asked []uint64
		search := func(_ *gomoku.State, nodes uint64) engine.Result {
			asked = append(asked, nodes)
			if nodes == prefilterNodes {
				return engine.Result{Score: tt.shallow}
			}
			r := engine.Result{Score: tt.deep}
			if tt.proved {
				r.Outcome = engine.OutcomeWin
			}
			return r
		}
		if got := deep.holdsWith(st, search); got != tt.holds || len(asked) != tt.searches || asked[len(asked)-1] != deep.nodes && tt.searches == 2 {
			t.Errorf("shallow %d, deep %d (proved %v): holds %v after searches of %v nodes; want %v after %d",
				tt.shallow, tt.deep, tt.proved, got, asked, tt.holds, tt.searches)
		}
	}
	shallow := balanceWindow{on: true, lo: 0, hi: 125, nodes: prefilterNodes}
	var asked []uint64
	shallow.holdsWith(st, func(_ *gomoku.State, nodes uint64) engine.Result {
		asked = append(asked, nodes)
		return engine.Result{Score: 1000}
	})
	if len(asked) != 1 || asked[0] != prefilterNodes {
		t.Errorf("a window of %d nodes searched %v", prefilterNodes, asked)
	}
}

// TestParseBalance checks the -balance flag's forms, and that its default
// applies only to the openings it is calibrated for.
func TestParseBalance(t *testing.T) {
	w, err := parseBalance(defaultBalance, defaultBalanceNodes)
	if err != nil || !w.on || w.nodes != defaultBalanceNodes || w.lo > w.hi {
		t.Fatalf("the default window: %+v, %v", w, err)
	}
	for _, tt := range []struct {
		stones, size int
		on           bool
	}{{3, 15, true}, {4, 15, false}, {3, 19, false}, {5, 15, false}} {
		if got := defaultWindow(tt.stones, tt.size, w); got.on != tt.on || tt.on && got != w {
			t.Errorf("%d stones on %dx%d: window %s", tt.stones, tt.size, tt.size, got)
		}
	}
	for in, want := range map[string]balanceWindow{"off": {}, "75:225": {true, 75, 225, 50_000}, "-50:50": {true, -50, 50, 50_000}, "0:0": {true, 0, 0, 50_000}} {
		got, err := parseBalance(in, 50_000)
		if err != nil || got != want || got.String() != in {
			t.Errorf("parseBalance(%q) = %+v (%s), %v", in, got, got, err)
		}
	}
	if got, _ := parseBalance("75:225", 50_000); got.describe() != "75:225 after 50000 nodes" {
		t.Errorf("describe() = %q", got.describe())
	}
	for _, bad := range []string{"", "75", "75:", ":225", "225:75", "a:b", "on"} {
		if _, err := parseBalance(bad, 50_000); err == nil {
			t.Errorf("parseBalance(%q) accepted", bad)
		}
	}
	if _, err := parseBalance("0:125", 0); err == nil {
		t.Error("a balance search of 0 nodes accepted")
	}
}

// testOpenings returns n openings of seed 7 under mc, checked as
// TestOpenings says: all but one of them distinct.
func testOpenings(t *testing.T, mc matchConfig, n int) [][]string {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	seen := map[string]bool{}
	var out [][]string
	for range n {
		o, err := randomOpening(rng, mc)
		if err != nil {
			t.Fatal(err)
		}
		st, err := newState(o, mc)
		if err != nil || len(o) != 3 || st.ToMove() != engine.Second {
			t.Fatalf("opening %q: %v", o, err)
		}
		for _, m := range o {
			row, col := 15-atoi(m[1:]), int(m[0]-'a')
			if abs(row-7) > openingRadius || abs(col-7) > openingRadius {
				t.Errorf("opening %q: %s is far from the centre", o, m)
			}
		}
		if r := (player{depth: 4, nodes: 5000, threats: true, prune: true, bits: 16}).move(st, nil); r.Outcome != engine.OutcomeUnknown {
			t.Errorf("opening %q is decided: %v", o, r.Outcome)
		}
		seen[strings.Join(o, " ")] = true
		out = append(out, o)
	}
	if len(seen) < max(1, n-1) {
		t.Errorf("only %d distinct openings of %d", len(seen), n)
	}
	return out
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}

func abs(x int) int { return max(x, -x) }

// match plays a small match with bounded depth and nodes, so that its result
// is the same on every machine, and returns a's result.
func match(t *testing.T, a, b string, games int) matchResult {
	t.Helper()
	pa, err := parsePlayer(a)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := parsePlayer(b)
	if err != nil {
		t.Fatal(err)
	}
	res, err := playMatch(pa, pb, matchConfig{games: games, seed: 1, stones: 3, size: 15, rule: "freestyle"})
	if err != nil {
		t.Fatal(err)
	}
	if n := res.wins + res.losses + res.draws; n != games || len(res.games) != games {
		t.Fatalf("%d games played, want %d", n, games)
	}
	for i, g := range res.games {
		if g.xIsA != (i%2 == 0) {
			t.Errorf("game %d: colours do not alternate", i)
		}
	}
	t.Logf("\n%s", res.report(pa, pb))
	return res
}

// TestLadder checks that a deeper search beats a shallower one.
func TestLadder(t *testing.T) {
	t.Parallel()
	// Under the race detector, one opening both ways: some thirty times slower.
	res := match(t, "depth=8,nodes=6000,threats=off", "depth=1,threats=off", race.Pick(4, 2))
	if res.score() < 0.75 {
		t.Errorf("depth 8 scores %.2f against depth 1, want at least 0.75", res.score())
	}
}

// TestThreatSearchVersusBaseline checks that at equal depth the engine with
// its threat search does at least as well as plain alpha-beta. A long
// check.
func TestThreatSearchVersusBaseline(t *testing.T) {
	longtest.Skip(t)
	res := match(t, "depth=2,nodes=5000", "depth=2,nodes=5000,threats=off", 4)
	if res.score() < 0.5 {
		t.Errorf("the threat search scores %.2f against the baseline, want at least 0.5", res.score())
	}
}

// TestThreatKnowledgeVersusPlain checks that the full engine beats plain
// alpha-beta (no threat search, no forced blocks, no open-three defences,
// no extensions) at equal depth and node limit. A long check.
func TestThreatKnowledgeVersusPlain(t *testing.T) {
	longtest.Skip(t)
	res := match(t, "depth=2,nodes=5000", "depth=2,nodes=5000,plain=true", 10)
	if res.score() < 0.7 {
		t.Errorf("the full engine scores %.2f against plain alpha-beta, want at least 0.7", res.score())
	}
}

// TestDepthReport checks that the report gives the completed depth of
// each side's searched moves: at depth 2 against depth 1 (no node limit,
// so every search completes), the medians are 2 and 1.
func TestDepthReport(t *testing.T) {
	res := match(t, "depth=2,threats=off", "depth=1,threats=off", 2)
	for i, want := range []int{2, 1} {
		if d := res.depth(i); d.moves == 0 || d.median() != want {
			t.Errorf("side %d: %d searched moves, depth median %d, want %d", i, d.moves, d.median(), want)
		}
	}
	pa, _ := parsePlayer("depth=2,threats=off")
	pb, _ := parsePlayer("depth=1,threats=off")
	rep := res.report(pa, pb)
	for _, want := range []string{"nodes/move, depth 2 median, 2.0 mean over ", "nodes/move, depth 1 median, 1.0 mean over ",
		"a: depth median by ply: 0-19 2 (", "b: depth median by ply: 0-19 1 ("} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
}

// TestPhaseReport checks that a move counts in the phase of the ply it was
// made at, that the report line gives each phase with moves its median
// depth and count, leaving out a phase without moves, and that the whole
// match's count is the phases' together.
func TestPhaseReport(t *testing.T) {
	for ply, want := range map[int]int{0: 0, 3: 0, 19: 0, 20: 1, 39: 1, 40: 2, 200: 2} {
		if got := phaseOf(ply); got != want {
			t.Errorf("phaseOf(%d) = %d, want %d", ply, got, want)
		}
	}
	var r matchResult
	for _, m := range []struct{ ply, depth int }{{5, 8}, {7, 9}, {9, 7}, {45, 4}, {60, 3}, {61, 4}} {
		r.phases[0][phaseOf(m.ply)].add(m.depth)
	}
	if got, want := r.phaseReport("a", 0), "a: depth median by ply: 0-19 8 (3 moves), 40+ 4 (3 moves)\n"; got != want {
		t.Errorf("phaseReport = %q, want %q", got, want)
	}
	r.phases[0][phaseOf(30)].add(6)
	if got, want := r.phaseReport("a", 0), "a: depth median by ply: 0-19 8 (3 moves), 20-39 6 (1 moves), 40+ 4 (3 moves)\n"; got != want {
		t.Errorf("phaseReport = %q, want %q", got, want)
	}
	// The whole match's count is the phases' together: depths 3 4 4 6 7 8 9.
	if d := r.depth(0); d.moves != 7 || d.median() != 6 || d.mean() != 41.0/7 {
		t.Errorf("whole match: %d moves, median %d, mean %.2f, want 7, 6, 5.86", d.moves, d.median(), d.mean())
	}
}

// TestDepthCount checks the depth count's median and mean, and that a
// move with no depth (an outside brain's) is not counted.
func TestDepthCount(t *testing.T) {
	var c depthCount
	if c.median() != 0 || c.mean() != 0 {
		t.Errorf("empty count: median %d, mean %.1f, want 0 and 0", c.median(), c.mean())
	}
	for _, d := range []int{9, 0, 10, 8, 11, 200} {
		c.add(d)
	}
	if c.moves != 5 || c.median() != 10 || c.mean() != 238.0/5 {
		t.Errorf("depths 9 10 8 11 200: %d moves, median %d, mean %.1f, want 5, 10, 47.6", c.moves, c.median(), c.mean())
	}
	c.add(7)
	if c.median() != 9 {
		t.Errorf("depths 7 8 9 10 11 200: median %d, want the lower median 9", c.median())
	}
}

func TestEloAndRecord(t *testing.T) {
	r := matchResult{tally: tally{wins: 3, losses: 1}}
	if d, m := r.elo(); d < 150 || d > 250 || m <= 0 {
		t.Errorf("3-1: elo %+.0f ± %.0f", d, m)
	}
	if d, _ := (matchResult{tally: tally{wins: 4}}).elo(); d <= 0 {
		t.Errorf("4-0: elo %+.0f", d)
	}
	g := gameRecord{opening: []string{"h8"}, moves: []string{"h9"}, xIsA: false, winner: 1}
	if got := g.String(); !strings.HasPrefix(got, "x=b o=a b wins after 2 moves") {
		t.Errorf("record: %q", got)
	}
}

// TestPairs checks the classification of opening pairs and the results
// by colour, and their lines in the report.
func TestPairs(t *testing.T) {
	game := func(xIsA bool, winner int) gameRecord { return gameRecord{xIsA: xIsA, winner: winner} }
	r := matchResult{games: []gameRecord{
		game(true, 0), game(false, 0), // a won both
		game(true, 1), game(false, 1), // b won both
		game(true, 0), game(false, 1), // x won both
		game(true, 1), game(false, 0), // o won both
		game(true, 0), game(false, 1), // x won both
		game(true, -1), game(false, 0), // a draw
	}}
	want := pairCounts{a: 1, b: 1, x: 2, o: 1, withDraws: 1}
	if got := r.pairs(); got != want {
		t.Errorf("pairs = %+v, want %+v", got, want)
	}
	report := r.report(player{}, player{})
	for _, line := range []string{
		"opening pairs: a won both 1, b won both 1; the same colour won both 3 (x 2, o 1); with a draw 1",
		"a as x: wins 3, loses 2, draws 1; as o: wins 3, loses 3, draws 0",
	} {
		if !strings.Contains(report, line) {
			t.Errorf("report lacks %q:\n%s", line, report)
		}
	}
}

func TestRunRejectsBadPlayers(t *testing.T) {
	if err := run("depth=x", "depth=1", matchConfig{games: 2, seed: 1, stones: 3, size: 15, rule: "freestyle"}, false); err == nil {
		t.Error("bad -a accepted")
	}
	if err := run("depth=1", "nodes=-1", matchConfig{games: 2, seed: 1, stones: 3, size: 15, rule: "freestyle"}, false); err == nil {
		t.Error("bad -b accepted")
	}
}

// TestLevelSetting checks that a level player parses and plays a legal move.
func TestLevelSetting(t *testing.T) {
	p, err := parsePlayer("level=3")
	if err != nil || p.level != 3 || p.String() != "level=3" {
		t.Fatalf("parsePlayer: %+v, %v", p, err)
	}
	if _, err := parsePlayer("level=11"); err == nil {
		t.Error("level=11 accepted")
	}
	st, err := newState([]string{"h8", "h9"}, matchConfig{size: 15, rule: "freestyle"})
	if err != nil {
		t.Fatal(err)
	}
	if r := p.move(st, nil); r.Move == engine.NoMove || r.Depth < 1 {
		t.Errorf("level 3 move: %+v", r)
	}
}
