package kalah

import (
	"context"
	"testing"

	"movesvc/engine"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// minimax returns the final store difference for the side to move of p
// with perfect play, by plain negamax over Position without pruning,
// memoized by notation: an oracle independent of the solver's board, its
// databases and its table.
func minimax(p *Position, memo map[string]int) int {
	if p.Over() {
		return p.storeDiff()
	}
	key := p.String()
	if v, ok := memo[key]; ok {
		return v
	}
	best := -2 * maxBoard
	mover := p.ToMove()
	for _, m := range p.LegalMoves(nil) {
		p.Play(m)
		v := minimax(p, memo)
		if p.ToMove() != mover {
			v = -v
		}
		p.Undo(m)
		best = max(best, v)
	}
	memo[key] = best
	return best
}

// randomPosition plays up to plies random moves from the start of r and
// returns the position, or nil if the game ended first.
func randomPosition(r Rules, plies int, rng testRand) *Position {
	p := NewPosition(r)
	for range plies {
		legal := p.LegalMoves(nil)
		if len(legal) == 0 {
			return nil
		}
		p.Play(legal[rng.Intn(len(legal))])
	}
	if p.Over() {
		return nil
	}
	return p
}

// TestSearchMatchesMinimax solves random positions of small variants, with
// databases of a few seeds and without, and checks the value against the
// oracle, and that the move answered achieves it.
func TestSearchMatchesMinimax(t *testing.T) {
	t.Parallel()
	rng := newRand(3)
	for _, r := range []Rules{
		{Pits: 2, Seeds: 4}, {Pits: 3, Seeds: 3}, {Pits: 3, Seeds: 3, EmptyCapture: true},
		{Pits: 4, Seeds: 2}, {Pits: 4, Seeds: 2, EmptyCapture: true}, {Pits: 2, Seeds: 6},
	} {
		memo := map[string]int{}
		for _, dbSeeds := range []int{0, 4} {
			db, err := BuildDatabase(r, dbSeeds)
			if err != nil {
				t.Fatal(err)
			}
			table := NewTable(12)
			for range longtest.Pick(race.Pick(15, 2), 100) {
				p := randomPosition(r, rng.Intn(10), rng)
				if p == nil {
					continue
				}
				want := minimax(p, memo)
				res := Search(context.Background(), p, Limits{Table: table, Database: db})
				if !res.Complete || res.Score != want || res.Lower != want || res.Upper != want {
					t.Fatalf("%v db %d: %s: got %+v, want %d", r, dbSeeds, p, res, want)
				}
				if got := valueAfter(p, res.Move, memo); got != want {
					t.Fatalf("%v db %d: %s: move %d scores %d, want %d", r, dbSeeds, p, res.Move+1, got, want)
				}
				if res.Outcome != outcomeOf(want) {
					t.Fatalf("%v: outcome %v for score %d", r, res.Outcome, want)
				}
			}
		}
	}
}

// valueAfter returns the oracle's value for the side to move of p after m.
func valueAfter(p *Position, m engine.Move, memo map[string]int) int {
	c := p.Clone()
	mover := c.ToMove()
	c.Play(m)
	v := minimax(c, memo)
	if c.ToMove() != mover {
		v = -v
	}
	return v
}

// TestDatabaseMatchesMinimax checks every board of a database of Kalah(3,n)
// against the oracle, which sees them as positions with empty stores.
func TestDatabaseMatchesMinimax(t *testing.T) {
	for _, empty := range []bool{false, true} {
		r := Rules{Pits: 3, Seeds: 1, EmptyCapture: empty}
		const seeds = 7
		db, err := BuildDatabase(r, seeds)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[string]int{}
		for n := range seeds + 1 {
			var b board
			b[2*r.Pits-1] = uint8(n)
			for ok := true; ok; ok = nextBoard(&b, 2*r.Pits) {
				p := NewPosition(r)
				p.b, p.stores = b, [2]uint8{}
				mine, theirs := p.v.sides(&b)
				if mine == 0 || theirs == 0 {
					continue // a finished game: not a position
				}
				if got, want := db.value(&b, n), minimax(p, memo); got != want {
					t.Fatalf("%v: board %v: %d, want %d", r, b[:2*r.Pits], got, want)
				}
			}
		}
	}
}
