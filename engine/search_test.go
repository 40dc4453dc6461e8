package engine_test

import (
	"context"
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
		nodes = engine.Search(context.Background(), st, engine.Params{}).Nodes
	})
	shallow := testing.AllocsPerRun(20, func() {
		engine.Search(context.Background(), st, engine.Params{Depth: 1})
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
