package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"movesvc/internal/race"
)

// fakeBrainEnv, when set in the environment, makes the test binary a
// Gomocup brain (fakeBrain) of that behaviour instead of running the
// tests; fakeBrainLog names a file it appends every command it reads to.
const (
	fakeBrainEnv = "ARENA_FAKE_BRAIN"
	fakeBrainLog = "ARENA_FAKE_BRAIN_LOG"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeBrainEnv); mode != "" {
		fakeBrain(mode)
		os.Exit(0)
	}
	race.NoExitSleep()
	race.Exit(m.Run())
}

// fakeBrain speaks the protocol on standard input and output. It plays the
// first free square in reading order (x across, y down), so its moves are
// known in advance, and misbehaves as mode says: "scan" does not, "chatty"
// writes MESSAGE and DEBUG lines around its answers, "taken" answers with
// an occupied square, "garbage" with no square, "exit" exits instead of
// moving, "slow" never answers a move (but exits at END), "deaf" never
// answers and never reads again (it must be killed), "refuse" answers
// START with ERROR, and
// "hasty" answers a TURN with ERROR when it comes sooner than
// brainTurnPause after its last answer (as a brain that is not done with
// its move when it prints it would misread it), and "racy" answers the
// first TURN of each game as such a brain does when a TURN comes while it
// is busy: ERROR naming the move as an unknown command, and no move.
func fakeBrain(mode string) {
	var log *os.File
	if name := os.Getenv(fakeBrainLog); name != "" {
		log, _ = os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	}
	var size int
	var cells []byte // 0 free, 1 own, 2 opponent
	put := func(arg string, who byte) {
		var x, y int
		if _, err := fmt.Sscanf(arg, "%d,%d", &x, &y); err == nil && x >= 0 && y >= 0 && x < size && y < size {
			cells[y*size+x] = who
		}
	}
	move := func() string {
		switch mode {
		case "taken":
			i := slices.IndexFunc(cells, func(c byte) bool { return c != 0 })
			return fmt.Sprintf("%d,%d", i%size, i/size)
		case "garbage":
			return "pass"
		case "exit":
			os.Exit(3)
		case "slow":
			return "" // and reads on: END ends it
		case "deaf":
			time.Sleep(time.Hour)
		case "chatty":
			fmt.Println("MESSAGE thinking")
			fmt.Println("DEBUG depth 1")
		}
		i := slices.Index(cells, 0)
		cells[i] = 1
		return fmt.Sprintf("%d,%d", i%size, i/size)
	}
	var answered time.Time
	raced := false // a TURN of this game has been dropped (racy)
	// answered is taken before the answer is written: the manager reads
	// it only after that, so a manager that waits brainTurnPause from its
	// read also waits that long from answered, however the processes are
	// scheduled.
	answer := func(s string) {
		answered = time.Now()
		if s != "" {
			fmt.Println(s)
		}
	}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if log != nil {
			_, _ = fmt.Fprintln(log, line) // a best-effort log of the protocol
		}
		cmd, arg, _ := strings.Cut(line, " ")
		switch cmd {
		case "START":
			if mode == "refuse" {
				fmt.Println("ERROR unsupported size")
				continue
			}
			if _, err := fmt.Sscan(arg, &size); err != nil {
				fmt.Println("ERROR bad size")
				continue
			}
			cells = make([]byte, size*size)
			raced = false
			fmt.Println("OK")
		case "BEGIN":
			answer(move())
		case "TURN":
			if mode == "racy" && !raced {
				raced = true
				fmt.Println("ERROR Unknown command: " + arg)
				continue
			}
			if mode == "hasty" && time.Since(answered) < brainTurnPause {
				fmt.Println("ERROR TURN too soon after my move")
				continue
			}
			put(arg, 2)
			answer(move())
		case "BOARD":
			clear(cells)
			for sc.Scan() && sc.Text() != "DONE" {
				if log != nil {
					_, _ = fmt.Fprintln(log, sc.Text())
				}
				f := strings.Split(sc.Text(), ",")
				put(f[0]+","+f[1], f[2][0]-'0')
			}
			answer(move())
		case "END":
			return
		}
	}
}

// brainPlayer returns a player running the test binary as a fake brain of
// the given mode, logging to log (none when empty).
func brainPlayer(t *testing.T, mode, log, settings string) player {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeBrainEnv, mode)
	t.Setenv(fakeBrainLog, log)
	p, err := parsePlayer("brain=" + exe + settings)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// brainMatch plays the first games/2 built-in openings between the engine
// at depth 2 (player a) and b.
func brainMatch(t *testing.T, b player, games int) (matchResult, error) {
	t.Helper()
	mc := matchConfig{games: games, size: 15, rule: "freestyle"}
	list, err := loadOpenings(builtinName, mc)
	if err != nil {
		t.Fatal(err)
	}
	if mc.list, err = list.slice(0, games/2); err != nil {
		t.Fatal(err)
	}
	a, err := parsePlayer("depth=2,nodes=2000")
	if err != nil {
		t.Fatal(err)
	}
	return playMatch(a, b, mc)
}

// TestBrainPlays checks a match against an outside brain: what the brain
// is told (START, INFO, the opening by BOARD with its own stones as 1, each
// reply by TURN, END; a depth as INFO max_depth, a node limit as INFO
// max_node) and that its answers x,y
// land on column x, row y from the top.
func TestBrainPlays(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	for mode, depth := range map[string]string{"scan": "", "chatty": ",depth=9,nodes=5000"} {
		log := filepath.Join(t.TempDir(), "commands")
		res, err := brainMatch(t, brainPlayer(t, mode, log, ",time=1500ms"+depth), 2)
		if err != nil {
			t.Fatal(err)
		}
		if res.wins != 2 || res.forfeits != [2]int{} || res.moves[1] == 0 {
			t.Fatalf("%s: the engine won %d of 2, forfeits %v, brain moves %d", mode, res.wins, res.forfeits, res.moves[1])
		}
		// The opening i11 h6 j7 with the brain as o, then as x.
		asO, asX := res.games[0], res.games[1]
		if asO.opening[0] != "i11" || asO.moves[0] != "a15" || asO.moves[2] != "b15" || asX.moves[1] != "a15" {
			t.Errorf("%s: the brain's moves as o %v, as x %v: want a15, b15, ... (x,y = 0,0 is the top left)", mode, asO.moves, asX.moves)
		}
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSpace(string(data)), "\n")
		// As o: i11 (x) is column 8, row 4 from the top; h6 (o) is the
		// brain's own; j7 (x). Then the engine's reply to a15 by TURN.
		wantStart := []string{"START 15", "INFO timeout_turn 1500", "INFO rule 0", "BOARD", "8,4,2", "7,9,1", "9,8,2", "TURN"}
		if depth != "" {
			wantStart = slices.Insert(wantStart, 1, "INFO max_node 5000", "INFO max_depth 9")
		}
		for i, w := range wantStart {
			if i >= len(got) || !strings.HasPrefix(got[i], w) {
				t.Fatalf("%s: commands %q, want them to start %q", mode, got, wantStart)
			}
		}
		if ends := strings.Count(string(data), "END\n"); ends != 2 {
			t.Errorf("%s: END sent %d times in 2 games", mode, ends)
		}
		// As x, the brain is told o's h6 as the opponent's.
		second := slices.Index(got[1:], "START 15") + 1
		if second == 0 || !slices.Contains(got[second:], "7,9,2") || !slices.Contains(got[second:], "8,4,1") {
			t.Errorf("%s: second game's commands %q", mode, got[second:])
		}
	}
}

// TestBrainForfeits checks that a brain answering with an occupied square,
// with no square, by exiting or not at all loses the game, recorded with
// the reason, and that the match goes on.
func TestBrainForfeits(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	for mode, reason := range map[string]string{
		"taken":   "is already taken",
		"garbage": `"pass", not a move`,
		"exit":    "the brain exited",
		"slow":    "no answer within 2.01s",
	} {
		res, err := brainMatch(t, brainPlayer(t, mode, "", ",time=10ms"), 2)
		if err != nil {
			t.Fatal(err)
		}
		if res.wins != 2 || res.forfeits != [2]int{0, 2} || res.moves[1] != 0 {
			t.Errorf("%s: the engine won %d of 2, forfeits %v, brain moves %d", mode, res.wins, res.forfeits, res.moves[1])
		}
		for _, g := range res.games {
			if !strings.Contains(g.String(), "a wins (b forfeits: ") || !strings.Contains(g.forfeit, reason) {
				t.Errorf("%s: %s, want the reason to say %q", mode, g, reason)
			}
		}
		if rep := res.report(player{}, player{}); !strings.Contains(rep, "b forfeited 2 games") {
			t.Errorf("%s: report %q", mode, rep)
		}
	}
}

// TestBrainWait checks that wait= bounds a brain's answer where no time
// setting does (a depth-limited brain that hangs): the brain forfeits each
// game after the wait given, and, deaf to END, is killed. And that the
// wait, when given, replaces the bound that comes with a time setting.
func TestBrainWait(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	for _, c := range []struct {
		settings string
		want     time.Duration
	}{
		{"brain=b", brainUntimed},
		{"brain=b,time=1s", time.Second + brainGrace},
		{"brain=b,time=10s,wait=300ms", 300 * time.Millisecond},
		{"brain=b,depth=9,wait=1m", time.Minute},
	} {
		p, err := parsePlayer(c.settings)
		if err != nil {
			t.Fatal(err)
		}
		if got := answerWait(p); got != c.want {
			t.Fatalf("%s: answers waited for %v, want %v", c.settings, got, c.want)
		}
	}
	// A brain that hangs reading nothing is killed brainExitWait after
	// END; a shorter wait keeps the test short.
	defer func(wait time.Duration) { brainExitWait = wait }(brainExitWait)
	brainExitWait = 100 * time.Millisecond
	start := time.Now()
	res, err := brainMatch(t, brainPlayer(t, "deaf", "", ",depth=9,wait=300ms"), 2)
	if err != nil {
		t.Fatal(err)
	}
	if res.forfeits != [2]int{0, 2} {
		t.Fatalf("forfeits %v, want the brain's 2", res.forfeits)
	}
	for _, g := range res.games {
		if !strings.Contains(g.forfeit, "no answer within 300ms") {
			t.Errorf("%s, want the reason to give the wait", g)
		}
	}
	if took := time.Since(start); took > 8*time.Second {
		t.Errorf("2 games took %v: the wait did not bound the answers", took)
	}
}

// TestBrainGetsAPauseBeforeTurn checks that a TURN never follows the
// brain's answer sooner than brainTurnPause, though the engine side
// answers within a millisecond: a brain that misreads a hasty TURN plays
// its games out without a forfeit. And the report gives each side's
// longest move, and the depth of the engine's moves only: a brain reports
// none.
func TestBrainGetsAPauseBeforeTurn(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	res, err := brainMatch(t, brainPlayer(t, "hasty", "", ",time=1s"), 2)
	if err != nil {
		t.Fatal(err)
	}
	if res.forfeits != [2]int{} || res.moves[1] == 0 {
		t.Fatalf("forfeits %v, brain moves %d: a TURN came too soon (%v)", res.forfeits, res.moves[1], res.games)
	}
	if rep := res.report(player{}, player{}); strings.Count(rep, ", longest ") != 2 {
		t.Errorf("report %q, want each side's longest move", rep)
	}
	if res.depth(0).moves == 0 || res.depth(1).moves != 0 {
		t.Errorf("depths counted for %d engine moves and %d brain moves, want some and none", res.depth(0).moves, res.depth(1).moves)
	}
}

// TestBrainTurnSentAgain checks that a TURN the brain dropped, answering
// that the move is an unknown command, is sent again and the game played
// out, and that other errors still forfeit.
func TestBrainTurnSentAgain(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	log := filepath.Join(t.TempDir(), "racy.log")
	res, err := brainMatch(t, brainPlayer(t, "racy", log, ",time=1s"), 2)
	if err != nil {
		t.Fatal(err)
	}
	if res.forfeits != [2]int{} || res.moves[1] == 0 {
		t.Fatalf("forfeits %v, brain moves %d: a dropped TURN was not sent again (%v)", res.forfeits, res.moves[1], res.games)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	again := 0
	for i := 1; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "TURN ") && lines[i] == lines[i-1] {
			again++
		}
	}
	if again != 2 {
		t.Errorf("%d TURNs sent twice in a row over 2 games, want 2 (one a game):\n%s", again, data)
	}
	for _, c := range []struct {
		cmd, answer string
		want        bool
	}{
		{"TURN 7,9", "ERROR Unknown command: 7,9", true},
		{"TURN 7,9", "ERROR Unknown command: 7,8", false},
		{"TURN 7,9", "ERROR something else", false},
		{"BEGIN", "ERROR Unknown command: 7,9", false},
		{"TURN 7,9", "7,9", false},
	} {
		if got := droppedTurn(c.cmd, c.answer); got != c.want {
			t.Errorf("droppedTurn(%q, %q) = %v, want %v", c.cmd, c.answer, got, c.want)
		}
	}
}

// TestBrainStartFails checks that a brain that cannot start, or refuses
// START, ends the match with an error naming it.
func TestBrainStartFails(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	if _, err := brainMatch(t, brainPlayer(t, "refuse", "", ""), 2); err == nil || !strings.Contains(err.Error(), `START 15: answered "ERROR unsupported size"`) {
		t.Errorf("refused START: %v", err)
	}
	missing := filepath.Join(t.TempDir(), "no-such-brain")
	p, err := parsePlayer("brain=" + missing)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := brainMatch(t, p, 2); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing brain: %v", err)
	}
}

func TestParseBrainPlayer(t *testing.T) {
	p, err := parsePlayer("brain=node  /tmp/pbrain.mjs --fast,time=1s")
	if err != nil || !slices.Equal(p.brain, []string{"node", "/tmp/pbrain.mjs", "--fast"}) || p.time != time.Second {
		t.Fatalf("parsePlayer: %+v, %v", p, err)
	}
	if got := p.String(); got != "brain=node /tmp/pbrain.mjs --fast,time=1s" {
		t.Errorf("String() = %q", got)
	}
	if p, err := parsePlayer("brain=pbrain"); err != nil || p.String() != "brain=pbrain" {
		t.Errorf("a brain without time: %+v, %v", p, err)
	}
	if p, err := parsePlayer("brain=pbrain,depth=6"); err != nil || p.depth != 6 || p.String() != "brain=pbrain,depth=6" {
		t.Errorf("a brain with a depth: %+v, %v", p, err)
	}
	if p, err := parsePlayer("brain=pbrain,depth=10,wait=30s"); err != nil || p.wait != 30*time.Second || p.String() != "brain=pbrain,depth=10,wait=30s" {
		t.Errorf("a brain with a wait: %+v, %v", p, err)
	}
	if p, err := parsePlayer("brain=pbrain,nodes=6000"); err != nil || p.nodes != 6000 || p.String() != "brain=pbrain,nodes=6000" {
		t.Errorf("a brain with a node limit: %+v, %v", p, err)
	}
	for _, bad := range []string{"brain=", "brain= ", "brain=pbrain,keep=off", "brain=pbrain,level=3", "brain=pbrain,threats=off",
		"brain=pbrain,wait=0s", "brain=pbrain,wait=x", "depth=4,wait=1s"} {
		if _, err := parsePlayer(bad); err == nil {
			t.Errorf("parsePlayer(%q) accepted", bad)
		}
	}
}
