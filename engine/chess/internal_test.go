package chess

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"movesvc/internal/race"
)

// TestIncrementalState plays random games (standard and Chess960) and
// checks at every position, for every legal move, that givesCheckCS and
// givesCheck agree with playing the move, and that the incremental
// piece-square sum equals one computed from scratch.
func TestIncrementalState(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 46))
	checked := 0
	start := func(g int) (string, Variant) {
		if g%2 == 1 {
			return Chess960FEN(rng.IntN(960)), Chess960
		}
		return StartFEN, Standard
	}
	randomWalk(t, rng, 6, 200, start, func(p *Position, moves []Move) {
		var psq int32
		for sq := Square(0); sq < 64; sq++ {
			if pc := p.board[sq]; pc != NoPiece {
				psq += psqTable[pc][sq]
			}
		}
		if psq != p.psq {
			t.Fatalf("%s: psq %d, from scratch %d", p.FEN(), p.psq, psq)
		}
		cs := p.checkSquares()
		var u Undo
		for _, m := range moves {
			fast, slow := p.givesCheckCS(m, &cs), p.givesCheck(m)
			p.Make(m, &u)
			check := p.InCheck()
			p.Unmake(m, &u)
			checked++
			if fast != check || slow != check {
				t.Fatalf("%s %s: givesCheckCS %v, givesCheck %v, played %v", p.FEN(), p.UCI(m), fast, slow, check)
			}
		}
	})
	if checked < 10_000 {
		t.Errorf("only %d moves checked", checked)
	}
}

// randomWalk plays games random games of at most plies plies, each from
// the position start(g) gives, and calls visit at every position that
// has legal moves (before the random one is played), with those moves.
func randomWalk(t *testing.T, rng *rand.Rand, games, plies int, start func(g int) (string, Variant), visit func(p *Position, moves []Move)) {
	t.Helper()
	for g := 0; g < games; g++ {
		p, err := ParseFEN(start(g))
		if err != nil {
			t.Fatal(err)
		}
		p.Reserve(plies + 100)
		var u Undo
		for ply := 0; ply < plies; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			visit(p, moves)
			p.Make(moves[rng.IntN(len(moves))], &u)
		}
	}
}

// TestNextQuietIsAStableSort checks that the picker hands out quiet moves
// in the order of a stable sort by score, best first, whether a node takes
// one, a few or all of them: the first by selection, the rest by one sort.
// Many equal scores make the order of ties matter.
func TestNextQuietIsAStableSort(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 51))
	for trial := range 500 {
		var mp movePicker
		n := rng.IntN(MaxMoves)
		mp.list.N = n
		for i := range n {
			mp.list.Moves[i] = Move(i + 1)
			mp.scores[i] = int32(rng.IntN(6)) * 100
		}
		want := append([]Move(nil), mp.list.Moves[:n]...)
		scoreOf := map[Move]int32{}
		for i, m := range want {
			scoreOf[m] = mp.scores[i]
		}
		slices.SortStableFunc(want, func(a, b Move) int { return cmp.Compare(scoreOf[b], scoreOf[a]) })
		for i := range n {
			if got := mp.nextQuiet(); got != want[i] {
				t.Fatalf("trial %d, %d moves: move %d is %d (score %d), want %d (score %d)", trial, n, i, got, scoreOf[got], want[i], scoreOf[want[i]])
			}
		}
		if mp.cur != n {
			t.Fatalf("trial %d: cur %d after %d moves", trial, mp.cur, n)
		}
	}
}

// TestPawnCacheIsExact plays random games and evaluates every position and
// every child with one pawn cache and without one: the values must be the
// same, whether the cache hits, misses, or finds its slot taken by
// another pawn structure (each of which must happen).
func TestPawnCacheIsExact(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(12, 7))
	cache := new(pawnCache)
	var hits, misses, replaced int
	eval := func(p *Position) {
		ent := cache.slot(p)
		switch {
		case !ent.ok:
			misses++
		case ent.pawns != [2]Bitboard{p.Pieces(White, Pawn), p.Pieces(Black, Pawn)}:
			replaced++
		default:
			hits++
		}
		e := evaluator{cache: cache}
		if got, want := e.evaluate(p, &packedWeights, nil), p.Evaluate(); got != want {
			t.Fatalf("%s: %d with the pawn cache, %d without", p.FEN(), got, want)
		}
	}
	start := func(int) (string, Variant) { return StartFEN, Standard }
	var u Undo
	games := race.Pick(40, 10) // some thirty times slower under the race detector
	randomWalk(t, rng, games, 150, start, func(p *Position, moves []Move) {
		eval(p)
		for _, m := range moves {
			p.Make(m, &u)
			eval(p)
			p.Unmake(m, &u)
		}
	})
	if hits == 0 || misses == 0 || replaced == 0 {
		t.Errorf("hits %d, misses %d, slots taken by other pawns %d: each should happen", hits, misses, replaced)
	}
	t.Logf("hits %d, misses %d, slots taken by other pawns %d", hits, misses, replaced)
}

// TestThreatMaps checks the threat maps of random positions against the
// attackers of each square, and the ordering bonus on a position where a
// pawn attacks a knight and a bishop a rook.
func TestThreatMaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(48, 5))
	start := func(int) (string, Variant) { return StartFEN, Standard }
	randomWalk(t, rng, 8, 120, start, func(p *Position, _ []Move) {
		got := p.threats()
		them := p.byCol[p.side.Other()]
		var want threatMaps
		for sq := Square(0); sq < 64; sq++ {
			a := p.attackersTo(sq, p.byType[0]) & them
			if a&p.byType[Pawn] != 0 {
				want.byPawn |= sq.bb()
			}
			if a&(p.byType[Pawn]|p.byType[Knight]|p.byType[Bishop]) != 0 {
				want.byMinor |= sq.bb()
			}
			if a&(p.byType[Pawn]|p.byType[Knight]|p.byType[Bishop]|p.byType[Rook]) != 0 {
				want.byRook |= sq.bb()
			}
		}
		if got != want {
			t.Fatalf("%s: threats %+v, want %+v", p.FEN(), got, want)
		}
	})

	// White's knight on d4 is attacked by the e5 pawn, its rook on h1 by
	// the bishop on c6; its bishop on b2 by nothing; the a4 pawn attacks b3.
	p, err := ParseFEN("4k3/8/2b5/4p3/p2N4/8/1B6/4K2R w K - 0 1", Standard)
	if err != nil {
		t.Fatal(err)
	}
	th := p.threats()
	for _, c := range []struct {
		uci  string
		want int32
	}{
		{"d4f3", threatEscape[Knight]},  // to a square no pawn attacks
		{"d4b5", threatEscape[Knight]},  // the bishop attacks b5, but it is no lesser piece
		{"d4b3", -threatEscape[Knight]}, // onto the a4 pawn's square
		{"h1h5", threatEscape[Rook]},    // off the bishop's diagonal
		{"b2c3", 0},                     // not attacked, nor attacked there
		{"e1f2", 0},                     // the king: never scored
	} {
		m, err := p.parseUCI(c.uci)
		if err != nil {
			t.Fatal(err)
		}
		if got := th.score(p.board[m.From()].Type(), m); got != c.want {
			t.Errorf("%s: %d, want %d", c.uci, got, c.want)
		}
	}
}

// TestKeyAfter checks the table's prefetch hint against the key Make
// computes: equal for every move keyAfter promises to get exactly (no
// castling, en passant or promotion, no castling right lost, no
// en-passant square made), across random standard and Chess960 games.
func TestKeyAfter(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 65))
	start := func(g int) (string, Variant) {
		if g%2 == 1 {
			return Chess960FEN(rng.IntN(960)), Chess960
		}
		return StartFEN, Standard
	}
	exact, other := 0, 0
	randomWalk(t, rng, 8, 160, start, func(p *Position, moves []Move) {
		var u Undo
		for _, m := range moves {
			hint, castle := p.keyAfter(m), p.castle
			p.Make(m, &u)
			ordinary := m.kind() == moveNormal && p.castle == castle && p.ep == NoSquare
			got := p.hash
			p.Unmake(m, &u)
			if !ordinary {
				other++
				continue
			}
			exact++
			if hint != got {
				t.Fatalf("%s %s: keyAfter %#x, Make %#x", p.FEN(), p.UCI(m), hint, got)
			}
		}
	})
	if exact < 10_000 || other == 0 {
		t.Errorf("%d ordinary moves checked, %d others", exact, other)
	}
}
