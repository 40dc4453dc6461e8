package chess

import "movesvc/engine/chess/internal/slider"

//go:generate go run ./internal/magicgen -o magics_data.go

// magic is one square's entry of a slider's magic bitboard table
// (https://www.chessprogramming.org/Magic_Bitboards): the attacks for the
// occupancy occ are attacks[((occ&mask)*number)>>shift].
type magic struct {
	mask    Bitboard
	number  uint64
	attacks []Bitboard
	shift   uint8
}

// index returns the table index of the occupancy occ.
func (m *magic) index(occ Bitboard) uint64 {
	return (uint64(occ&m.mask) * m.number) >> m.shift
}

var (
	rookMagics, bishopMagics [64]magic
	knightAttacks            [64]Bitboard
	kingAttacks              [64]Bitboard
	pawnAttacks              [2][64]Bitboard
	// between[a][b] holds the squares strictly between a and b when they
	// share a rank, file or diagonal, and is empty otherwise.
	between [64][64]Bitboard
	// line[a][b] is the whole line (edge to edge) through a and b when they
	// share a rank, file or diagonal, and is empty otherwise.
	line [64][64]Bitboard
)

func init() {
	initLeapers()
	initMagics(&rookMagics, &rookMagicNumbers, slider.RookSteps)
	initMagics(&bishopMagics, &bishopMagicNumbers, slider.BishopSteps)
	initLines()
}

// initLeapers fills the knight, king and pawn attack tables.
func initLeapers() {
	knight := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	king := [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for sq := Square(0); sq < 64; sq++ {
		knightAttacks[sq] = leaps(sq, knight[:])
		kingAttacks[sq] = leaps(sq, king[:])
		pawnAttacks[White][sq] = leaps(sq, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][sq] = leaps(sq, [][2]int{{-1, -1}, {1, -1}})
	}
}

// leaps returns the squares one step of steps away from sq, on the board.
func leaps(sq Square, steps [][2]int) Bitboard {
	var b Bitboard
	for _, d := range steps {
		f, r := sq.File()+d[0], sq.Rank()+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			b |= MakeSquare(f, r).bb()
		}
	}
	return b
}

// initMagics fills a slider's magic table from its magic numbers, walking
// the rays for every occupancy of each square's mask. It panics if two
// occupancies with different attacks share an index (a wrong number).
func initMagics(table *[64]magic, numbers *[64]uint64, steps [4][2]int) {
	for sq := 0; sq < 64; sq++ {
		m := &table[sq]
		m.mask = Bitboard(slider.Mask(sq, steps))
		m.number = numbers[sq]
		m.shift = uint8(64 - m.mask.Count())
		m.attacks = make([]Bitboard, 1<<m.mask.Count())
		filled := make([]bool, len(m.attacks))
		slider.Subsets(uint64(m.mask), func(sub uint64) {
			a := Bitboard(slider.Attacks(sq, sub, steps))
			i := m.index(Bitboard(sub))
			if filled[i] && m.attacks[i] != a {
				panic("chess: bad magic number")
			}
			m.attacks[i], filled[i] = a, true
		})
	}
}

// initLines fills between and line from the sliders' empty-board attacks.
func initLines() {
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			for _, rook := range []bool{true, false} {
				att := func(s Square, occ Bitboard) Bitboard {
					if rook {
						return rookAttacksOf(s, occ)
					}
					return bishopAttacksOf(s, occ)
				}
				if att(a, 0).Has(b) {
					between[a][b] = att(a, b.bb()) & att(b, a.bb())
					line[a][b] = att(a, 0)&att(b, 0) | a.bb() | b.bb()
				}
			}
		}
	}
}

// rookAttacksOf returns the squares a rook on sq attacks when occ holds the
// occupied squares.
func rookAttacksOf(sq Square, occ Bitboard) Bitboard {
	m := &rookMagics[sq&63]
	return m.attacks[m.index(occ)]
}

// bishopAttacksOf returns the squares a bishop on sq attacks when occ holds
// the occupied squares.
func bishopAttacksOf(sq Square, occ Bitboard) Bitboard {
	m := &bishopMagics[sq&63]
	return m.attacks[m.index(occ)]
}
