//go:build !race

// Package race says whether the binary was built with the race detector,
// which makes searches some ten to twenty times slower and makes sync.Pool
// drop items at random (so allocation counts vary): tests take smaller
// samples under it, or leave a single-threaded check to the plain and long
// runs.
package race

// Enabled is true under the race detector.
const Enabled = false
