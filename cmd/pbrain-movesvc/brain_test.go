package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// session runs the brain on a script of commands and returns its answers,
// one per line. Searches are limited by depth and nodes, with no deadline
// (untimed), and run on one
// thread unless the script sends INFO thread_num, so that answers do not
// depend on the machine's speed.
func session(t *testing.T, script ...string) []string {
	t.Helper()
	var out strings.Builder
	in := strings.NewReader(strings.Join(script, "\n") + "\n")
	if err := run(in, &out, config{depth: 6, nodes: 20_000, threads: 1, untimed: true}); err != nil {
		t.Fatalf("run: %v", err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func TestSession(t *testing.T) {
	got := session(t,
		"START 15",
		"INFO timeout_turn 5000",
		"INFO timeout_match 100000",
		"INFO time_left 100000",
		"INFO max_memory 83886080",
		"INFO rule 0",
		"INFO game_type 1",
		"ABOUT",
		"BEGIN",
		"TURN 8,8",
		"TAKEBACK 8,8",
		"RESTART",
		"BEGIN",
		"END",
		"BEGIN", // after END: never read
	)
	if len(got) != 7 {
		t.Fatalf("answers %q, want 7", got)
	}
	if got[0] != "OK" || !strings.HasPrefix(got[1], `name="pbrain-movesvc"`) || got[2] != "7,7" {
		t.Errorf("start, about, begin: %q", got[:3])
	}
	if got[3] == "7,7" || got[3] == "8,8" || !isSquare(got[3], 15) {
		t.Errorf("answer to TURN 8,8: %q", got[3])
	}
	if got[4] != "OK" || got[5] != "OK" || got[6] != "7,7" {
		t.Errorf("takeback, restart, begin: %q", got[4:])
	}
}

func isSquare(s string, size int) bool {
	v, ok := parseInts(s, 2)
	return ok && v[0] >= 0 && v[1] >= 0 && v[0] < size && v[1] < size
}

// TestBadInput checks that bad commands are answered with ERROR or UNKNOWN
// and that the session goes on.
func TestBadInput(t *testing.T) {
	got := session(t,
		"BEGIN",          // no START yet
		"TURN 1,1",       // no START yet
		"START 5",        // too small
		"START 20",       // too large
		"RECTSTART 15,9", // not square
		"START x",
		"START 10",
		"TURN 10,0",  // off the board
		"TURN 1",     // malformed
		"TURN 1,1,1", // malformed
		"TURN 4,4",
		"TURN 4,4", // taken
		"TAKEBACK 0,0",
		"BOARD",
		"1,1,1",
		"1,1,2", // twice
		"DONE",
		"BOARD",
		"1,1,7", // bad field
		"DONE",
		"BOARD",
		"1,1,1", // two own stones, none of the opponent's
		"2,2,1",
		"DONE",
		"PLAY 1,1",
		"RECTSTART 9,9",
		"BEGIN",
	)
	want := []string{"ERROR", "ERROR", "ERROR", "ERROR", "ERROR", "ERROR", "OK", "ERROR", "ERROR", "ERROR",
		"move", "ERROR", "ERROR", "ERROR", "ERROR", "ERROR", "UNKNOWN", "OK", "4,4"}
	if len(got) != len(want) {
		t.Fatalf("answers %q, want %d", got, len(want))
	}
	for i, w := range want {
		switch {
		case w == "move":
			if !isSquare(got[i], 10) || got[i] == "4,4" {
				t.Errorf("answer %d: %q, want a free square", i, got[i])
			}
		case w == "ERROR" || w == "UNKNOWN":
			if !strings.HasPrefix(got[i], w+" ") {
				t.Errorf("answer %d: %q, want %s with a message", i, got[i], w)
			}
		case got[i] != w:
			t.Errorf("answer %d: %q, want %q", i, got[i], w)
		}
	}
}

// board returns a BOARD command block with own stones at mine and the
// opponent's at theirs.
func board(mine, theirs [][2]int) []string {
	lines := []string{"BOARD"}
	for f, stones := range [][][2]int{mine, theirs} {
		for _, s := range stones {
			lines = append(lines, fmt.Sprintf("%d,%d,%d", s[0], s[1], f+1))
		}
	}
	return append(lines, "DONE")
}

// The stones of a position where black may not block white's four under
// renju (TestTactics).
var (
	renjuBlack = [][2]int{{3, 7}, {4, 7}, {5, 7}, {7, 7}, {8, 7}, {6, 12}}
	renjuWhite = [][2]int{{6, 11}, {6, 10}, {6, 9}, {0, 14}, {14, 14}}
)

// TestTactics checks that the brain takes a win and blocks the opponent's
// four, whichever colour it has, under each rule (INFO rule: 0 freestyle,
// 1 exactly five, 4 renju).
func TestTactics(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		mine, theirs [][2]int
		rule         string
		want         []string
	}{
		{"takes a five", [][2]int{{7, 7}, {8, 7}, {9, 7}, {10, 7}}, [][2]int{{3, 3}, {4, 4}, {5, 5}, {6, 6}},
			"0", []string{"6,7", "11,7"}},
		{"blocks a four", [][2]int{{2, 2}, {12, 3}, {6, 10}}, [][2]int{{7, 7}, {7, 8}, {7, 9}, {7, 10}},
			"0", []string{"7,6"}},
		{"blocks a four as o", [][2]int{{2, 2}, {12, 3}, {1, 12}}, [][2]int{{4, 4}, {5, 5}, {6, 6}, {7, 7}},
			"0", []string{"3,3", "8,8"}},
		{"freestyle: overline wins", [][2]int{{2, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}}, [][2]int{{1, 7}, {9, 7}, {0, 0}, {2, 0}, {4, 0}},
			"0", []string{"3,7", "8,7"}},
		{"standard: only the exact five", [][2]int{{2, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}}, [][2]int{{1, 7}, {9, 7}, {0, 0}, {2, 0}, {4, 0}},
			"1", []string{"8,7"}},
		// White to move: black's 6,7 would make six, a win under
		// freestyle, which white must block, and under renju a
		// forbidden point, so that white's four 6,8 wins there.
		{"freestyle: blocks black's six", renjuWhite, renjuBlack, "0", []string{"6,7"}},
		{"renju: black may not block on its overline", renjuWhite, renjuBlack, "4", []string{"6,8"}},
	}
	for _, threads := range []string{"1", "3"} {
		for _, tt := range tests {
			script := append([]string{"START 15", "INFO rule " + tt.rule, "INFO thread_num " + threads}, board(tt.mine, tt.theirs)...)
			got := session(t, script...)
			if len(got) != 2 || !slices.Contains(tt.want, got[1]) {
				t.Errorf("%s, %s threads: answers %q, want OK and one of %v", tt.name, threads, got, tt.want)
			}
		}
	}
}

// TestThreadsSetting checks where the search goroutines come from: the
// -threads flag (0: the CPUs the process may use, at most
// maxDefaultThreads), its default from the environment (unset: one), then
// INFO thread_num, clamped to 1..maxThreads, a bad value ignored; the
// environment variable's forms; and that max_memory is kept for sizing the
// table with them.
func TestThreadsSetting(t *testing.T) {
	auto := min(runtime.GOMAXPROCS(0), maxDefaultThreads)
	for flag, want := range map[int]int{0: auto, -1: auto, 1: 1, 4: 4, 1000: maxThreads} {
		if got := newBrain(config{threads: flag}).threads; got != want {
			t.Errorf("-threads %d: %d threads, want %d", flag, got, want)
		}
	}
	br := newBrain(config{threads: 2})
	for _, tt := range []struct {
		info string
		want int
	}{{"thread_num 4", 4}, {"THREAD_NUM 3", 3}, {"thread_num x", 3}, {"thread_num 0", 1}, {"thread_num 99999", maxThreads}} {
		br.info(tt.info)
		if br.threads != tt.want {
			t.Errorf("INFO %s: %d threads, want %d", tt.info, br.threads, tt.want)
		}
	}
	for env, want := range map[string]int{"": 1, "3": 3, "0": 0} {
		t.Setenv(threadsEnv, env)
		if got, err := envThreads(1); got != want || err != nil {
			t.Errorf("%s=%q: %d, %v; want %d", threadsEnv, env, got, err, want)
		}
	}
	for _, bad := range []string{"x", "-2", "1.5"} {
		t.Setenv(threadsEnv, bad)
		if _, err := envThreads(1); err == nil {
			t.Errorf("%s=%q accepted", threadsEnv, bad)
		}
	}
	br.info("max_memory 83886080")
	if br.maxMemory != 80<<20 {
		t.Errorf("INFO max_memory 83886080: maxMemory %d", br.maxMemory)
	}
}

// TestBudget checks the time kept for a move: the turn limit less a margin,
// capped by a share of the match time left.
func TestBudget(t *testing.T) {
	s := time.Second
	tests := []struct {
		c    clock
		want time.Duration
	}{
		{defaultClock(), 4500 * time.Millisecond},
		{clock{turn: 1 * s}, 900 * time.Millisecond},
		{clock{turn: 100 * time.Millisecond}, 70 * time.Millisecond},
		{clock{turn: 0}, time.Millisecond},
		{clock{turn: 5 * s, match: 180 * s, left: 12 * s}, 970 * time.Millisecond},
		{clock{turn: 5 * s, match: 180 * s, left: 200 * time.Millisecond}, time.Millisecond},
		{clock{turn: 5 * s, match: 1200 * s}, 4500 * time.Millisecond},
	}
	for _, tt := range tests {
		if got := tt.c.budget(); got != tt.want {
			t.Errorf("%+v: budget %v, want %v", tt.c, got, tt.want)
		}
	}
	for _, tt := range []struct {
		mem     int64
		threads int
		bits    int
	}{{0, 1, defaultTableBits}, {0, 8, defaultTableBits}, {1 << 20, 1, minTableBits}, {80 << 20, 1, 21},
		{80 << 20, 0, 21}, {1 << 40, 1, maxTableBits},
		// Each helper takes about 4.4 MiB: seven of them leave 80 MiB - 48
		// MiB - 31 MiB for the table, 1 MiB (16 bits); thirty leave none.
		{80 << 20, 8, 16}, {80 << 20, 30, minTableBits}} {
		if got := tableBits(tt.mem, tt.threads); got != tt.bits {
			t.Errorf("tableBits(%d, %d threads) = %d, want %d", tt.mem, tt.threads, got, tt.bits)
		}
	}
}

// TestGameSession checks that the brain keeps one gomoku.Session, and with
// it the transposition table, through a game: the same search session from
// START through the turns, a new one at RESTART and at START; and that the
// carried table leaves a scripted game reproducible at a node limit.
func TestGameSession(t *testing.T) {
	t.Parallel()
	br := newBrain(config{depth: 6, nodes: 20_000, threads: 1, untimed: true})
	if br.start("15", "15") != "OK" || br.session == nil {
		t.Fatal("START: no session")
	}
	first := br.session
	br.begin()
	br.turn("8,8")
	if br.session != first {
		t.Error("a turn started a new session")
	}
	br.restart()
	if br.session == first || br.session == nil {
		t.Error("RESTART kept the game's session")
	}
	second := br.session
	br.start("15", "15")
	if br.session == second || br.session == nil {
		t.Error("START kept the game's session")
	}
	script := []string{"START 15", "TURN 7,7", "TURN 8,6", "TURN 9,9", "TURN 6,9", "END"}
	a, b := session(t, script...), session(t, script...)
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Errorf("the same game answered %q, then %q", a, b)
	}
}
