package chess

// moveField is the request field a lone move comes in.
const moveField = "move"

// UCI returns m in UCI's long algebraic notation ("e2e4", "e7e8q"); castling
// as king takes rook ("e1h1") in Chess960, as the king's two-square step
// ("e1g1") in standard chess.
func (p *Position) UCI(m Move) string {
	if m == NoMove {
		return "0000"
	}
	from, to := m.From(), m.To()
	if m.IsCastling() && !p.chess960 {
		side := queenSide
		if to > from {
			side = kingSide
		}
		to, _ = castleTargets(p.side, side)
	}
	s := from.String() + to.String()
	if pt := m.Promotion(); pt != NoPieceType {
		s += string(" pnbrqk"[pt])
	}
	return s
}

// isUCI reports whether s has the shape of a UCI move: two squares and an
// optional promotion letter.
func isUCI(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	_, ok1 := parseSquare(s[0:2])
	_, ok2 := parseSquare(s[2:4])
	if len(s) == 5 {
		switch s[4] {
		case 'n', 'b', 'r', 'q', 'N', 'B', 'R', 'Q':
		default:
			return false
		}
	}
	return ok1 && ok2
}

// parseUCI returns the legal move written s in UCI notation. Castling is
// accepted as king takes rook in both variants, and as the king's
// two-square step in standard chess.
func (p *Position) parseUCI(s string) (Move, error) {
	from, _ := parseSquare(s[0:2])
	to, _ := parseSquare(s[2:4])
	promo := NoPieceType
	if len(s) == 5 {
		promo = map[byte]PieceType{'n': Knight, 'b': Bishop, 'r': Rook, 'q': Queen}[s[4]|0x20]
	}
	var l MoveList
	ci := p.checkInfo()
	p.generate(&l, genAll, &ci)
	for _, m := range l.Slice() {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		if m.To() == to {
			return m, nil
		}
		if m.IsCastling() && !p.chess960 && p.UCI(m) == s {
			return m, nil
		}
	}
	if p.board[from] != NoPiece && p.board[from].Type() == Pawn && promo == NoPieceType &&
		(to.Rank() == 7 || to.Rank() == 0) && (from.Rank() == 6 || from.Rank() == 1) {
		return NoMove, errorf(moveField, "%s is not legal here: a pawn reaching the last rank needs a promotion letter (%sq)", s, s)
	}
	return NoMove, errorf(moveField, "%s is not legal here", s)
}

// ParseMove parses a legal move in UCI notation ("e2e4", "e7e8q"; castling
// as king takes rook, or "e1g1" in standard chess) or in SAN ("Nf3",
// "exd8=Q+", "O-O"). It returns an *Error with Field "move" when s is
// malformed, illegal or ambiguous.
func (p *Position) ParseMove(s string) (Move, error) {
	if isUCI(s) {
		return p.parseUCI(s)
	}
	return p.parseSAN(s)
}
