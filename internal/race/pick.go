package race

// Pick returns plain without the race detector and raced under it: the
// size of a test's sample (games, positions, seeds, a depth) where the
// detector makes the code it tests ten to thirty times slower. It pairs
// with longtest.Pick, which chooses between the quick and the long run:
// longtest.Pick(race.Pick(quick, raced), long).
func Pick[T any](plain, raced T) T {
	if Enabled {
		return raced
	}
	return plain
}
