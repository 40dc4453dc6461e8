package chess

// Masks the evaluation uses, computed at init.
var (
	fileMask      [8]Bitboard
	rankMask      [8]Bitboard
	adjacentFiles [8]Bitboard
	// forwardFile[c][sq]: the squares in front of sq on its file, seen
	// from c.
	forwardFile [2][64]Bitboard
	// passedMask[c][sq]: the squares in front of sq on its file and the
	// files beside it, where an enemy pawn would stop a c pawn on sq.
	passedMask [2][64]Bitboard
	// attackSpan[c][sq]: the squares in front of sq, seen from c, on the
	// files beside it, from where enemy pawns could attack sq's rank
	// later.
	attackSpan [2][64]Bitboard
	// distance[a][b] is the king distance (Chebyshev) between a and b.
	distance [64][64]int
	// spaceArea[c] is the centre files (c-f) of c's second to fourth ranks.
	spaceArea = [2]Bitboard{
		White: (fileBB(2) | fileBB(3) | fileBB(4) | fileBB(5)) & (Rank2 | Rank3 | Rank4),
		Black: (fileBB(2) | fileBB(3) | fileBB(4) | fileBB(5)) & (Rank7 | Rank6 | Rank5),
	}
)

func init() {
	for f := 0; f < 8; f++ {
		fileMask[f] = FileA << uint(f)
		rankMask[f] = rankBB(f)
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjacentFiles[f] |= fileMask[f+1]
		}
	}
	for sq := Square(0); sq < 64; sq++ {
		for r := 0; r < 8; r++ {
			var ahead Bitboard
			for rr := r + 1; rr < 8; rr++ {
				ahead |= rankMask[rr]
			}
			if sq.Rank() == r {
				forwardFile[White][sq] = ahead & fileMask[sq.File()]
				attackSpan[White][sq] = ahead & adjacentFiles[sq.File()]
			}
		}
		var behind Bitboard
		for rr := 0; rr < sq.Rank(); rr++ {
			behind |= rankMask[rr]
		}
		forwardFile[Black][sq] = behind & fileMask[sq.File()]
		attackSpan[Black][sq] = behind & adjacentFiles[sq.File()]
		for c := White; c <= Black; c++ {
			passedMask[c][sq] = forwardFile[c][sq] | attackSpan[c][sq]
		}
		for o := Square(0); o < 64; o++ {
			distance[sq][o] = max(abs(sq.File()-o.File()), abs(sq.Rank()-o.Rank()))
		}
	}
}

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
