package games_test

import (
	"context"
	"testing"

	"movesvc/engine"
	"movesvc/engine/strength"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// winsAtOnce reports whether the side to move in st can win with its next
// move.
func winsAtOnce(st engine.State) bool {
	for _, m := range st.LegalMoves(nil) {
		st.Play(m)
		won := st.Outcome() == engine.OutcomeLoss
		st.Undo(m)
		if won {
			return true
		}
	}
	return false
}

// tactics are positions where the side to move wins at once (win) or must
// stop the opponent's only immediate win (block).
var tactics = []struct {
	game, name string
	moves      []string
	win        bool
}{
	{"tictactoe", "win", []string{"a1", "a2", "b1", "b2"}, true},
	{"tictactoe", "block", []string{"a1", "a2", "c3", "b2"}, false},
	{"connect4", "win", []string{"4", "4", "5", "5", "3", "3"}, true},
	{"connect4", "block", []string{"1", "7", "2", "7", "3"}, false},
	{"gomoku", "win", []string{"h8", "a1", "i8", "a2", "j8", "a3", "k8", "c5"}, true},
	{"gomoku", "block", []string{"h8", "g8", "i8", "a1", "j8", "a2", "k8"}, false},
}

// quickSkipsLevel reports whether the quick run leaves level out of the
// level tests: it keeps the lowest five, whose seeded choices vary most,
// and level 9, the largest of the node-bounded searches.
func quickSkipsLevel(level int) bool {
	return !longtest.Enabled() && level > 5 && level < 9
}

// TestLevelsTakeWinsAndBlock checks that no weaker level, whatever the
// seed, passes over an immediate win or leaves an immediate win to the
// opponent. (Level 10 is the full search, which the games' own tests hold
// to exact results.)
func TestLevelsTakeWinsAndBlock(t *testing.T) {
	t.Parallel()
	for _, tc := range tactics {
		t.Run(tc.game+"/"+tc.name, func(t *testing.T) {
			g, _ := gamesRegistry.Lookup(tc.game)
			st, err := g.NewState(engine.Setup{FromMoves: true, Moves: tc.moves})
			if err != nil {
				t.Fatal(err)
			}
			if winsAtOnce(st) != tc.win {
				t.Fatalf("the side to move wins at once: %v, want %v", !tc.win, tc.win)
			}
			for level := 1; level < engine.MaxLevel; level++ {
				if quickSkipsLevel(level) {
					continue
				}
				seeds := longtest.Pick(race.Pick[uint64](4, 2), 8)
				if level > 4 {
					seeds = longtest.Pick[uint64](1, 2) // deeper, slower searches; fewer chances to deviate
				}
				for seed := range seeds {
					res := strength.Search(context.Background(), st, strength.Params{Level: level, Seed: seed})
					st.Play(res.Move)
					switch {
					case tc.win && st.Outcome() != engine.OutcomeLoss:
						t.Errorf("level %d seed %d: %s does not win", level, seed, st.FormatMove(res.Move))
					case !tc.win && winsAtOnce(st):
						t.Errorf("level %d seed %d: %s leaves the opponent a win", level, seed, st.FormatMove(res.Move))
					}
					st.Undo(res.Move)
				}
			}
			// Neither a requested depth of 1 nor a deadline already passed
			// makes a level miss the win or the block.
			passed, cancel := context.WithCancel(context.Background())
			cancel()
			for _, c := range []struct {
				ctx   context.Context
				depth int
			}{{context.Background(), 1}, {passed, 0}} {
				res := strength.Search(c.ctx, st, strength.Params{Limits: engine.Limits{Depth: c.depth}, Level: 1, Seed: 1})
				st.Play(res.Move)
				if tc.win && st.Outcome() != engine.OutcomeLoss || !tc.win && winsAtOnce(st) {
					t.Errorf("level 1, depth %d, ctx %v: %s misses it", c.depth, c.ctx.Err(), st.FormatMove(res.Move))
				}
				st.Undo(res.Move)
			}
		})
	}
}

// TestLevelIsReproducible checks that a seed fixes a weaker level's move,
// and that the seeds make the weakest level vary its moves.
func TestLevelIsReproducible(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"tictactoe", "connect4", "gomoku"} {
		t.Run(name, func(t *testing.T) {
			g, _ := gamesRegistry.Lookup(name)
			st, err := g.NewState(engine.Setup{FromMoves: true, Moves: ladderStart(name, 0)})
			if err != nil {
				t.Fatal(err)
			}
			seen := map[engine.Move]bool{}
			seeds := race.Pick[uint64](12, 6) // some thirty times slower under the race detector
			for seed := range seeds {
				p := strength.Params{Level: 1, Seed: seed}
				first := strength.Search(context.Background(), st, p)
				again := strength.Search(context.Background(), st, p)
				if first.Move != again.Move || first.Score != again.Score {
					t.Errorf("seed %d: %s then %s", seed, st.FormatMove(first.Move), st.FormatMove(again.Move))
				}
				seen[first.Move] = true
			}
			if len(seen) < 2 {
				t.Errorf("level 1 played the same move with %d seeds", seeds)
			}
		})
	}
}

// TestProgressOnceOrPerIteration checks that every game reports its search
// through Params.Progress: per iteration with increasing depths, or once,
// and that the last report is the result.
func TestProgressOnceOrPerIteration(t *testing.T) {
	cases := []struct {
		game  string
		moves []string
		depth int
		min   int // reports at least
	}{
		{"tictactoe", []string{"a1"}, 6, 6},
		{"connect4", []string{"4", "4"}, 0, 1}, // solved: one report
		{"connect4", []string{"4", "4"}, 5, 5}, // depth-limited: per iteration
		{"gomoku", []string{"h8", "h9", "i9"}, 4, 4},
	}
	for _, tc := range cases {
		g, _ := gamesRegistry.Lookup(tc.game)
		st, err := g.NewState(engine.Setup{FromMoves: true, Moves: tc.moves})
		if err != nil {
			t.Fatal(err)
		}
		var got []engine.Progress
		res := engine.Search(context.Background(), st, engine.Limits{Depth: tc.depth, Progress: func(p engine.Progress) {
			p.PV = append([]engine.Move(nil), p.PV...)
			got = append(got, p)
		}})
		if len(got) < tc.min {
			t.Errorf("%s %v depth %d: %d reports, want at least %d", tc.game, tc.moves, tc.depth, len(got), tc.min)
			continue
		}
		for i := 1; i < len(got); i++ {
			if got[i].Depth <= got[i-1].Depth {
				t.Errorf("%s: depths %d then %d", tc.game, got[i-1].Depth, got[i].Depth)
			}
		}
		last := got[len(got)-1]
		if last.Move != res.Move || last.Depth != res.Depth || last.Score != res.Score || len(last.PV) == 0 || last.PV[0] != last.Move {
			t.Errorf("%s: last report %+v, result %+v", tc.game, last, res)
		}
	}
}
