package kalah

import (
	"context"
	"slices"
	"testing"
	"time"

	"movesvc/engine"
)

// TestSearchDoesNotWaitForADatabaseBeingBuilt holds a database's build
// back, as Warm's is in a server's first seconds, and searches with a
// context already ended: the search answers a legal move without the
// database instead of waiting for it. Without a deadline a search waits,
// so that its answer does not depend on timing.
func TestSearchDoesNotWaitForADatabaseBeingBuilt(t *testing.T) {
	holdDatabaseBuilds(t)
	st, err := Game{}.NewState(engine.Setup{FromMoves: true, Moves: []string{"1", "2"}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	done := make(chan engine.Result, 1)
	go func() { done <- st.(*State).Search(ctx, engine.Limits{}) }()
	select {
	case res := <-done:
		if !slices.Contains(st.LegalMoves(nil), res.Move) {
			t.Errorf("move %d is not legal", res.Move)
		}
	case <-time.After(time.Minute):
		t.Fatal("the search waits for the database's build")
	}
}

// TestSearchWaitsForADatabaseHalfItsTime holds a database's build back and
// asks for the database under a deadline two seconds away: databaseFor
// gives up after half of that, with the deadline not yet reached, and
// hands the search an empty database, so that the search keeps the rest
// of its time (it waited to the deadline itself, and answered late).
func TestSearchWaitsForADatabaseHalfItsTime(t *testing.T) {
	holdDatabaseBuilds(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	d := databaseFor(ctx, Standard)
	if ctx.Err() != nil {
		t.Fatal("databaseFor waited for the database until the deadline")
	}
	if d.MaxSeeds() > 0 {
		t.Errorf("databaseFor returned a database of %d seeds while its build was held", d.MaxSeeds())
	}
}

// holdDatabaseBuilds makes every database built at first use wait, as
// Warm's builds do in a server's first seconds, until t ends; the
// databases built before are forgotten, so the next use starts a build.
func holdDatabaseBuilds(t *testing.T) {
	t.Helper()
	release := make(chan struct{})
	build := buildDatabase
	buildDatabase = func(r Rules, seeds int) (*Database, error) {
		<-release
		return build(r, seeds)
	}
	SetDatabaseDir(databaseDir) // forgets the databases built
	t.Cleanup(func() {
		close(release)
		Databases(Standard) // the held build ends before buildDatabase is put back
		buildDatabase = build
	})
}
