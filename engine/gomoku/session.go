package gomoku

import "movesvc/engine"

// Session carries a searcher, with its transposition table, from one search
// to the next (Options.Session), for a player that searches the positions
// of one game in turn, as the Gomocup brain and the arena do. The table's
// entries stay readable (engine.Table.Carry): the position after the
// player's move and the opponent's reply was, most often, searched a few
// plies deep in the last search, so the next one starts with its best moves
// and bounds instead of an empty table. The threat searches' table and the
// killer and history heuristics start afresh each search.
//
// A session serves one search at a time. A search on another board size
// or rule than the last one's starts with an empty table (the same cells'
// keys would stand for other positions); a new game on the same board need
// not start a new session, since a table entry holds what is true of its
// position whichever game reached it, but tools that want each game's moves
// to depend on that game alone start one. Its zero value is ready to use;
// the searcher it keeps (about 5 MiB and the table) is not handed back to
// the shared pool, and goes when the session does.
type Session struct {
	s    *searcher
	size int  // the board size of the last search
	rule Rule // and its rule
}

// searcher returns the session's searcher, its table readied for a search
// of b with 1<<bits entries: carried over (engine.Table.Carry) when b has
// the size and rule of the last search, else emptied or, for another size,
// replaced. It returns nil for a nil session or one without a searcher.
func (sess *Session) searcher(b *board, bits int) *searcher {
	if sess == nil || sess.s == nil {
		return nil
	}
	s := sess.s
	switch {
	case s.tt.Len() != 1<<bits:
		s.tt = engine.NewTable(bits)
	case sess.size == b.size && sess.rule == b.rule:
		s.tt.Carry()
	default:
		// Carry would bring the entries back later.
		s.tt.Clear()
	}
	return s
}

// keep makes s, about to search b, the session's searcher; nothing for a
// nil session. A searcher new to the session has its table cleared: what
// other searches stored in it must not read in the session's.
func (sess *Session) keep(s *searcher, b *board) {
	if sess == nil {
		return
	}
	if sess.s != s {
		s.tt.Clear()
	}
	sess.s, sess.size, sess.rule = s, b.size, b.rule
}
