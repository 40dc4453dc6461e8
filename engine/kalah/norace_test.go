//go:build !race

package kalah

const raceEnabled = false
