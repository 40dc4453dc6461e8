package kalah

// Book holds exact values of boards with many seeds, near the start, that
// the search would take long to solve.
type Book struct {
	minSeeds int
}

// lookup returns the value and best pit of b if the book holds it.
func (bk *Book) lookup(b *board) (value, pit int, ok bool) { return 0, noMove, false }
