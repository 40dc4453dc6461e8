package main

import (
	"strings"
	"testing"
)

// talk runs a session on the given commands and returns its output lines.
func talk(t *testing.T, commands ...string) []string {
	t.Helper()
	var out strings.Builder
	if err := run(strings.NewReader(strings.Join(commands, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

// TestPerft checks "go perft" against counts from the chessprogramming
// wiki (Kiwipete) and Stockfish (a Chess960 position, from
// engine/chess/testdata/perft.txt).
func TestPerft(t *testing.T) {
	for _, c := range []struct {
		commands []string
		want     string
		moves    int
	}{
		{[]string{"position startpos", "go perft 3"}, "Nodes searched: 8902", 20},
		{[]string{"position startpos moves e2e4 e7e5", "go perft 1"}, "Nodes searched: 29", 29},
		{[]string{"position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "go perft 3"}, "Nodes searched: 97862", 48},
		{[]string{"setoption name UCI_Chess960 value true",
			"position fen n2rkb1n/pp1bp2p/2p2p2/3r4/2P3PP/1N1P4/PP3NB1/1Q1RK1R1 b KQq - 1 10", "go perft 3"},
			"Nodes searched: 37456", 34},
	} {
		lines := talk(t, c.commands...)
		if !containsLine(lines, c.want) {
			t.Errorf("%q: no line %q in %q", c.commands, c.want, lines)
		}
		if n := countSuffixed(lines); c.moves > 0 && n != c.moves {
			t.Errorf("%q: %d move lines, want %d", c.commands, n, c.moves)
		}
	}
}

// TestHandshake checks uci, isready and errors that keep the session.
func TestHandshake(t *testing.T) {
	lines := talk(t, "uci", "isready", "position fen bad", "bogus", "isready")
	for _, want := range []string{"id name movesvc", "uciok", "readyok"} {
		if !containsLine(lines, want) {
			t.Errorf("no %q in %q", want, lines)
		}
	}
	if !containsPrefix(lines, "info string position: fen: has 1 fields") || !containsPrefix(lines, "info string unknown command bogus") {
		t.Errorf("errors not reported: %q", lines)
	}
}

func containsLine(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}

func containsPrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// countSuffixed counts the "move: count" lines of a perft answer.
func countSuffixed(lines []string) int {
	n := 0
	for _, l := range lines {
		if m, _, ok := strings.Cut(l, ": "); ok && len(m) >= 4 && len(m) <= 5 && m[0] >= 'a' && m[0] <= 'h' {
			n++
		}
	}
	return n
}
