package chess_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"movesvc/engine"
	"movesvc/engine/chess"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// TestRandomGames plays random games from the start, Kiwipete and Chess960
// starts and checks at every position: the FEN round-trips with the same
// keys (the incremental Zobrist keys equal the ones computed from
// scratch); every legal move is unique, leaves its own king safe, reads
// back from its UCI and SAN, and Make then Unmake restores the position
// exactly; Status agrees with the move count.
func TestRandomGames(t *testing.T) {
	t.Parallel()
	games := longtest.Pick(race.Pick(2, 1), 200) // some thirty times slower under the race detector
	rng := rand.New(rand.NewPCG(7, 46))
	buf := make([]chess.Move, 0, chess.MaxMoves)
	for g := 0; g < games; g++ {
		fen, v := chess.StartFEN, chess.Standard
		switch g % 3 {
		case 1:
			fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
		case 2:
			fen, v = chess.Chess960FEN(rng.IntN(960)), chess.Chess960
		}
		p, err := chess.ParseFEN(fen, v)
		if err != nil {
			t.Fatal(err)
		}
		p.Reserve(400)
		for ply := 0; ply < 300; ply++ {
			moves := p.LegalMoves(buf)
			checkPosition(t, p, v, moves)
			if o, _ := p.Status(); o != engine.OutcomeUnknown || t.Failed() {
				break
			}
			var u chess.Undo
			p.Make(moves[rng.IntN(len(moves))], &u)
		}
	}
}

// checkPosition checks the invariants of TestRandomGames at p, whose legal
// moves are moves.
func checkPosition(t *testing.T, p *chess.Position, v chess.Variant, moves []chess.Move) {
	t.Helper()
	fen := p.FEN()
	q, err := chess.ParseFEN(fen, v)
	if err != nil {
		t.Fatalf("ParseFEN(FEN() = %q): %v", fen, err)
	}
	if q.FEN() != fen || q.Hash() != p.Hash() || q.PawnHash() != p.PawnHash() {
		t.Fatalf("%s: the FEN does not round-trip with the same keys", fen)
	}
	if o, r := p.Status(); (len(moves) == 0) != (r == chess.ReasonCheckmate || r == chess.ReasonStalemate) {
		t.Fatalf("%s: %d moves but status %v %v", fen, len(moves), o, r)
	}
	before := p.Clone()
	seen := map[chess.Move]bool{}
	for _, m := range moves {
		if seen[m] {
			t.Fatalf("%s: %s generated twice", fen, p.UCI(m))
		}
		seen[m] = true
		for _, s := range []string{p.UCI(m), p.SAN(m)} {
			if got, err := p.ParseMove(s); err != nil || got != m {
				t.Fatalf("%s: ParseMove(%q) = %v, %v; want %s", fen, s, got, err, p.UCI(m))
			}
		}
		var u chess.Undo
		us := p.SideToMove()
		p.Make(m, &u)
		if slices.Contains(opponentAttacks(p), p.King(us)) {
			t.Fatalf("%s: %s leaves the king in check", fen, before.UCI(m))
		}
		p.Unmake(m, &u)
		if !reflect.DeepEqual(p, before) {
			t.Fatalf("%s: Make and Unmake of %s leave %s", fen, before.UCI(m), p.FEN())
		}
	}
}

// opponentAttacks returns the squares the side to move's pieces could
// capture on if it were their move: the destinations of its legal moves in
// the position with the sides swapped, found through a FEN, kings allowed
// to stand in check (a slow, independent look at attacks).
func opponentAttacks(p *chess.Position) []chess.Square {
	var sq []chess.Square
	us := p.SideToMove()
	occ := p.Occupied()
	for b := p.ColorBB(us); b != 0; {
		from := b.Pop()
		pc := p.Piece(from)
		for to := chess.Square(0); to < 64; to++ {
			if reaches(pc, from, to, occ) {
				sq = append(sq, to)
			}
		}
	}
	return sq
}

// reaches reports whether pc on from attacks to, walking the board square
// by square.
func reaches(pc chess.Piece, from, to chess.Square, occ chess.Bitboard) bool {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	abs := func(x int) int { return max(x, -x) }
	switch pc.Type() {
	case chess.Pawn:
		dir := 1
		if pc.Color() == chess.Black {
			dir = -1
		}
		return dr == dir && abs(df) == 1
	case chess.Knight:
		return abs(df)*abs(dr) == 2
	case chess.King:
		return max(abs(df), abs(dr)) == 1
	}
	straight := df == 0 || dr == 0
	diagonal := abs(df) == abs(dr)
	if from == to || pc.Type() == chess.Rook && !straight || pc.Type() == chess.Bishop && !diagonal || !straight && !diagonal {
		return false
	}
	sf, sr := sign(df), sign(dr)
	for f, r := from.File()+sf, from.Rank()+sr; chess.MakeSquare(f, r) != to; f, r = f+sf, r+sr {
		if occ.Has(chess.MakeSquare(f, r)) {
			return false
		}
	}
	return true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
