//go:build race

package kalah

// raceEnabled is true under the race detector, which makes the solver some
// twenty times slower; the long tests then take smaller samples.
const raceEnabled = true
