//go:build race

package main

// raceEnabled is true under the race detector, which makes the searches
// some ten times slower. The tuner is single-threaded: its slowest tests
// (fits and labels over the sample games) then leave their check to the
// plain and long runs.
const raceEnabled = true
