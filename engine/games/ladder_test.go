package games_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"movesvc/engine"
	"movesvc/engine/games"
	"movesvc/engine/strength"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// ladderStart returns the moves game i of a match starts from: the empty
// board for tic-tac-toe and Connect Four, whose levels' seeded choices
// vary the games enough; for Gomoku, h8 and two stones drawn within two
// cells of it, one opening for each pair of games (i/2), so that each is
// played with both colours. (From one fixed opening the upper Gomoku
// levels, which seldom deviate from their search, played nearly the same
// two games every time: level 9 lost 19 of 20 to level 7 that way.)
func ladderStart(game string, i int) []string {
	if game != "gomoku" {
		return []string{}
	}
	rng := rand.New(rand.NewPCG(uint64(i/2), 17))
	moves := []string{"h8"}
	for len(moves) < 3 {
		sq := fmt.Sprintf("%c%d", 'f'+rng.IntN(5), 6+rng.IntN(5))
		if !slices.Contains(moves, sq) {
			moves = append(moves, sq)
		}
	}
	return moves
}

// record is the score of a match between two levels, from a's side.
type record struct{ wins, draws, losses int }

func (r record) String() string {
	return fmt.Sprintf("+%d =%d -%d", r.wins, r.draws, r.losses)
}

func (r record) games() int { return r.wins + r.draws + r.losses }

// ladderParams are the search parameters of level in the ladder: the
// level and seed, and for MaxLevel the game's default depth, as a request
// without depth gets it. That depth is what bounds the full search (Gomoku
// at level 10 ran without end with none); the ladder sets no deadline, so
// that its records depend only on the code, not on the machine's speed or
// load, and because a deadline changes Gomoku's search (its root threat
// search then stops at a quarter of the time left: a 10 s cap per move
// cut most of level 9's moves and the analysis under them).
func ladderParams(g engine.Game, level int, seed uint64) strength.Params {
	p := strength.Params{Level: level, Seed: seed}
	if level >= engine.MaxLevel {
		p.Depth = g.Describe().DefaultDepth
	}
	return p
}

// playLevels plays games games of game between levels a and b from the
// ladder's start, each with its own seed and the colours alternating, and
// returns a's record, which depends only on the arguments.
func playLevels(t testing.TB, game string, a, b, games int) record {
	t.Helper()
	g, ok := gamesRegistry.Lookup(game)
	if !ok {
		t.Fatalf("no game %s", game)
	}
	var rec record
	for i := range games {
		st, err := g.NewState(engine.Setup{FromMoves: true, Moves: ladderStart(game, i)})
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
			res := strength.Search(context.Background(), st, ladderParams(g, levels[st.ToMove()], seed))
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

// ladderPairs are the matches of the ladder test for Connect Four, chess and
// Gomoku: each level against the one two below it, with the number of
// games. The quick run plays Connect Four's lowest pair with half the
// games; the long run plays them all, the slow ones (over a second) only
// without the race detector. BenchmarkLevelLadder plays the whole ladder,
// level 10 included, with more games.
var ladderPairs = []struct {
	game        string
	a, b        int
	games       int
	quick, slow bool
}{
	{"connect4", 3, 1, 20, true, false}, {"connect4", 5, 3, 20, false, false},
	{"connect4", 7, 5, 20, false, true}, {"connect4", 9, 7, 10, false, true},
	{"gomoku", 3, 1, 40, false, true}, {"gomoku", 4, 2, 40, false, true},
	{"gomoku", 5, 3, 40, false, true}, {"gomoku", 6, 4, 40, false, true},
	{"chess", 3, 1, 20, false, true}, {"chess", 6, 4, 20, false, true},
}

// TestLevelLadder checks that the levels of Connect Four, Gomoku and chess are
// ordered: in self-play each level wins most games (more than half, draws
// counted as not won) against the one two below it. Tic-tac-toe, a draw
// under correct play, is the exception (TestTicTacToeLadder).
func TestLevelLadder(t *testing.T) {
	var table strings.Builder
	for _, p := range ladderPairs {
		t.Run(fmt.Sprintf("%s/%d-%d", p.game, p.a, p.b), func(t *testing.T) {
			if !p.quick {
				longtest.Skip(t)
			}
			if p.slow && race.Enabled {
				t.Skip("slow under the race detector; the long run without it plays it")
			}
			rec := playLevels(t, p.game, p.a, p.b, longtest.Pick(p.games/2, p.games))
			fmt.Fprintf(&table, "%-9s level %d vs %d: %s\n", p.game, p.a, p.b, rec)
			if 2*rec.wins <= rec.games() {
				t.Errorf("level %d vs level %d: %s, want a majority of the %d games won", p.a, p.b, rec, rec.games())
			}
		})
	}
	t.Logf("\n%s", table.String())
}

// ticTacToeGames is how many games each tic-tac-toe match of the ladder
// tests plays: in the long run enough to see the few decisive games of the
// upper levels, in the quick run a fifth of that (a twentieth for the
// ladder's upper levels, whose deeper searches are slow under the race
// detector).
var ticTacToeGames = longtest.Pick(40, 200)

// TestTicTacToeLadder holds tic-tac-toe's levels to what a game that is a
// draw under correct play allows, since no level can beat the one two below
// it in most games once both rarely blunder: the stronger level never loses
// more games than it wins, in every pair; the levels up to 5, which search
// two or three plies, win more than they lose against the one two below;
// and from level 7 on, which sees the traps that set up a fork, no level
// loses to a weaker one. The quick run checks only the last, which holds in
// every game; the others are about a few decisive games in 200.
func TestTicTacToeLadder(t *testing.T) {
	t.Parallel()
	var table strings.Builder
	for a := longtest.Pick(7, 3); a <= engine.MaxLevel; a++ {
		rec := playLevels(t, "tictactoe", a, a-2, longtest.Pick(10, ticTacToeGames))
		fmt.Fprintf(&table, "level %2d vs %d: %s\n", a, a-2, rec)
		switch {
		case rec.wins < rec.losses:
			t.Errorf("level %d vs %d: %s, want no more losses than wins", a, a-2, rec)
		case a <= 5 && rec.wins <= rec.losses:
			t.Errorf("level %d vs %d: %s, want more wins than losses", a, a-2, rec)
		case a >= 7 && rec.losses > 0:
			t.Errorf("level %d vs %d: %s, want no loss", a, a-2, rec)
		}
	}
	t.Logf("\n%s", table.String())
}

// TestTicTacToeLowLevelsLoseToPerfectPlay checks that tic-tac-toe's low
// levels are weak, not only ordered: against level 10 (perfect play) they
// never win, and they lose at least a share of the games: half of the
// share measured over 200 games (41, 25, 19 and 3 for levels 1 to 4), and
// at least one game.
func TestTicTacToeLowLevelsLoseToPerfectPlay(t *testing.T) {
	measured := map[int]int{1: 41, 2: 25, 3: 19, 4: 3}
	for level := 1; level <= 4; level++ {
		rec := playLevels(t, "tictactoe", engine.MaxLevel, level, ticTacToeGames)
		t.Logf("level 10 vs %d: %s", level, rec)
		minLosses := max(1, measured[level]*ticTacToeGames/200/2)
		if rec.losses > 0 || rec.wins < minLosses {
			t.Errorf("level 10 vs %d: %s, want no loss and at least %d wins", level, rec, minLosses)
		}
	}
}

var ladderGames = flag.Int("ladder-games", 0, "games per match of BenchmarkLevelLadder; 0 skips it")

var ladderGame = flag.String("ladder-game", "", "the game BenchmarkLevelLadder plays; empty plays all three")

// BenchmarkLevelLadder plays every level against the one two below it, for
// every game (or -ladder-game), -ladder-games games a match, and reports
// each match's record (go test -run '^$' -bench LevelLadder -benchtime 1x
// -v ./engine/games/ -ladder-games=10). Level 10 searches to the game's
// default depth (ladderParams). Without -ladder-games it is skipped, so
// that -bench . stays short.
func BenchmarkLevelLadder(b *testing.B) {
	if *ladderGames <= 0 {
		b.Skip("set -ladder-games to play the ladder")
	}
	for _, game := range []string{"tictactoe", "connect4", "gomoku"} {
		if *ladderGame != "" && *ladderGame != game {
			continue
		}
		for a := 3; a <= engine.MaxLevel; a++ {
			b.Run(fmt.Sprintf("%s/%d-%d", game, a, a-2), func(b *testing.B) {
				for range b.N {
					start := time.Now()
					rec := playLevels(b, game, a, a-2, *ladderGames)
					b.Logf("%-9s level %2d vs %d: %s in %v", game, a, a-2, rec, time.Since(start).Round(time.Second))
					b.ReportMetric(float64(rec.wins)/float64(*ladderGames), "wins/game")
					b.ReportMetric(float64(rec.losses)/float64(*ladderGames), "losses/game")
				}
			})
		}
	}
}
