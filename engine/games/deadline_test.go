package games_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"movesvc/engine"
	"movesvc/engine/games"
)

// slowPositions are, per game, positions whose full search takes far longer
// than any deadline: the slowest kind each game has.
var slowPositions = []struct {
	game  string
	setup engine.Setup
	depth int
}{
	// The whole tree of the empty board.
	{"tictactoe", engine.Setup{FromMoves: true, Moves: []string{}}, 0},
	// Test_L1_R3 (beginning, hard): seconds of exact solving, not in the book.
	{"connect4", engine.Setup{FromMoves: true, Moves: []string{"3", "2", "4", "6", "3", "1", "3"}}, 0},
	// A depth-limited Connect Four search, through the generic engine.
	{"connect4", engine.Setup{FromMoves: true, Moves: []string{"3", "2", "4", "6", "3", "1", "3"}}, 30},
	// An open 19x19 middle game at the deepest depth.
	{"gomoku", engine.Setup{FromMoves: true, Moves: []string{"j10", "k11", "k10", "j11", "l9", "h12", "m8", "k9"},
		Options: map[string]any{"size": 19}}, 20},
}

// TestCancelledSearchStopsAtOnce searches each slow position with a context
// that is already cancelled, so that every node it visits is visited after
// the cancellation: the count must stay within what the first, protected
// iteration needs plus one poll interval, far below the full search's, and
// the move must still be legal.
func TestCancelledSearchStopsAtOnce(t *testing.T) {
	reg := games.Registry()
	for _, pos := range slowPositions {
		g, _ := reg.Lookup(pos.game)
		st, err := g.NewState(pos.setup)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res := engine.Search(ctx, st, engine.Params{Depth: pos.depth})
		// Measured: 256 (tic-tac-toe, depth-limited Connect Four), 512
		// (gomoku), 4096 (the Connect Four solver's poll interval).
		const bound = 10000
		if res.Nodes > bound {
			t.Errorf("%s %v depth %d: %d nodes after cancellation, want at most %d", pos.game, pos.setup.Moves, pos.depth, res.Nodes, bound)
		}
		if res.Complete && res.Outcome == engine.OutcomeUnknown && pos.depth == 0 {
			t.Errorf("%s: a cancelled search claims to be complete: %+v", pos.game, res)
		}
		if !slices.Contains(st.LegalMoves(nil), res.Move) {
			t.Errorf("%s: move %d is not legal", pos.game, res.Move)
		}
	}
}

// BenchmarkDeadlineOvershoot searches each slow position under a 20 ms
// deadline and reports by how much the search overran it
// (overshoot-ms/op), and how many nodes it visited.
func BenchmarkDeadlineOvershoot(b *testing.B) {
	const deadline = 20 * time.Millisecond
	reg := games.Registry()
	for _, pos := range slowPositions {
		g, _ := reg.Lookup(pos.game)
		b.Run(pos.game+"/depth"+itoa(pos.depth), func(b *testing.B) {
			var over time.Duration
			var nodes uint64
			for b.Loop() {
				st, err := g.NewState(pos.setup)
				if err != nil {
					b.Fatal(err)
				}
				start := time.Now()
				ctx, cancel := context.WithTimeout(context.Background(), deadline)
				res := engine.Search(ctx, st, engine.Params{Depth: pos.depth})
				cancel()
				over += max(0, time.Since(start)-deadline)
				nodes += res.Nodes
			}
			b.ReportMetric(float64(over.Microseconds())/1000/float64(b.N), "overshoot-ms/op")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
