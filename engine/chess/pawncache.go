package chess

// pawnCacheBits is the log2 of the entries of a searcher's pawn cache:
// 4,096 entries of 40 bytes, 160 KiB a thread, which stay in the CPU's
// second-level cache; a search meets a few hundred pawn structures.
const pawnCacheBits = 12

// pawnEntry is the part of an evaluation that depends on the pawns alone
// (https://www.chessprogramming.org/Pawn_Hash_Table): the pawn structure
// and the passed pawns' bonus by rank, as the packed sum of White's terms
// less Black's, and each side's passed pawns. The entry holds both sides'
// pawns as its key, so that a hit is never a collision: a cached
// evaluation is the same as a computed one, bit for bit.
type pawnEntry struct {
	pawns  [2]Bitboard
	passed [2]Bitboard
	score  int32
	ok     bool
}

// pawnCache is a searcher's cache of pawn evaluations, indexed by the
// position's pawn key. Each thread has its own, so it needs no locks; it
// is kept between searches (its entries are exact).
type pawnCache [1 << pawnCacheBits]pawnEntry

// slot returns the entry p's pawn key selects.
func (c *pawnCache) slot(p *Position) *pawnEntry {
	return &c[p.pawnHash&(1<<pawnCacheBits-1)]
}

// pawnTerms adds both sides' pawn-only terms to e's sums and sets
// e.passers, from the cache c when it holds this pawn structure, else
// computed and stored there. A nil c computes them.
func (e *evaluator) pawnTerms(c *pawnCache) {
	if c == nil {
		e.pawnStructure()
		return
	}
	p := e.p
	pawns := [2]Bitboard{p.Pieces(White, Pawn), p.Pieces(Black, Pawn)}
	ent := c.slot(p)
	if !ent.ok || ent.pawns != pawns {
		before := e.score
		e.pawnStructure()
		*ent = pawnEntry{
			pawns:  pawns,
			passed: e.passers,
			score:  (e.score[White] - before[White]) - (e.score[Black] - before[Black]),
			ok:     true,
		}
		return
	}
	e.score[White] += ent.score
	e.passers = ent.passed
}

// pawnStructure computes both sides' pawn-only terms (pawns, passers).
func (e *evaluator) pawnStructure() {
	for c := White; c <= Black; c++ {
		e.pawns(c)
		e.passers[c] = e.passedPawns(c)
	}
}
