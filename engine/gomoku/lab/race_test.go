//go:build race

package lab

// raceEnabled is true under the race detector, which makes the searches
// some ten times slower; the long tests then take smaller samples.
const raceEnabled = true
