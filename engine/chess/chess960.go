package chess

// Chess960FEN returns the FEN of Chess960's starting position number n
// (0..959) in Scharnagl's numbering, where 518 is standard chess's: the
// light-squared bishop's file from n%4, the dark one's from n/4%4, the
// queen on the (n/16%6)-th free square, the knights by n/96 from the ten
// ways to place two on the five squares left, then rook, king, rook.
// Castling rights are given as KQkq (the outermost rooks).
func Chess960FEN(n int) string {
	n = ((n % 960) + 960) % 960
	var rank [8]byte
	rank[2*(n%4)+1] = 'B'
	n /= 4
	rank[2*(n%4)] = 'B'
	n /= 4
	placeNth(&rank, n%6, 'Q')
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	placeNth(&rank, knights[1], 'N') // the later one first, so the earlier index still holds
	placeNth(&rank, knights[0], 'N')
	placeNth(&rank, 0, 'R')
	placeNth(&rank, 0, 'K')
	placeNth(&rank, 0, 'R')
	white := string(rank[:])
	black := make([]byte, 8)
	for i, c := range rank {
		black[i] = c + 'a' - 'A'
	}
	return string(black) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1"
}

// placeNth puts piece on the i-th empty square (from 0) of rank.
func placeNth(rank *[8]byte, i int, piece byte) {
	for f := range rank {
		if rank[f] == 0 {
			if i == 0 {
				rank[f] = piece
				return
			}
			i--
		}
	}
}
