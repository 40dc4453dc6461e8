package games_test

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/games"
)

// ladderStart is the position each game's self-play starts from: gomoku
// from two stones at the centre, so that its searches have stones to play
// around; the others from the empty board.
var ladderStart = map[string][]string{"tictactoe": {}, "connect4": {}, "gomoku": {"h8", "h9"}}

// record is the score of a match between two levels, from a's side.
type record struct{ wins, draws, losses int }

func (r record) String() string {
	return fmt.Sprintf("+%d =%d -%d", r.wins, r.draws, r.losses)
}

// playLevels plays games games of game between levels a and b from the
// ladder's start, each with its own seed and the colours alternating, and
// returns a's record. The searches have no deadline, so the record depends
// only on the arguments.
func playLevels(t testing.TB, game string, a, b, games int) record {
	t.Helper()
	g, ok := gamesRegistry.Lookup(game)
	if !ok {
		t.Fatalf("no game %s", game)
	}
	var rec record
	for i := range games {
		st, err := g.NewState(engine.Setup{FromMoves: true, Moves: ladderStart[game]})
		if err != nil {
			t.Fatal(err)
		}
		levels := [2]int{a, b} // by colour: x first
		aIsX := i%2 == 0
		if !aIsX {
			levels = [2]int{b, a}
		}
		seed := uint64(1000*i + 7)
		for st.Outcome() == engine.OutcomeUnknown {
			res := engine.Search(context.Background(), st, engine.Params{Level: levels[st.ToMove()], Seed: seed})
			st.Play(res.Move)
		}
		switch {
		case st.Outcome() == engine.OutcomeDraw:
			rec.draws++
		case (st.ToMove() == engine.First) == aIsX: // the side to move lost
			rec.losses++
		default:
			rec.wins++
		}
	}
	return rec
}

var gamesRegistry = games.Registry()

// ladderPairs are the matches of the ladder test: each level against the
// one two below it, with the number of games, kept small for CI; the race
// detector skips the slowest. BenchmarkLevelLadder plays the whole ladder, level 10
// included, with more games.
var ladderPairs = []struct {
	game  string
	a, b  int
	games int
	slow  bool // over a second: skipped under the race detector
}{
	{"tictactoe", 3, 1, 20, false}, {"tictactoe", 5, 3, 20, false}, {"tictactoe", 7, 5, 20, false}, {"tictactoe", 9, 7, 20, false},
	{"connect4", 3, 1, 10, false}, {"connect4", 5, 3, 10, false}, {"connect4", 7, 5, 10, false}, {"connect4", 9, 7, 10, true},
	{"gomoku", 3, 1, 4, false}, {"gomoku", 4, 2, 4, true},
}

// TestLevelLadder checks that the levels are ordered: in self-play each
// level wins more games than it loses against the one two below it. In
// tic-tac-toe, a draw under correct play, the stronger level must only not
// score less: from 3 plies of search on the levels hardly ever lose, and
// most games are drawn.
func TestLevelLadder(t *testing.T) {
	var table strings.Builder
	for _, p := range ladderPairs {
		t.Run(fmt.Sprintf("%s/%d-%d", p.game, p.a, p.b), func(t *testing.T) {
			if p.slow && raceDetector {
				t.Skip("slow under the race detector; plain go test plays it")
			}
			rec := playLevels(t, p.game, p.a, p.b, p.games)
			fmt.Fprintf(&table, "%-9s level %d vs %d: %s\n", p.game, p.a, p.b, rec)
			if rec.wins < rec.losses || rec.wins == rec.losses && p.game != "tictactoe" {
				t.Errorf("level %d vs level %d: %s, want more wins than losses", p.a, p.b, rec)
			}
		})
	}
	t.Logf("\n%s", table.String())
}

var ladderGames = flag.Int("ladder-games", 0, "games per match of BenchmarkLevelLadder; 0 skips it")

// BenchmarkLevelLadder plays every level against the one two below it, for
// every game, -ladder-games games a match, and reports each match's record
// (go test -run '^$' -bench LevelLadder -benchtime 1x -v ./engine/games/
// -ladder-games=10; about 40 minutes on the project's machine, most of it
// gomoku's upper levels). Without -ladder-games it is skipped, so that
// -bench . stays short.
func BenchmarkLevelLadder(b *testing.B) {
	if *ladderGames <= 0 {
		b.Skip("set -ladder-games to play the ladder")
	}
	for _, game := range []string{"tictactoe", "connect4", "gomoku"} {
		for a := 3; a <= engine.MaxLevel; a++ {
			b.Run(fmt.Sprintf("%s/%d-%d", game, a, a-2), func(b *testing.B) {
				for range b.N {
					rec := playLevels(b, game, a, a-2, *ladderGames)
					b.Logf("%-9s level %2d vs %d: %s", game, a, a-2, rec)
					b.ReportMetric(float64(rec.wins-rec.losses)/float64(*ladderGames), "net-wins/game")
				}
			})
		}
	}
}
