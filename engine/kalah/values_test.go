package kalah

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// paperOutcomes is Table 10 of Irving, Donkers and Uiterwijk, "Solving
// Kalah" (ICGA Journal 23(3), 2000): the first player's result with perfect
// play in Kalah(m,n), empty-capture version, W, D or L, row m, column n,
// Kalah(6,6) left open. Transcribed from the same public copy as
// paperGames (it also stands in the Wikipedia article "Kalah").
var paperOutcomes = [7]string{1: "DLWLWD", 2: "WLLLWW", 3: "DWWWWL", 4: "WWWWWD", 5: "DDWWWW", 6: "WWWWW"}

// paperMargins is the first player's margin with perfect play where the
// paper gives it (Table 9: Kalah(4..6,n)), keyed by pits*10+seeds.
var paperMargins = func() map[int]int {
	m := map[int]int{}
	for _, g := range paperGames {
		m[g.pits*10+g.seeds] = g.margin
	}
	m[46] = 0 // Table 9 gives 0 for Kalah(4,6); its game is left out of paperGames
	return m
}()

// standardMargins are the published values of the standard version: Mark
// Rawlings (2015), quoted in the Wikipedia article "Kalah" (section
// "Computer analysis"): Kalah(6,4) a first-player win by 8, Kalah(6,5) by
// 10.
var standardMargins = map[int]int{64: 8, 65: 10}

// builtDatabases keeps the databases the tests built, by variant, so that
// the long run builds each once; the mutex guards the map for the tests
// that solve in parallel.
var (
	builtDatabasesMu sync.Mutex
	builtDatabases   = map[variant]*Database{}
)

// longDatabaseSeeds is the database the long run solves the starts of
// pits pits with: the size that solves them in the least time, the build
// included. Measured on the 2-core machine, one solve a core (2026-11-29,
// docs/kalah.md): Kalah(5,6) with 20 seeds 13 s to build and 1,047 M
// nodes, 369 s; with 24 seeds 68 s and 233 M nodes, 87 s. Kalah(6,4) with
// 20 seeds 131 s to build, then 40 s (empty capture) and about 67 s
// (standard); with 18 seeds 48 s and 52 s, then 62 s and 137 s.
func longDatabaseSeeds(pits int) int {
	switch pits {
	case 5:
		return 24
	case 6:
		return 18
	}
	return 20
}

// solveStart solves the start of r with a database of dbSeeds seeds (or a
// larger one from the database directory) and without a book, so that the
// value is the search's own.
func solveStart(t *testing.T, r Rules, dbSeeds int) Result {
	t.Helper()
	v := variant{m: r.Pits, emptyCapture: r.EmptyCapture}
	builtDatabasesMu.Lock()
	db := builtDatabases[v]
	builtDatabasesMu.Unlock()
	if db == nil && longtest.Enabled() {
		db = Databases(r) // a larger one from the database directory, if any
	}
	if db == nil || db.MaxSeeds() < dbSeeds {
		var err error
		if db, err = BuildDatabase(r, dbSeeds); err != nil {
			t.Fatal(err)
		}
	}
	builtDatabasesMu.Lock()
	builtDatabases[v] = db
	builtDatabasesMu.Unlock()
	res := Search(context.Background(), NewPosition(r), Limits{Database: db, Table: NewTable(longtest.Pick(20, 24)), Book: NewBook(r, maxBoard+1)})
	if !res.Complete || res.Lower != res.Score || res.Upper != res.Score {
		t.Fatalf("%v: not solved: %+v", r, res)
	}
	return res
}

// checkPaper asserts the value of the start of r (empty capture) against
// Tables 9 and 10.
func checkPaper(t *testing.T, r Rules, score int) {
	t.Helper()
	want := paperOutcomes[r.Pits][r.Seeds-1]
	if got := "LDW"[outcomeIndex(score)]; got != want {
		t.Errorf("%v: first player scores %d (%c), the paper says %c", r, score, got, want)
	}
	if m, ok := paperMargins[r.Pits*10+r.Seeds]; ok && score != m {
		t.Errorf("%v: first player scores %d, the paper says %d", r, score, m)
	}
}

// outcomeIndex maps a score to 0 (loss), 1 (draw) or 2 (win).
func outcomeIndex(score int) int {
	return min(max(score, -1), 1) + 1
}

// quickVariant reports whether the default tests solve Kalah(pits,seeds):
// under a second in all, fewer under the race detector.
func quickVariant(pits, seeds int) bool {
	if race.Enabled {
		return pits <= 3 || seeds <= 2
	}
	return pits <= 3 || pits == 4 && seeds <= 4 || pits == 5 && seeds <= 3 || pits == 6 && seeds <= 2
}

// TestPaperValues solves the start of every Kalah(m,n) of the paper's
// tables that fits: the small ones by default, Kalah(4,5) to Kalah(6,4)
// behind the long-test gate. Kalah(6,5) (hours) is left to the tools. A
// subtest a board size, each with its database, in parallel with each
// other and with TestStandardValue: the long run's Kalah(5,6) and
// Kalah(6,4) take minutes of one core each.
func TestPaperValues(t *testing.T) {
	t.Parallel()
	for pits := 1; pits <= MaxPits; pits++ {
		t.Run(fmt.Sprintf("pits=%d", pits), func(t *testing.T) {
			t.Parallel()
			for seeds := 1; seeds <= len(paperOutcomes[pits]); seeds++ {
				if pits == 6 && seeds == 5 {
					continue
				}
				if !quickVariant(pits, seeds) && !longtest.Enabled() {
					continue
				}
				r := Rules{Pits: pits, Seeds: seeds, EmptyCapture: true}
				checkPaper(t, r, solveStart(t, r, min(r.total(), longtest.Pick(10, longDatabaseSeeds(pits)))).Score)
			}
		})
	}
}

// TestStandardValue solves Kalah(6,4) in the standard version: a first
// player's win by 8 (Rawlings). Behind the long-test gate: about three
// minutes of one core, a quarter of them to build the database of 18
// seeds unless the database directory has one.
func TestStandardValue(t *testing.T) {
	longtest.Skip(t)
	t.Parallel()
	if got := solveStart(t, Standard, longDatabaseSeeds(Standard.Pits)).Score; got != standardMargins[64] {
		t.Errorf("Kalah(6,4): %d, want %d", got, standardMargins[64])
	}
}

// TestBookValues checks the embedded books' entries for the starts against
// the published values: the book answers the start at once.
func TestBookValues(t *testing.T) {
	t.Parallel()
	for _, r := range []Rules{Standard, {Pits: 6, Seeds: 4, EmptyCapture: true}} {
		bk := Books(r)
		if bk == nil {
			continue
		}
		want := standardMargins[64]
		if r.EmptyCapture {
			want = paperMargins[64]
		}
		lo, hi := NewPosition(r).b.key()
		e, ok := bk.lookup(lo, hi)
		if !ok || e.lo != want || e.hi != want || e.move == noMove {
			t.Errorf("%v: book holds %+v for the start, want %d", r, e, want)
		}
		res := Search(context.Background(), NewPosition(r), Limits{Database: smallDB(t, r), Table: NewTable(16)})
		if !res.Complete || res.Score != want || res.Source != "book" || res.Nodes > 10_000 {
			t.Errorf("%v: with the book %+v", r, res)
		}
	}
}
