package kalah

import (
	"math/rand/v2"

	"movesvc/internal/race"
)

// testRand is a seeded generator for tests.
type testRand struct{ r *rand.Rand }

func newRand(seed uint64) testRand { return testRand{rand.New(rand.NewPCG(seed, 0))} }

// Intn returns a number in [0, n).
func (t testRand) Intn(n int) int { return t.r.IntN(n) }

// raceSample returns quick normally and raced under the race detector,
// which slows searches tenfold or more.
func raceSample(quick, raced int) int {
	if race.Enabled {
		return raced
	}
	return quick
}
