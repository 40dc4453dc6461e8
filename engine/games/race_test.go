//go:build race

package games_test

// raceDetector is true when the tests run under the race detector, about
// seventeen times slower: the self-play tests then play a smaller sample.
const raceDetector = true
