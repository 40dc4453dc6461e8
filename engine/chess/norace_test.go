//go:build !race

package chess_test

// raceEnabled is true under the race detector, which slows searches some
// ten times and makes sync.Pool drop items at random (so allocation counts
// vary).
const raceEnabled = false
