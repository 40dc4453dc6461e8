package chess

import (
	"strconv"
	"strings"
)

// Variant is the set of rules a position is played under.
type Variant uint8

// The variants: standard chess, and Chess960 (Fischer random chess), whose
// castling rules and notation (king takes rook) differ.
const (
	Standard Variant = iota
	Chess960
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// fenField is the request field a FEN comes in.
const fenField = "fen"

// maxFullmove bounds FEN's fullmove number.
const maxFullmove = 100_000

// ParseFEN parses a position in Forsyth-Edwards Notation under the rules of
// v. The castling field may be "-", "KQkq"-style, X-FEN (a rook's file
// letter where K or Q would be ambiguous) or Shredder-FEN (file letters
// only); the last two fields (the clocks) may be left out, as EPD does.
// It rejects malformed fields and impossible positions with an *Error whose
// Field is "fen" and whose Message names the FEN field at fault.
func ParseFEN(fen string, v Variant) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, errorf(fenField, "has %d fields, want 6 (placement, side, castling, en passant, halfmove clock, fullmove number)", len(fields))
	}
	for len(fields) < 6 {
		fields = append(fields, map[int]string{4: "0", 5: "1"}[len(fields)])
	}
	p := &Position{ep: NoSquare, chess960: v == Chess960}
	if err := p.parsePlacement(fields[0]); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
		p.hash ^= zobristSide
	default:
		return nil, errorf(fenField, "side to move: %q, want w or b", fields[1])
	}
	if err := p.checkMaterial(); err != nil {
		return nil, err
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return nil, err
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return nil, err
	}
	if err := p.parseClocks(fields[4], fields[5]); err != nil {
		return nil, err
	}
	if p.attackersTo(p.King(p.side.Other()), p.byType[0])&p.byCol[p.side] != 0 {
		return nil, errorf(fenField, "piece placement: the side not to move (%s) is in check", colorName(p.side.Other()))
	}
	return p, nil
}

// colorName returns "white" or "black".
func colorName(c Color) string {
	if c == White {
		return "white"
	}
	return "black"
}

// parsePlacement parses FEN's first field, ranks from the eighth down.
func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return errorf(fenField, "piece placement: has %d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				continue
			}
			pc, ok := pieceFromLetter(c)
			if !ok {
				return errorf(fenField, "piece placement: rank %d: %q is neither a piece letter nor a digit 1-8", r+1, rune(c))
			}
			if f < 8 {
				p.put(pc, MakeSquare(f, r))
			}
			f++
		}
		if f != 8 {
			return errorf(fenField, "piece placement: rank %d has %d squares, want 8", r+1, f)
		}
	}
	return nil
}

// checkMaterial rejects piece placements no game reaches: a side without a
// king or with more than one, pawns on the first or last rank, more than
// eight pawns or sixteen pieces of a side.
func (p *Position) checkMaterial() error {
	for c := White; c <= Black; c++ {
		switch k := p.Pieces(c, King).Count(); {
		case k == 0:
			return errorf(fenField, "piece placement: %s has no king", colorName(c))
		case k > 1:
			return errorf(fenField, "piece placement: %s has %d kings, want 1", colorName(c), k)
		}
		if n := p.Pieces(c, Pawn).Count(); n > 8 {
			return errorf(fenField, "piece placement: %s has %d pawns, at most 8 are possible", colorName(c), n)
		}
		if n := p.byCol[c].Count(); n > 16 {
			return errorf(fenField, "piece placement: %s has %d pieces, at most 16 are possible", colorName(c), n)
		}
	}
	if b := p.byType[Pawn] & (Rank1 | Rank8); b != 0 {
		return errorf(fenField, "piece placement: a pawn on %s, on the first or last rank", b.First())
	}
	return nil
}

// parseClocks parses FEN's last two fields.
func (p *Position) parseClocks(half, full string) error {
	h, err := strconv.Atoi(half)
	if err != nil || h < 0 || h > maxFullmove {
		return errorf(fenField, "halfmove clock: %q, want a whole number from 0 to %d", half, maxFullmove)
	}
	n, err := strconv.Atoi(full)
	if err != nil || n < 1 || n > maxFullmove {
		return errorf(fenField, "fullmove number: %q, want a whole number from 1 to %d", full, maxFullmove)
	}
	p.rule50 = h
	p.gamePly = 2*(n-1) + int(p.side)
	return nil
}

// parseEnPassant parses FEN's fourth field: "-" or the square a pawn of the
// side not to move passed by its double step just before, which the
// position must show (the pawn in front of it, the square and the one
// behind it empty). The square is kept only if a pawn can capture there.
func (p *Position) parseEnPassant(s string) error {
	if s == "-" {
		return nil
	}
	sq, ok := parseSquare(s)
	if !ok {
		return errorf(fenField, "en passant: %q is not a square or \"-\"", s)
	}
	us, them := p.side, p.side.Other()
	wantRank := 5
	if us == Black {
		wantRank = 2
	}
	if sq.Rank() != wantRank {
		return errorf(fenField, "en passant: %s is not on rank %d, where a double step of %s ends behind", s, wantRank+1, colorName(them))
	}
	pawnSq, origin := sq-8, sq+8 // Black has just moved
	if us == Black {
		pawnSq, origin = sq+8, sq-8
	}
	if p.board[pawnSq] != MakePiece(them, Pawn) || p.board[sq] != NoPiece || p.board[origin] != NoPiece {
		return errorf(fenField, "en passant: no double step of a %s pawn explains %s (it needs the pawn on %s and %s and %s empty)",
			colorName(them), s, pawnSq, sq, origin)
	}
	p.setEnPassant(them, sq)
	return nil
}
