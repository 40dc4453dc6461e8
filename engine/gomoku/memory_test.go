package gomoku

import (
	"context"
	"testing"

	"movesvc/engine"
)

// TestSearcherKeptByTheBudget: a search with a memory reservation hands its
// searcher back to the reservation, so that a second search under it (the
// analysis after the move's search) reuses it and the budget counts it
// idle once released, and a later reservation takes the same searcher.
func TestSearcherKeptByTheBudget(t *testing.T) {
	params := engine.Limits{Depth: 2, TableBits: 12}
	size := Game{}.SearchMemory(params)
	b := engine.NewMemoryBudget(3 * size)
	st := gomokuState(t, "h8", "h9", "i9")

	r1, err := b.Reserve(size)
	if err != nil {
		t.Fatal(err)
	}
	params.Memory = r1
	st.Search(context.Background(), params)
	st.Search(context.Background(), params)
	r1.Release()
	if b.Idle() != size {
		t.Fatalf("idle %d bytes after two searches, want one searcher of %d", b.Idle(), size)
	}
	r2, err := b.Reserve(size)
	if err != nil {
		t.Fatal(err)
	}
	params.Memory = r2
	st.Search(context.Background(), params)
	if b.Idle() != 0 {
		t.Errorf("idle %d bytes while the kept searcher is in use again", b.Idle())
	}
	r2.Release()
}
