package kalah

// searchStackBytes bounds what a search holds beside its table: the
// recursion's frames, a few hundred bytes each, at most one per seed
// stored or turn.
const searchStackBytes = 256 << 10

// SearchMemory returns an upper bound on the bytes one search with lim
// holds of its own: its table (lim.Table's, or the default one it
// allocates) and its stack. The endgame databases are shared by every
// search and counted apart (Database.Bytes, DatabaseBytes).
func SearchMemory(lim Limits) int64 {
	table := int64(1) << DefaultTableBits * EntryBytes
	if lim.Table != nil {
		table = lim.Table.Bytes()
	}
	return table + searchStackBytes
}
