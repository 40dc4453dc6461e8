package games_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/games"
)

// capabilities are the optional interfaces of engine/capabilities.go, each
// with whether a game's state (or, for those on the Game, the game)
// implements it.
var capabilities = map[string]func(engine.Game, engine.State) bool{
	"Celler":          func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.Celler); return ok },
	"Boarder":         func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.Boarder); return ok },
	"Positioner":      func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.Positioner); return ok },
	"Viewer":          func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.Viewer); return ok },
	"MoveDescriber":   func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.MoveDescriber); return ok },
	"Ender":           func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.Ender); return ok },
	"Chancer":         func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.Chancer); return ok },
	"Forbidder":       func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.Forbidder); return ok },
	"Searcher":        func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.Searcher); return ok },
	"ExactScorer":     func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.ExactScorer); return ok },
	"Analyzer":        func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.Analyzer); return ok },
	"PartialAnalyzer": func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.PartialAnalyzer); return ok },
	"LevelDepther":    func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.LevelDepther); return ok },
	"LevelNoder":      func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.LevelNoder); return ok },
	"LevelMarginer":   func(_ engine.Game, s engine.State) bool { _, ok := s.(engine.LevelMarginer); return ok },
	"SearchMemorer":   func(g engine.Game, _ engine.State) bool { _, ok := g.(engine.SearchMemorer); return ok },
	"Warmer":          func(g engine.Game, _ engine.State) bool { _, ok := g.(engine.Warmer); return ok },
}

// TestCapabilityTableIsTrue holds docs/architecture.md's table of
// capabilities to the games: a column for every registered game, a row for
// every capability, and a ✓ exactly where the game's state (or game)
// implements the interface.
func TestCapabilityTableIsTrue(t *testing.T) {
	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	var header []string
	rows := map[string][]string{}
	for line := range strings.SplitSeq(string(doc), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if header == nil {
			if len(cells) > 3 && cells[0] == "interface" && cells[1] == "on" {
				header = cells
			}
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		if len(cells) == len(header) && strings.HasPrefix(cells[0], "`") {
			rows[strings.Trim(cells[0], "`")] = cells
		}
	}
	if header == nil {
		t.Fatal("no capability table (a header row starting | interface | on |) in docs/architecture.md")
	}
	var names []string
	for _, g := range games.All() {
		names = append(names, g.Name())
	}
	if cols := header[2 : len(header)-1]; !slices.Equal(cols, names) {
		t.Fatalf("the table's games are %v, the registry's %v", cols, names)
	}
	for name, has := range capabilities {
		row, ok := rows[name]
		if !ok {
			t.Errorf("no row for %s", name)
			continue
		}
		for i, g := range games.All() {
			st, err := g.NewState(engine.Setup{FromMoves: true})
			if err != nil {
				t.Fatalf("%s: %v", g.Name(), err)
			}
			want := has(g, st)
			if got := row[2+i] == "✓"; got != want {
				t.Errorf("%s, %s: the table says %v, the game %v", name, g.Name(), got, want)
			}
		}
	}
	if len(rows) != len(capabilities) {
		t.Errorf("%d rows for %d capabilities", len(rows), len(capabilities))
	}
}
