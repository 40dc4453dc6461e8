package kalah

// noMove marks the absence of a move in a pit-index field.
const noMove = -1

// moveScore returns the ordering score of a move, higher first: the
// table's move (hint); then a move whose last seed falls into the store;
// then by the seeds the move gains (its captures); then the pit nearest
// the store (the first move of a chain of extra moves leaves the others'
// counts as they were, and a pit near the store disturbs fewer pits).
// Irving, Donkers and Uiterwijk order by the table's move, extra moves,
// captures, then right to left; ranking captures by their size saved a
// fifth of the nodes (docs/kalah.md).
func moveScore(c *child, hint int) int {
	score := c.net*orderNet + c.pit
	if c.extra {
		score += orderExtra
	}
	if c.pit == hint {
		score += orderHint
	}
	return score
}
