package games_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"movesvc/engine"
	"movesvc/engine/games"
	"movesvc/engine/strength"
)

// slowPositions are, per game, positions whose full search takes far longer
// than any deadline: the slowest kind each game has. poll is how many nodes
// the search visits between two looks at its context; iterates is true for
// a search that reports each completed iteration to Params.Progress.
var slowPositions = []struct {
	game     string
	setup    engine.Setup
	depth    int
	poll     uint64
	iterates bool
}{
	// The empty board to depth 8: the solution table answers only searches
	// to the end of the game (with 0 nodes), so a depth below the 9 plies
	// left is what runs tic-tac-toe's search, the generic engine's.
	{"tictactoe", engine.Setup{FromMoves: true, Moves: []string{}}, 8, 256, true},
	// Test_L1_R3 (beginning, hard): seconds of exact solving, not in the
	// book. The solver does not iterate: it reports once, at the end.
	{"connect4", engine.Setup{FromMoves: true, Moves: []string{"2", "7", "1", "3", "3", "2", "1", "2"}}, 0, 4096, false},
	// A depth-limited Connect Four search, through the generic engine.
	{"connect4", engine.Setup{FromMoves: true, Moves: []string{"2", "7", "1", "3", "3", "2", "1", "2"}}, 30, 256, true},
	// An open 19x19 middle game at the deepest depth.
	{"gomoku", engine.Setup{FromMoves: true, Moves: []string{"j10", "k11", "k10", "j11", "l9", "h12", "m8", "k9"},
		Options: map[string]any{"size": 19}}, 20, 256, true},
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
		res := engine.Search(ctx, st, engine.Limits{Depth: pos.depth})
		// Measured: 256 (tic-tac-toe and Connect Four to a depth), 512
		// (gomoku), 4096 (the Connect Four solver's poll interval).
		const bound = 10000
		t.Logf("%s depth %d: %d nodes after cancellation", pos.game, pos.depth, res.Nodes)
		if res.Nodes > bound {
			t.Errorf("%s %v depth %d: %d nodes after cancellation, want at most %d", pos.game, pos.setup.Moves, pos.depth, res.Nodes, bound)
		}
		if res.Nodes == 0 {
			// An answer from a table proves nothing about stopping.
			t.Errorf("%s %v depth %d: no node visited; the position must run a search", pos.game, pos.setup.Moves, pos.depth)
		}
		if res.Complete && res.Outcome == engine.OutcomeUnknown && pos.depth == 0 {
			t.Errorf("%s: a cancelled search claims to be complete: %+v", pos.game, res)
		}
		if !slices.Contains(st.LegalMoves(nil), res.Move) {
			t.Errorf("%s: move %d is not legal", pos.game, res.Move)
		}
	}
}

// TestSearchCancelledWhileRunningStops cancels each iterating slow search
// from its Progress callback, once the iteration to depth 3 has completed,
// so that the cancellation falls while the search is running and past its
// protected first iteration. The search must stop within one poll interval
// of nodes after the cancellation (nodes, not time), answer with the
// iterations it completed, and say that the deadline stopped it. The
// Connect Four solver does not iterate (its one report comes with its
// result), so it has no moment to cancel it from inside; its polling is
// the same whether the context ends before or during the solve, and
// TestCancelledSearchStopsAtOnce holds it.
func TestSearchCancelledWhileRunningStops(t *testing.T) {
	const cancelAfter = 3
	reg := games.Registry()
	for _, pos := range slowPositions {
		if !pos.iterates {
			continue
		}
		t.Run(pos.game+"/depth"+itoa(pos.depth), func(t *testing.T) {
			g, _ := reg.Lookup(pos.game)
			st, err := g.NewState(pos.setup)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var at engine.Progress // the report the search was cancelled from
			reports := 0
			res := engine.Search(ctx, st, engine.Limits{Depth: pos.depth, Progress: func(p engine.Progress) {
				reports++
				if at.Depth == 0 && p.Depth >= cancelAfter {
					at = p
					cancel()
				}
			}})
			if at.Depth == 0 {
				t.Fatalf("the search ended after %d reports, none at depth %d: %+v", reports, cancelAfter, res)
			}
			after := res.Nodes - at.Nodes
			t.Logf("cancelled at depth %d after %d nodes; %d more nodes, answered depth %d", at.Depth, at.Nodes, after, res.Depth)
			if res.Nodes < at.Nodes || after > pos.poll {
				t.Errorf("%d nodes after the cancellation (%d at it, %d in all), want at most %d", after, at.Nodes, res.Nodes, pos.poll)
			}
			if !res.DeadlineHit || res.Complete || res.Depth < at.Depth {
				t.Errorf("result %+v: want the deadline hit, incomplete, depth at least %d", res, at.Depth)
			}
			if !slices.Contains(st.LegalMoves(nil), res.Move) {
				t.Errorf("move %d is not legal", res.Move)
			}
		})
	}
}

// BenchmarkDeadlineOvershoot searches each slow position under a 20 ms
// deadline and reports by how much the answer overran it
// (overshoot-ms/op), the share of answers the deadline stopped
// (deadline-hit/op: 0 means the search finished first) and the nodes
// visited. Each position runs three ways: plain, the plain search;
// analysis, the path of a request with analysis: true (the move's search
// under half the time, then every move scored until the deadline, as the
// server runs it); level3 and level8, playing at those levels (an analysis
// to the level's depth and a seeded choice; level 3 is shallow enough to
// finish first, level 8 is not).
func BenchmarkDeadlineOvershoot(b *testing.B) {
	const deadline = 20 * time.Millisecond
	reg := games.Registry()
	kinds := []struct {
		name string
		run  func(ctx context.Context, st engine.State, depth int) (nodes uint64, hit bool)
	}{
		{"plain", func(ctx context.Context, st engine.State, depth int) (uint64, bool) {
			res := engine.Search(ctx, st, engine.Limits{Depth: depth})
			return res.Nodes, res.DeadlineHit
		}},
		{"analysis", func(ctx context.Context, st engine.State, depth int) (uint64, bool) {
			half, cancel := engine.TimeShare(ctx, 1, 2, 0)
			res := engine.Search(half, st, engine.Limits{Depth: depth})
			cancel()
			nodes, hit := res.Nodes, res.DeadlineHit
			for _, e := range engine.Analyze(ctx, st, engine.Limits{Depth: depth}, 0) {
				nodes += e.Nodes
				hit = hit || !e.Complete && ctx.Err() != nil
			}
			return nodes, hit
		}},
		{"level3", func(ctx context.Context, st engine.State, depth int) (uint64, bool) {
			res := strength.Search(ctx, st, strength.Params{Limits: engine.Limits{Depth: depth}, Level: 3, Seed: 1})
			return res.Nodes, res.DeadlineHit
		}},
		{"level8", func(ctx context.Context, st engine.State, depth int) (uint64, bool) {
			res := strength.Search(ctx, st, strength.Params{Limits: engine.Limits{Depth: depth}, Level: 8, Seed: 1})
			return res.Nodes, res.DeadlineHit
		}},
	}
	for _, pos := range slowPositions {
		g, _ := reg.Lookup(pos.game)
		for _, kind := range kinds {
			b.Run(pos.game+"/depth"+itoa(pos.depth)+"/"+kind.name, func(b *testing.B) {
				var over time.Duration
				var nodes uint64
				hits := 0
				for b.Loop() {
					st, err := g.NewState(pos.setup)
					if err != nil {
						b.Fatal(err)
					}
					start := time.Now()
					ctx, cancel := context.WithTimeout(context.Background(), deadline)
					n, hit := kind.run(ctx, st, pos.depth)
					cancel()
					over += max(0, time.Since(start)-deadline)
					nodes += n
					if hit {
						hits++
					}
				}
				b.ReportMetric(float64(over.Microseconds())/1000/float64(b.N), "overshoot-ms/op")
				b.ReportMetric(float64(hits)/float64(b.N), "deadline-hit/op")
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			})
		}
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
