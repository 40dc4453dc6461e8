package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"movesvc/engine/gomoku/lab"
)

var board15 = matchConfig{stones: 3, size: 15, rule: "freestyle"}

// TestBuiltinOpenings checks the built-in list: 160 distinct openings of
// three stones within openingRadius of the centre, each passing the static
// check randomOpening applies (a sample also its short search, which
// proves nothing).
func TestBuiltinOpenings(t *testing.T) {
	list, err := loadOpenings(builtinName, board15)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.moves) != 160 || list.total != 160 {
		t.Fatalf("%d openings (total %d), want 160", len(list.moves), list.total)
	}
	for i, o := range list.moves {
		if len(o) != 3 {
			t.Errorf("opening %d: %q has %d stones, want 3", i, o, len(o))
			continue
		}
		st, _ := newState(o, board15)
		for _, m := range o {
			col, row := int(m[0]-'a'), atoi(m[1:])-1
			if abs(col-7) > openingRadius || abs(row-7) > openingRadius {
				t.Errorf("opening %d: %s lies beyond %d of the centre", i, m, openingRadius)
			}
		}
		if !staticallyEven(st) {
			t.Errorf("opening %d %q: static evaluation %d, beyond %d", i, o, lab.Evaluate(st, &balanceWeights), maxOpeningEval)
		}
		if i%20 == 0 && !undecided(st) {
			t.Errorf("opening %d %q: the short search proves a result", i, o)
		}
	}
}

// TestParseOpenings checks the list format: comments and blank lines are
// skipped, and a bad, repeated or finished opening is an error naming its
// line.
func TestParseOpenings(t *testing.T) {
	list, err := parseOpenings("# a list\n\nh8 i9 g9  # a comment\n  h8 h9\n", board15)
	if err != nil || !slices.EqualFunc(list, [][]string{{"h8", "i9", "g9"}, {"h8", "h9"}}, slices.Equal) {
		t.Errorf("parseOpenings = %q, %v", list, err)
	}
	for text, want := range map[string]string{
		"":                               "no openings",
		"# nothing\n":                    "no openings",
		"h8 i9\nh8 h8\n":                 "line 2",
		"h8 i9\nh8 z99\n":                "line 2",
		"h8\nh8 i9\nh8\n":                `line 3: opening "h8" already on line 1`,
		"a1 a2 b1 b2 c1 c2 d1 d2 e1\n":   "already over",
		"h8 i9 g9\n\n# x\nh8 i9 h10 z\n": "line 4",
	} {
		if _, err := parseOpenings(text, board15); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseOpenings(%q): %v, want an error with %q", text, err, want)
		}
	}
}

// TestParseFlags checks the command line: random openings by default with
// the calibrated window, a list with -openings (from -from on), and the
// combinations that make no sense rejected.
func TestParseFlags(t *testing.T) {
	opts, err := parseFlags([]string{"-a", "time=1s", "-games", "3"}, io.Discard)
	if err != nil || opts.a != "time=1s" || opts.match.games != 4 || !opts.match.balance.on || opts.match.list.moves != nil {
		t.Errorf("defaults: %+v, %v", opts, err)
	}
	opts, err = parseFlags([]string{"-openings", builtinName, "-from", "150", "-games", "20"}, io.Discard)
	if err != nil || len(opts.match.list.moves) != 10 || opts.match.list.from != 150 || opts.match.balance.on {
		t.Fatalf("-openings builtin -from 150: %+v, %v", opts.match.list, err)
	}
	if got, want := opts.match.list.describe(), "builtin, 150 to 159 of 160"; got != want {
		t.Errorf("describe() = %q, want %q", got, want)
	}
	file := filepath.Join(t.TempDir(), "openings.txt")
	if err := os.WriteFile(file, []byte("h8 i9 g9\nh8 h9 i8\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if opts, err := parseFlags([]string{"-openings", file, "-games", "4"}, io.Discard); err != nil || len(opts.match.list.moves) != 2 {
		t.Errorf("-openings %s: %+v, %v", file, opts.match.list, err)
	}
	for _, args := range [][]string{
		{"-openings", builtinName, "-from", "151", "-games", "20"}, // past the end
		{"-openings", builtinName, "-from", "-1"},
		{"-openings", file, "-games", "6"},
		{"-openings", filepath.Join(t.TempDir(), "missing.txt")},
		{"-openings", builtinName, "-seed", "3"},
		{"-openings", builtinName, "-balance", "off"},
		{"-openings", builtinName, "-balance-nodes", "1000"},
		{"-openings", builtinName, "-stones", "4"},
		{"-openings", builtinName, "-size", "19"},
		{"-from", "3"},
		{"-games", "0"},
		{"-balance", "9:1"},
		{"-bogus"},
		{"extra"},
	} {
		if _, err := parseFlags(args, io.Discard); err == nil {
			t.Errorf("parseFlags(%q) accepted", args)
		}
	}
}

// TestMatchFromList checks that a match plays a list's openings in order,
// each with both colours.
func TestMatchFromList(t *testing.T) {
	t.Parallel()
	list, err := loadOpenings(builtinName, board15)
	if err != nil {
		t.Fatal(err)
	}
	mc := board15
	mc.games = 4
	if mc.list, err = list.slice(7, 2); err != nil {
		t.Fatal(err)
	}
	// A few hundred nodes a move: the test is of the openings, not of
	// play, and the threat searches of even a depth-1 search take seconds
	// a game under the race detector.
	p, _ := parsePlayer("depth=1,nodes=300")
	res, err := playMatch(p, p, mc)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range res.games {
		if want := list.moves[7+i/2]; !slices.Equal(g.opening, want) || g.xIsA != (i%2 == 0) {
			t.Errorf("game %d: opening %q (a x: %v), want %q", i, g.opening, g.xIsA, want)
		}
	}
	mc.games = 6
	if _, err := playMatch(p, p, mc); err == nil {
		t.Error("a match of three pairs from a list of two played")
	}
}

// TestRapfiOpenings checks the lists Rapfi's opengen made: each loads under
// its rule (legal, not over, no repeats: parseOpenings), holds openings of
// 3 to 8 stones, and is refused under another rule.
func TestRapfiOpenings(t *testing.T) {
	t.Parallel()
	for name, rule := range rapfiRules {
		mc := matchConfig{size: 15, rule: rule}
		list, err := loadOpenings(name, mc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(list.moves) < 50 {
			t.Errorf("%s: %d openings, want 50 or more", name, len(list.moves))
		}
		for i, o := range list.moves {
			if len(o) < 3 || len(o) > 8 {
				t.Errorf("%s opening %d: %q has %d stones, want 3 to 8", name, i, o, len(o))
			}
		}
		other := "standard"
		if _, err := loadOpenings(name, matchConfig{size: 15, rule: other}); err == nil || !strings.Contains(err.Error(), "-rule "+rule) {
			t.Errorf("%s under %s: %v, want an error naming -rule %s", name, other, err, rule)
		}
	}
}
