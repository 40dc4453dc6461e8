package games_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"movesvc/engine"
	"movesvc/engine/strength"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// tactic is a position where the side to move wins at once (block is
// NoMove) or must play block, the only move after which the opponent
// cannot win at once.
type tactic struct {
	moves []string
	block engine.Move
}

// gomokuWindow is where random Gomoku games put their stones: the 7x7
// square around the centre, so that lines form within a few moves.
const gomokuWindow = 7

// randomMove returns a random legal move of st: any for tic-tac-toe and
// Connect Four, one in gomokuWindow for Gomoku.
func randomMove(game string, st engine.State, rng *rand.Rand) (engine.Move, bool) {
	if game != "gomoku" {
		moves := st.LegalMoves(nil)
		if len(moves) == 0 {
			return engine.NoMove, false
		}
		return moves[rng.IntN(len(moves))], true
	}
	for range 200 {
		sq := fmt.Sprintf("%c%d", 'e'+rng.IntN(gomokuWindow), 5+rng.IntN(gomokuWindow))
		if m, err := st.ParseMove(sq); err == nil {
			return m, true
		}
	}
	return engine.NoMove, false
}

// onlyBlock returns the one move of st after which the opponent cannot win
// at once, when the opponent threatens to, the side to move cannot win at
// once, and exactly one move stops it.
func onlyBlock(game string, st engine.State) (engine.Move, bool) {
	if winsAtOnce(st) {
		return engine.NoMove, false
	}
	if game == "gomoku" {
		return onlyGomokuBlock(st)
	}
	only, n := engine.NoMove, 0
	for _, m := range st.LegalMoves(nil) {
		st.Play(m)
		if !winsAtOnce(st) {
			only, n = m, n+1
		}
		st.Undo(m)
	}
	return only, n == 1
}

// onlyGomokuBlock finds the opponent's winning cells by passing: the side
// to move plays a1, which no line of the stones in gomokuWindow reaches,
// and every cell where the opponent would then make five is one. A single
// such cell is the only block: a stone anywhere else leaves it.
func onlyGomokuBlock(st engine.State) (engine.Move, bool) {
	pass, err := st.ParseMove("a1")
	if err != nil {
		return engine.NoMove, false
	}
	st.Play(pass)
	defer st.Undo(pass)
	var wins []engine.Move
	for _, m := range st.LegalMoves(nil) {
		st.Play(m)
		if st.Outcome() == engine.OutcomeLoss {
			wins = append(wins, m)
		}
		st.Undo(m)
	}
	if len(wins) != 1 {
		return engine.NoMove, false
	}
	return wins[0], true
}

// randomTactics plays random games of game from seed until it has found
// n positions where the side to move wins at once and n where it has one
// block, at most one of each per game.
func randomTactics(t *testing.T, game string, seed uint64, n int) (wins, blocks []tactic) {
	t.Helper()
	g, _ := gamesRegistry.Lookup(game)
	rng := rand.New(rand.NewPCG(seed, 0))
	for tries := 0; (len(wins) < n || len(blocks) < n) && tries < 100*n; tries++ {
		st, err := g.NewState(engine.Setup{FromMoves: true, Moves: []string{}})
		if err != nil {
			t.Fatal(err)
		}
		var moves []string
		gotWin, gotBlock := false, false
		for st.Outcome() == engine.OutcomeUnknown && !(gotWin && gotBlock) {
			if !gotWin && len(wins) < n && winsAtOnce(st) {
				wins = append(wins, tactic{moves: append([]string(nil), moves...), block: engine.NoMove})
				gotWin = true
			}
			if !gotBlock && len(blocks) < n {
				if b, ok := onlyBlock(game, st); ok {
					blocks = append(blocks, tactic{moves: append([]string(nil), moves...), block: b})
					gotBlock = true
				}
			}
			m, ok := randomMove(game, st, rng)
			if !ok {
				break
			}
			moves = append(moves, st.FormatMove(m))
			st.Play(m)
		}
	}
	if len(wins) < n || len(blocks) < n {
		t.Fatalf("%s: found %d wins and %d blocks in random games, want %d of each", game, len(wins), len(blocks), n)
	}
	return wins, blocks
}

// TestLevelsTakeRandomWinsAndBlocks is a property test over random
// positions of every game: in each position where the side to move can win
// at once, every level from 1 to MaxLevel, with several seeds, wins at
// once; in each where the opponent threatens an immediate win that exactly
// one move stops, every level plays that move. Level MaxLevel searches at
// the game's default depth, as the service does, under a 100 ms deadline
// (20 ms in the quick run):
// what it answers when the deadline cuts a solve short must win or block
// too (the property does not depend on how far it got).
func TestLevelsTakeRandomWinsAndBlocks(t *testing.T) {
	cases := []struct {
		game              string
		quick, positions  int    // of each kind, in the quick run and the long one
		quickSeeds, seeds uint64 // per level below MaxLevel
	}{
		{"tictactoe", 10, 40, 2, 6},
		{"connect4", 6, 40, 2, 6},
		{"gomoku", 2, 12, 2, 3},
	}
	for _, tc := range cases {
		t.Run(tc.game, func(t *testing.T) {
			// Half as many under the race detector: some thirty times slower.
			positions := longtest.Pick(race.Pick(tc.quick, (tc.quick+1)/2), tc.positions)
			seeds := longtest.Pick(tc.quickSeeds, tc.seeds)
			g, _ := gamesRegistry.Lookup(tc.game)
			wins, blocks := randomTactics(t, tc.game, 2024, positions)
			for _, pos := range append(wins, blocks...) {
				st, err := g.NewState(engine.Setup{FromMoves: true, Moves: pos.moves})
				if err != nil {
					t.Fatal(err)
				}
				for level := 1; level <= engine.MaxLevel; level++ {
					levelSeeds := seeds
					if level == engine.MaxLevel {
						levelSeeds = 1 // the full search does not draw
					}
					for seed := range levelSeeds {
						p := strength.Params{Level: level, Seed: seed}
						ctx, cancel := context.Background(), context.CancelFunc(func() {})
						if level == engine.MaxLevel {
							p.Depth = g.Describe().DefaultDepth
							ctx, cancel = context.WithTimeout(ctx, longtest.Pick(20*time.Millisecond, 100*time.Millisecond))
						}
						res := strength.Search(ctx, st, p)
						cancel()
						checkTactic(t, st, pos, level, seed, res.Move)
					}
				}
			}
		})
	}
}

// checkTactic fails the test unless m, played by level with seed in the
// position of pos (st), wins at once or is the block pos asks for.
func checkTactic(t *testing.T, st engine.State, pos tactic, level int, seed uint64, m engine.Move) {
	t.Helper()
	name := st.FormatMove(m)
	if pos.block != engine.NoMove {
		if m != pos.block {
			t.Errorf("%v: level %d seed %d played %s, not the only block %s", pos.moves, level, seed, name, st.FormatMove(pos.block))
		}
		return
	}
	st.Play(m)
	won := st.Outcome() == engine.OutcomeLoss
	st.Undo(m)
	if !won {
		t.Errorf("%v: level %d seed %d played %s, not a win at once", pos.moves, level, seed, name)
	}
}
