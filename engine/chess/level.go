package chess

import "unsafe"

// MaxLevel is the full-strength level; levels 1 to MaxLevel-1 are weaker.
const MaxLevel = 10

// LevelLimits returns the limits of a weaker level from 1 (weakest) to 9:
// a depth and a node limit each (levelDepths, levelNodes), so that a level
// plays the same move for the same position on any machine. Level 10 and
// out-of-range levels return no limits (full strength).
func LevelLimits(level int) Limits {
	if level < 1 || level >= MaxLevel {
		return Limits{}
	}
	return Limits{Depth: levelDepths[level], MaxNodes: levelNodes[level]}
}

// SearchBytes returns the memory a search with lim holds: its table (the
// default one when lim has none) and a searcher per thread.
func SearchBytes(lim Limits) int {
	table := DefaultTableBytes
	if lim.Table != nil {
		table = lim.Table.Bytes()
	}
	return searchBytes(table, lim.Threads)
}

// searchBytes returns the memory of a search with a table of table bytes
// on threads threads (0: one).
func searchBytes(table, threads int) int {
	perThread := int(unsafe.Sizeof(searcher{})) + (maxPly+8)*8
	return table + max(threads, 1)*perThread
}
