package kalah

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// DefaultDatabaseSeeds is the most seeds on the board of a database built
// at first use, when no larger one is found on disk: for 6 pits a side,
// 30.4 million boards and bytes, built in 8.2 s of one core (14 seeds:
// 9.7 million, 2.7 s; within 5 million nodes it solves 44 of the 56
// positions of docs/bench/kalah-positions.txt, 14 seeds 42).
const DefaultDatabaseSeeds = 16

// TestDatabaseSeeds is the most seeds of a database built at first use in
// a test binary (testing.Testing): 170 thousand boards for 6 pits, built
// in a fraction of a second even under the race detector, where
// DefaultDatabaseSeeds' takes over a minute. The tests of every package
// that plays Kalah through the engine (api, web, engine/games) get exact
// answers all the same, only slower; the server warms the full database
// (Game.Warm) and tools build theirs explicitly.
const TestDatabaseSeeds = 8

// firstUseSeeds returns the most seeds of a database built at first use.
func firstUseSeeds() int {
	if testing.Testing() {
		return TestDatabaseSeeds
	}
	return DefaultDatabaseSeeds
}

// DatabaseDirEnv names the environment variable holding the directory
// where Databases looks for database files when SetDatabaseDir was not
// called.
const DatabaseDirEnv = "MOVESVC_KALAH_DB"

var (
	databasesMu sync.Mutex
	databaseDir = os.Getenv(DatabaseDirEnv)
	databases   = map[variant]*dbEntry{}
)

// buildDatabase builds a database at first use (BuildDatabase; a test
// may hold it back).
var buildDatabase = BuildDatabase

// dbEntry is one variant's database: ready closes when db is set (nil if
// it could not be built).
type dbEntry struct {
	ready chan struct{}
	db    *Database
}

// SetDatabaseDir sets the directory where Databases looks for the files
// cmd/kalahdb writes; "" looks nowhere. It forgets the databases already
// loaded or built.
func SetDatabaseDir(dir string) {
	databasesMu.Lock()
	defer databasesMu.Unlock()
	databaseDir = dir
	clear(databases)
}

// Databases returns the endgame database of r's pits and capture rule: the
// largest readable one in the database directory, else one of
// DefaultDatabaseSeeds (TestDatabaseSeeds in a test binary) built at first
// use. It is kept for the life of the process and shared by every search.
// It waits for the build; DatabaseBy waits no longer than a context.
func Databases(r Rules) *Database {
	e := databaseEntry(r)
	<-e.ready
	return e.db
}

// DatabaseBy returns r's database as Databases does, or nil when ctx ends
// before it is built (its build goes on): a search with a deadline then
// goes without it, exact but slower, rather than past its deadline. Only
// the first requests after a server starts, while Warm builds the six-pit
// databases, can meet that.
func DatabaseBy(ctx context.Context, r Rules) *Database {
	e := databaseEntry(r)
	select {
	case <-e.ready:
		return e.db
	case <-ctx.Done():
		return nil
	}
}

// databaseEntry returns r's entry, starting its build when it has none.
func databaseEntry(r Rules) *dbEntry {
	v := variant{m: r.Pits, emptyCapture: r.EmptyCapture}
	databasesMu.Lock()
	defer databasesMu.Unlock()
	if e, ok := databases[v]; ok {
		return e
	}
	e := &dbEntry{ready: make(chan struct{})}
	databases[v] = e
	dir := databaseDir
	go func() {
		defer close(e.ready)
		d := loadLargest(dir, r)
		if d == nil {
			var err error
			if d, err = buildDatabase(r, firstUseSeeds()); err != nil {
				d = nil
			}
		}
		e.db = d
	}()
	return e
}

// loadLargest returns the database of r with the most seeds among the
// files in the directory dir, or nil.
func loadLargest(dir string, r Rules) *Database {
	if dir == "" {
		return nil
	}
	prefix := strings.TrimSuffix(DatabaseFile(r, 0), "0.db")
	paths, _ := filepath.Glob(filepath.Join(dir, prefix+"*.db"))
	best, bestSeeds := "", -1
	for _, p := range paths {
		seeds, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), prefix), ".db"))
		if err == nil && seeds > bestSeeds {
			best, bestSeeds = p, seeds
		}
	}
	if best == "" {
		return nil
	}
	d, err := ReadDatabase(best)
	if err != nil {
		return nil
	}
	return d
}
