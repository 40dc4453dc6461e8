package kalah

import "math/rand/v2"

// testRand is a seeded generator for tests.
type testRand struct{ r *rand.Rand }

func newRand(seed uint64) testRand { return testRand{rand.New(rand.NewPCG(seed, 0))} }

// Intn returns a number in [0, n).
func (t testRand) Intn(n int) int { return t.r.IntN(n) }
