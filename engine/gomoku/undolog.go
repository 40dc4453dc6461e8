package gomoku

// maxLineChanges bounds the empty cells whose line byte one move changes:
// the reach cells on each side of it in each of the four directions.
const maxLineChanges = 4 * 2 * halfLine

// undoLog records what each move played while it is attached to a board
// (board.attach) changed beyond the line keys, so that undo puts it back
// instead of recomputing it: the pattern and class counts before the move,
// and the line byte and combination indices of every empty cell whose line
// byte the move changed. Recomputing them from the pattern tables took
// about a quarter of a search's time. A searcher owns one and attaches it
// for the length of a search; the State itself stays small to copy.
type undoLog struct {
	// from is the board's ply when the log was attached: the moves played
	// at that ply and later are logged, in entries indexed by ply.
	from    int
	entries [MaxSize * MaxSize]undoEntry
}

// undoEntry is what one move changed: the counts before it and, in order,
// the line bytes it changed.
type undoEntry struct {
	count   [2][numPatterns]int32
	classes [2][numClasses]int32
	sums    [2][2]int32
	lines   [2][2]int32
	n       int
	changes [maxLineChanges]lineChange
}

// lineChange is an empty cell's line byte in one direction and its two
// combination indices before a move changed them, and which colours' sets
// of four cells (bit colour) the change moved the cell in or out of.
type lineChange struct {
	cell  int16
	dir   uint8
	line  uint8
	combo [2]uint16
	flips uint8
}

// attach makes b log every move played from now on in l, until detach.
func (b *board) attach(l *undoLog) {
	l.from = b.ply
	b.log = l
}

// detach stops b's logging.
func (b *board) detach() { b.log = nil }

// logEntry returns the entry for the move about to be played, with the
// counts as they are now, or nil when b is not logging.
func (b *board) logEntry() *undoEntry {
	if b.log == nil {
		return nil
	}
	e := &b.log.entries[b.ply]
	e.count, e.classes, e.sums, e.lines, e.n = b.count, b.classes, b.valueSum, b.lineSum, 0
	return e
}

// loggedEntry returns the entry of the last move played when it was logged,
// or nil.
func (b *board) loggedEntry() *undoEntry {
	if b.log == nil || b.ply-1 < b.log.from {
		return nil
	}
	return &b.log.entries[b.ply-1]
}

// restore puts back the line bytes, combination indices, sets of four
// cells and counts that the move logged in e changed, the latest change first.
func (b *board) restore(e *undoEntry) {
	for k := e.n - 1; k >= 0; k-- {
		c := &e.changes[k]
		b.lines[c.cell][c.dir] = c.line
		b.combo[0][c.cell], b.combo[1][c.cell] = c.combo[0], c.combo[1]
		if c.flips != 0 {
			if c.flips&1 != 0 {
				b.fourCells[0].flip(int(c.cell))
			}
			if c.flips&2 != 0 {
				b.fourCells[1].flip(int(c.cell))
			}
		}
	}
	b.count, b.classes, b.valueSum, b.lineSum = e.count, e.classes, e.sums, e.lines
}
