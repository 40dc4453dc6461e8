package engine_test

import (
	"context"
	"slices"
	"testing"

	"movesvc/engine"
	"movesvc/engine/tictactoe"
)

// TestSearchAllocatesNothingPerNode compares a depth-1 search with a full
// solve thousands of nodes larger: the allocation count must not grow with
// the nodes (only the per-search stacks and the result are allocated).
func TestSearchAllocatesNothingPerNode(t *testing.T) {
	ttt, err := tictactoe.Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	st := generic{ttt} // the generic search, not tic-tac-toe's solution table
	var nodes uint64
	full := testing.AllocsPerRun(20, func() {
		nodes = engine.Search(context.Background(), st, engine.Limits{}).Nodes
	})
	shallow := testing.AllocsPerRun(20, func() {
		engine.Search(context.Background(), st, engine.Limits{Depth: 1})
	})
	if nodes < 1000 {
		t.Fatalf("full solve visited only %d nodes", nodes)
	}
	// A pooled table may be dropped by a GC and allocated again: allow one.
	if full > shallow+1.5 {
		t.Errorf("full solve (%d nodes) makes %.1f allocations, depth 1 makes %.1f: something allocates per node", nodes, full, shallow)
	}
}

// generic hides a state's own Search, so that engine.Search runs the
// generic negamax on it.
type generic struct{ engine.State }

// Board returns the wrapped position's rows.
func (g generic) Board() []string { return g.State.(engine.Boarder).Board() }

func TestTableGenerationsIsolateSearches(t *testing.T) {
	tt := engine.NewTable(4)
	tt.Store(42, 7, 3, 5, engine.BoundExact)
	if s, m, d, b, ok := tt.Probe(42); !ok || s != 7 || m != 3 || d != 5 || b != engine.BoundExact {
		t.Fatalf("probe after store: %v %v %v %v %v", s, m, d, b, ok)
	}
	if _, _, _, _, ok := tt.Probe(42 + 16); ok {
		t.Error("a key sharing the slot was found")
	}
	for range 200 { // wraps the generation counter several times
		tt.NewSearch()
		if _, _, _, _, ok := tt.Probe(42); ok {
			t.Fatal("an entry of an earlier search was visible")
		}
		tt.Store(42, 1, 1, 1, engine.BoundLower)
	}
}

func TestRegistry(t *testing.T) {
	reg := engine.NewRegistry(tictactoe.Game{})
	if g, ok := reg.Lookup("tictactoe"); !ok || g.Name() != "tictactoe" {
		t.Error("lookup failed")
	}
	if _, ok := reg.Lookup("chess"); ok {
		t.Error("found an unregistered game")
	}
	defer func() {
		if recover() == nil {
			t.Error("registering a name twice did not panic")
		}
	}()
	engine.NewRegistry(tictactoe.Game{}, tictactoe.Game{})
}

// TestSearchStopsAtTheNodeLimit checks Limits.MaxNodes in the generic
// search: the full solve of tic-tac-toe takes thousands of nodes; with a
// limit of a few hundred it stops within a poll of it, after the first
// iteration, with a legal move, incomplete but no deadline hit, and the
// same move every time.
func TestSearchStopsAtTheNodeLimit(t *testing.T) {
	ttt, err := tictactoe.Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	st := generic{ttt}
	full := engine.Search(context.Background(), st, engine.Limits{})
	const limit = 300
	if full.Nodes < 10*limit {
		t.Fatalf("full solve: %d nodes, want many more than the limit %d", full.Nodes, limit)
	}
	res := engine.Search(context.Background(), st, engine.Limits{MaxNodes: limit})
	if res.Nodes < limit || res.Nodes > limit+1 {
		t.Errorf("limit %d: searched %d nodes", limit, res.Nodes)
	}
	if res.Complete || res.DeadlineHit || res.Depth < 1 || res.Depth >= full.Depth {
		t.Errorf("limit %d: complete %v, deadline hit %v, depth %d (full %d), want an incomplete search of at least one ply",
			limit, res.Complete, res.DeadlineHit, res.Depth, full.Depth)
	}
	legal := st.LegalMoves(nil)
	if !slices.Contains(legal, res.Move) {
		t.Errorf("limit %d: move %v not among the legal %v", limit, res.Move, legal)
	}
	if again := engine.Search(context.Background(), st, engine.Limits{MaxNodes: limit}); again.Move != res.Move || again.Nodes != res.Nodes {
		t.Errorf("same limit, another result: %v in %d nodes, then %v in %d", res.Move, res.Nodes, again.Move, again.Nodes)
	}
}
