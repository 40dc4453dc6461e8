package kalah

import (
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
	databases   = map[variant]*Database{}
)

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
// use. It is kept for the life of the
// process and shared by every search.
func Databases(r Rules) *Database {
	v := variant{m: r.Pits, emptyCapture: r.EmptyCapture}
	databasesMu.Lock()
	defer databasesMu.Unlock()
	if d, ok := databases[v]; ok {
		return d
	}
	d := loadLargest(r)
	if d == nil {
		var err error
		if d, err = BuildDatabase(r, firstUseSeeds()); err != nil {
			return nil
		}
	}
	databases[v] = d
	return d
}

// loadLargest returns the database of r with the most seeds among the
// files in the database directory, or nil.
func loadLargest(r Rules) *Database {
	if databaseDir == "" {
		return nil
	}
	prefix := strings.TrimSuffix(DatabaseFile(r, 0), "0.db")
	paths, _ := filepath.Glob(filepath.Join(databaseDir, prefix+"*.db"))
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
