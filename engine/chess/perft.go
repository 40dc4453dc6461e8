package chess

// Perft returns the number of leaf nodes of the legal move tree depth plies
// deep (https://www.chessprogramming.org/Perft), counting the last ply's
// moves without playing them (bulk counting). It leaves p as it found it.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	p.Reserve(depth)
	lists := make([]MoveList, depth)
	return p.perft(depth, lists)
}

// perft counts the leaves depth plies deep, using lists[depth-1] for this
// ply's moves.
func (p *Position) perft(depth int, lists []MoveList) uint64 {
	l := &lists[depth-1]
	l.N = 0
	ci := p.checkInfo()
	p.generate(l, genAll, &ci)
	if depth == 1 {
		return uint64(l.N)
	}
	var n uint64
	var u Undo
	for _, m := range l.Moves[:l.N] {
		p.Make(m, &u)
		n += p.perft(depth-1, lists)
		p.Unmake(m, &u)
	}
	return n
}

// Divide returns, for each legal move, the perft count depth-1 plies below
// it (the move in UCI notation), as engines' "go perft" prints it.
func (p *Position) Divide(depth int) ([]Move, []uint64) {
	moves := p.LegalMoves(make([]Move, 0, MaxMoves))
	counts := make([]uint64, len(moves))
	var u Undo
	for i, m := range moves {
		p.Make(m, &u)
		counts[i] = p.Perft(depth - 1)
		p.Unmake(m, &u)
	}
	return moves, counts
}
