//go:build !race

package main

// raceEnabled is true under the race detector (race_test.go).
const raceEnabled = false
