package connect4

import (
	"context"
	"testing"

	"movesvc/engine"
)

// TestSolverKeptByTheBudget: a search with a memory reservation hands its
// solver back to it rather than to the package pool, so that the budget
// counts the idle table, and the next search under another reservation
// takes the same solver instead of allocating a new 2 MiB table.
func TestSolverKeptByTheBudget(t *testing.T) {
	params := engine.Limits{}
	size := Game{}.SearchMemory(params)
	solverBytes := int64(8) << tableBits(0)
	b := engine.NewMemoryBudget(2 * size)
	st := newState(t, movesSetup(pastBook(t, "Test_L2_R1").moves)) // solved, not read from the book

	r1, err := b.Reserve(size)
	if err != nil {
		t.Fatal(err)
	}
	params.Memory = r1
	st.Search(context.Background(), params)
	st.Search(context.Background(), params) // the same solver again, not a second one
	r1.Release()
	if b.Idle() != solverBytes {
		t.Fatalf("idle %d bytes after the searches, want one solver table of %d", b.Idle(), solverBytes)
	}
	r2, err := b.Reserve(size)
	if err != nil {
		t.Fatal(err)
	}
	kept, ok := r2.Take(solverKey(tableBits(0))).(*Solver)
	if !ok {
		t.Fatal("no idle solver to take after a search released its reservation")
	}
	if b.Idle() != 0 {
		t.Errorf("idle %d bytes once the solver is taken again", b.Idle())
	}
	r2.Keep(solverKey(kept.table.Bits()), kept, solverBytes)
	params.Memory = r2
	res := st.Search(context.Background(), params)
	if !res.Complete {
		t.Fatalf("search with a reused solver: %+v", res)
	}
	r2.Release()
}
