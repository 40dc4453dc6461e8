package kalah

import (
	"context"
	"sync"
	"testing"
	"time"

	"movesvc/engine"
	"movesvc/internal/race"
)

// smallDB is a database of 8 seeds for 6 pits: cheap to build, so the
// searches of Kalah(6,4) below search real trees. It builds each once.
func smallDB(t testing.TB, r Rules) *Database {
	t.Helper()
	if db, ok := smallDBs.Load(r); ok {
		return db.(*Database)
	}
	db, err := BuildDatabase(r, 8)
	if err != nil {
		t.Fatal(err)
	}
	smallDBs.Store(r, db)
	return db
}

// smallDBs are the databases smallDB built, by rules: the tests share
// them, as searches share one in the service.
var smallDBs sync.Map

// noBook is a book without proofs: a search of Kalah(6,4)'s start that
// does not find it in the embedded book.
var noBook = NewBook(Standard, maxBoard+1)

// TestSearchNodeLimitDeterministic stops a search of the start of
// Kalah(6,4) by a node limit: the first iteration completes, the move is
// legal, the bounds hold the published value, and the same limits give the
// same answer.
func TestSearchNodeLimitDeterministic(t *testing.T) {
	t.Parallel()
	db := smallDB(t, Standard)
	run := func() Result {
		return Search(context.Background(), NewPosition(Standard), Limits{MaxNodes: 20_000, Database: db, Table: NewTable(16), Book: noBook})
	}
	a, b := run(), run()
	if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes || a.Lower != b.Lower || a.Upper != b.Upper {
		t.Fatalf("two runs differ: %+v and %+v", a, b)
	}
	if !a.DeadlineHit || a.Complete || a.Depth < 1 || !NewPosition(Standard).IsLegal(a.Move) {
		t.Fatalf("got %+v", a)
	}
	if a.Lower > standardMargins[64] || a.Upper < standardMargins[64] {
		t.Fatalf("bounds [%d, %d] exclude the published value %d", a.Lower, a.Upper, standardMargins[64])
	}
}

// TestSearchDeadline gives a search of the start of Kalah(6,4) a deadline
// that has already passed: it still answers a legal move from its first
// iteration.
func TestSearchDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := Search(ctx, NewPosition(Standard), Limits{Database: smallDB(t, Standard), Table: NewTable(16), Book: noBook})
	if res.Depth != 1 || !res.DeadlineHit || !NewPosition(Standard).IsLegal(res.Move) {
		t.Fatalf("got %+v", res)
	}
}

// TestSearchDepthLimit stops after the iteration of the given depth, each
// iteration reported to Progress.
func TestSearchDepthLimit(t *testing.T) {
	t.Parallel()
	var depths []int
	res := Search(context.Background(), NewPosition(Standard), Limits{Depth: 3, Database: smallDB(t, Standard), Table: NewTable(16), Book: noBook,
		Progress: func(i Info) { depths = append(depths, i.Depth) }})
	if res.Depth != 3 || res.Complete || len(depths) != 3 || depths[2] != 3 {
		t.Fatalf("got %+v, progress depths %v", res, depths)
	}
}

// TestSearchFromDatabase answers a position the database holds at once,
// with its value and a move that keeps it.
func TestSearchFromDatabase(t *testing.T) {
	t.Parallel()
	p, err := ParsePosition(Standard, "position", "0,0,2,0,1,1:20/1,0,0,2,0,1:20/x")
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]int{}
	res := Search(context.Background(), p, Limits{Database: smallDB(t, Standard), Table: NewTable(10)})
	want := minimax(p, memo)
	if res.Source != "database" || !res.Complete || res.Score != want || valueAfter(p, res.Move, memo) != want {
		t.Fatalf("got %+v, want score %d", res, want)
	}
	if res.Outcome != outcomeOf(want) || len(res.PV) == 0 || res.PliesToEnd != len(res.PV) {
		t.Fatalf("got %+v", res)
	}
}

// TestPrincipalVariationReplays plays the line a solved search reports to
// the end of the game: it must be legal and end with the score.
func TestPrincipalVariationReplays(t *testing.T) {
	r := Rules{Pits: 4, Seeds: 3, EmptyCapture: true}
	res := solveStart(t, r, 4)
	p := NewPosition(r)
	for _, m := range res.PV {
		if !p.IsLegal(m) {
			t.Fatalf("%v: PV %v: %d illegal in %s", r, res.PV, m+1, p)
		}
		p.Play(m)
	}
	if !p.Over() || p.Store(engine.First)-p.Store(engine.Second) != res.Score {
		t.Fatalf("%v: PV %v ends in %s, want the end with %d", r, res.PV, p, res.Score)
	}
}

// TestAnalyzeMatchesMinimax checks every pit's value against the oracle.
func TestAnalyzeMatchesMinimax(t *testing.T) {
	t.Parallel()
	rng := newRand(5)
	for _, r := range []Rules{{Pits: 3, Seeds: 3}, {Pits: 4, Seeds: 2, EmptyCapture: true}} {
		memo := map[string]int{}
		db, _ := BuildDatabase(r, 3)
		for range race.Pick(10, 2) {
			p := randomPosition(r, rng.Intn(6), rng)
			if p == nil {
				continue
			}
			values := Analyze(context.Background(), p, Limits{Database: db, Table: NewTable(12)})
			legal := p.LegalMoves(nil)
			if len(values) != len(legal) {
				t.Fatalf("%s: %d values for %d moves", p, len(values), len(legal))
			}
			for k, v := range values {
				want := valueAfter(p, v.Move, memo)
				if !v.Exact || v.Score != want || v.Lower != want || v.Upper != want || k > 0 && v.Move <= values[k-1].Move {
					t.Fatalf("%v %s: %+v, want %d", r, p, v, want)
				}
			}
		}
	}
}

// TestLevels plays every level: a legal move, the same for the same seed,
// and a game-ending win taken when there is one.
func TestLevels(t *testing.T) {
	t.Parallel()
	lim := Limits{Database: smallDB(t, Standard), Table: NewTable(14)}
	win, err := ParsePosition(Standard, "position", "0,0,0,0,0,1:24/0,0,0,2,0,0:21/x")
	if err != nil {
		t.Fatal(err)
	}
	mid, err := ParsePosition(Standard, "position", "1,0,4,1,9,3:4/8,0,0,0,0,0:18/o")
	if err != nil {
		t.Fatal(err)
	}
	for level := 1; level <= MaxLevel; level++ {
		a := PlayLevel(context.Background(), mid, level, 7, lim)
		b := PlayLevel(context.Background(), mid, level, 7, lim)
		if a != b || !mid.IsLegal(a) {
			t.Fatalf("level %d: moves %d and %d", level, a, b)
		}
		if m := PlayLevel(context.Background(), win, level, 7, lim); m != 5 {
			t.Fatalf("level %d: played pit %d, not the winning 6", level, m+1)
		}
	}
}

// TestSearchAllocations checks that the node search allocates nothing.
func TestSearchAllocations(t *testing.T) {
	s := newSolver(Standard, Limits{Database: smallDB(t, Standard), Table: NewTable(16)})
	root := NewPosition(Standard).b
	if a := testing.AllocsPerRun(3, func() { s.search(&root, 48, 7, 8, 6) }); a != 0 {
		t.Fatalf("a depth-6 search allocates %v times", a)
	}
}

// BenchmarkSolve solves fixed positions of Kalah(6,4) from random play (12
// to 20 plies in) with a database of DefaultDatabaseSeeds, each with a
// fresh table.
func BenchmarkSolve(b *testing.B) {
	db, err := BuildDatabase(Standard, DefaultDatabaseSeeds)
	if err != nil {
		b.Fatal(err)
	}
	rng := newRand(9)
	var positions []*Position
	for len(positions) < 8 {
		if p := randomPosition(Standard, 12+rng.Intn(9), rng); p != nil {
			positions = append(positions, p)
		}
	}
	table := NewTable(20)
	b.ReportAllocs()
	start := time.Now()
	var nodes uint64
	for b.Loop() {
		for _, p := range positions {
			table.Clear()
			nodes += Search(context.Background(), p, Limits{Database: db, Table: table}).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

// TestLargeVariantBounds searches the start of Kalah(6,6), which no search
// here solves, under a node limit: a legal move and proved bounds that
// hold Rawlings' value for the empty-capture version (a first-player win by
// 2, the Wikipedia article "Kalah").
func TestLargeVariantBounds(t *testing.T) {
	t.Parallel()
	r := Rules{Pits: 6, Seeds: 6, EmptyCapture: true}
	res := Search(context.Background(), NewPosition(r), Limits{MaxNodes: 50_000, Database: smallDB(t, r), Table: NewTable(16)})
	if !NewPosition(r).IsLegal(res.Move) || res.Complete || res.Lower > 2 || res.Upper < 2 || res.Lower < -72 || res.Upper > 72 {
		t.Fatalf("got %+v", res)
	}
}

// TestMultiPV adds the best moves' values, best first, to a search.
func TestMultiPV(t *testing.T) {
	r := Rules{Pits: 4, Seeds: 2, EmptyCapture: true}
	db, _ := BuildDatabase(r, 4)
	p := NewPosition(r)
	res := Search(context.Background(), p, Limits{Database: db, Table: NewTable(12), MultiPV: 3})
	all := Analyze(context.Background(), p, Limits{Database: db, Table: NewTable(12)})
	if len(res.Lines) != min(3, len(all)) || res.Lines[0].Score != res.Score {
		t.Fatalf("lines %+v for score %d", res.Lines, res.Score)
	}
	for k := 1; k < len(res.Lines); k++ {
		if res.Lines[k].Score > res.Lines[k-1].Score {
			t.Fatalf("lines out of order: %+v", res.Lines)
		}
	}
}
