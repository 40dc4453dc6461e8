package chess

import (
	"strings"
)

// SAN returns the legal move m in Standard Algebraic Notation: "Nf3",
// "exd6", "Rad1", "e8=Q", "O-O", with "+" for check and "#" for mate.
func (p *Position) SAN(m Move) string {
	s := p.sanBody(m)
	var u Undo
	p.Make(m, &u)
	if p.InCheck() {
		var l MoveList
		ci := p.checkInfo()
		p.generate(&l, genAll, &ci)
		if l.N == 0 {
			s += "#"
		} else {
			s += "+"
		}
	}
	p.Unmake(m, &u)
	return s
}

// sanBody returns m's SAN without its check or mate suffix.
func (p *Position) sanBody(m Move) string {
	from, to := m.From(), m.To()
	if m.IsCastling() {
		if to > from {
			return "O-O"
		}
		return "O-O-O"
	}
	pt := p.board[from].Type()
	capture := p.board[to] != NoPiece || m.IsEnPassant()
	var b strings.Builder
	if pt == Pawn {
		if capture {
			b.WriteByte(byte('a' + from.File()))
		}
	} else {
		b.WriteByte(" PNBRQK"[pt])
		b.WriteString(p.disambiguation(m, pt))
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(to.String())
	if promo := m.Promotion(); promo != NoPieceType {
		b.WriteByte('=')
		b.WriteByte(" PNBRQK"[promo])
	}
	return b.String()
}

// disambiguation returns what SAN adds after the piece letter of m, a move
// of a piece of type pt, to tell it from the other legal moves of a like
// piece to the same square: the file if that suffices, else the rank, else
// both.
func (p *Position) disambiguation(m Move, pt PieceType) string {
	var l MoveList
	ci := p.checkInfo()
	p.generate(&l, genAll, &ci)
	from := m.From()
	var others []Square
	for _, o := range l.Slice() {
		if o.To() == m.To() && o.From() != from && !o.IsCastling() && p.board[o.From()].Type() == pt {
			others = append(others, o.From())
		}
	}
	if len(others) == 0 {
		return ""
	}
	sameFile, sameRank := false, false
	for _, o := range others {
		sameFile = sameFile || o.File() == from.File()
		sameRank = sameRank || o.Rank() == from.Rank()
	}
	switch {
	case !sameFile:
		return from.String()[:1]
	case !sameRank:
		return from.String()[1:]
	}
	return from.String()
}

// sanMove is a parsed SAN string: the piece, what it says of the origin,
// the destination, the promotion and whether it marks a capture, or a
// castling side.
type sanMove struct {
	piece    PieceType
	fromFile int // -1: not given
	fromRank int // -1: not given
	to       Square
	promo    PieceType
	capture  bool
	castle   int // -1: not castling; kingSide or queenSide
}

// trimAnnotations removes SAN's check and mate marks and a move's
// annotation ("!", "?", "!?", ...) and a trailing "e.p.".
func trimAnnotations(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, "e.p.")
	s = strings.TrimSpace(s)
	return strings.TrimRight(s, "+#!?")
}

// lexSAN parses the shape of a SAN move, without looking at the position.
func lexSAN(orig string) (sanMove, bool) {
	s := trimAnnotations(orig)
	sm := sanMove{fromFile: -1, fromRank: -1, castle: -1, piece: Pawn}
	switch s {
	case "O-O", "0-0":
		sm.castle = kingSide
		return sm, true
	case "O-O-O", "0-0-0":
		sm.castle = queenSide
		return sm, true
	}
	if s != "" && strings.IndexByte("NBRQK", s[0]) >= 0 {
		sm.piece = PieceType(strings.IndexByte(" PNBRQK", s[0]))
		s = s[1:]
	}
	if i := strings.LastIndexAny(s, "NBRQnbrq"); i >= 2 && i == len(s)-1 && sm.piece == Pawn {
		sm.promo = PieceType(strings.IndexByte(" PNBRQK", s[i]&^0x20))
		s = strings.TrimSuffix(s[:i], "=")
	}
	if len(s) < 2 {
		return sm, false
	}
	to, ok := parseSquare(s[len(s)-2:])
	if !ok {
		return sm, false
	}
	sm.to = to
	s = s[:len(s)-2]
	if strings.HasSuffix(s, "x") || strings.HasSuffix(s, ":") {
		sm.capture = true
		s = s[:len(s)-1]
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'h' && sm.fromFile < 0 && sm.fromRank < 0:
			sm.fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && sm.fromRank < 0:
			sm.fromRank = int(c - '1')
		default:
			return sm, false
		}
	}
	return sm, true
}

// parseSAN returns the legal move written s in SAN. Check and mate marks
// and annotations are ignored, "0-0" is castling, the "=" of a promotion
// may be left out; a capture mark on a move that captures nothing, an
// illegal move and an ambiguous one are errors.
func (p *Position) parseSAN(s string) (Move, error) {
	sm, ok := lexSAN(s)
	if !ok {
		return NoMove, errorf(moveField, "%q is not a move in SAN (Nf3, exd5, O-O, e8=Q) or UCI notation (e2e4, e7e8q)", s)
	}
	var l MoveList
	ci := p.checkInfo()
	p.generate(&l, genAll, &ci)
	var found []Move
	for _, m := range l.Slice() {
		if p.sanMatches(m, &sm) {
			found = append(found, m)
		}
	}
	switch {
	case len(found) == 1:
		if sm.capture && p.board[found[0].To()] == NoPiece && !found[0].IsEnPassant() {
			return NoMove, errorf(moveField, "%s marks a capture, but %s is empty", s, found[0].To())
		}
		return found[0], nil
	case len(found) > 1:
		names := make([]string, len(found))
		for i, m := range found {
			names[i] = p.sanBody(m)
		}
		return NoMove, errorf(moveField, "%s is ambiguous: %s", s, strings.Join(names, ", "))
	}
	if sm.piece == Pawn && sm.promo == NoPieceType && (sm.to.Rank() == 7 || sm.to.Rank() == 0) {
		return NoMove, errorf(moveField, "%s is not legal here: a pawn reaching the last rank needs a promotion piece (%s=Q)", s, trimAnnotations(s))
	}
	return NoMove, errorf(moveField, "%s is not legal here", s)
}

// sanMatches reports whether the legal move m fits the parsed SAN sm.
func (p *Position) sanMatches(m Move, sm *sanMove) bool {
	if sm.castle >= 0 {
		return m.IsCastling() && (m.To() > m.From()) == (sm.castle == kingSide)
	}
	from := m.From()
	return !m.IsCastling() && p.board[from].Type() == sm.piece && m.To() == sm.to &&
		m.Promotion() == sm.promo &&
		(sm.fromFile < 0 || sm.fromFile == from.File()) &&
		(sm.fromRank < 0 || sm.fromRank == from.Rank()) &&
		(sm.piece != Pawn || sm.fromFile >= 0 || from.File() == sm.to.File())
}
