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
