package main

import (
	"fmt"
	"math"

	bg "movesvc/engine/backgammon"
)

// player picks a play for the side on roll in b (b[0]) with roll d1-d2.
type player interface {
	choose(b *bg.Board, d1, d2 int) bg.Board
}

// netPlayer plays the 0-ply best play of its evaluator.
type netPlayer struct {
	ev  *bg.Evaluator
	gen *bg.MoveGen
}

func (p netPlayer) choose(b *bg.Board, d1, d2 int) bg.Board {
	if p.gen == nil {
		p.gen = new(bg.MoveGen)
	}
	best, _ := bg.BestPlay0(p.ev, p.gen, b, d1, d2)
	return best.Result
}

// heuristicPlayer plays the play that scores best by a fixed hand-written
// formula: the race, made points (home points and primes most), blots the
// other side can hit, and the other side's checkers sent back. It is the
// training's constant yardstick, not an opponent of any strength.
type heuristicPlayer struct{}

func (heuristicPlayer) choose(b *bg.Board, d1, d2 int) bg.Board {
	var g bg.MoveGen
	plays := g.Generate(b, d1, d2)
	best, bestS := 0, math.Inf(-1)
	for i := range plays {
		if s := heuristicScore(&plays[i].Result); s > bestS {
			best, bestS = i, s
		}
	}
	return plays[best].Result
}

func heuristicScore(r *bg.Board) float64 {
	if r.OnBoard(0) == 0 {
		return 1000
	}
	s := float64(r.Pips(1)-r.Pips(0)) / 20
	for i := 0; i < bg.NumPoints; i++ {
		switch n := r[0][i]; {
		case n >= 2 && i < 6:
			s += 0.6
		case n >= 2 && i < 11:
			s += 0.4
		case n == 1 && r.Contact():
			s -= 0.3 + 0.04*float64(24-i)/24
		}
	}
	return s + 0.5*float64(r[1][bg.BarIndex])
}

// benchMatch plays games (in pairs with the same dice, each side starting
// once) between nets at 0-ply and opp and returns the nets' points per game
// with a 95% margin.
func benchMatch(nets bg.Nets, opp player, games int, seed uint64) string {
	me := netPlayer{ev: bg.NewEvaluator(nets), gen: new(bg.MoveGen)}
	var sum, sum2 float64
	for i := 0; i < games; i++ {
		rng := bg.NewRand(seed*1000003 + uint64(i/2))
		var pts int
		if i%2 == 0 {
			pts = playGame(me, opp, rng)
		} else {
			pts = -playGame(opp, me, rng)
		}
		sum += float64(pts)
		sum2 += float64(pts * pts)
	}
	n := float64(games)
	mean := sum / n
	sd := math.Sqrt(max(sum2/n-mean*mean, 0))
	return fmt.Sprintf("%+.3f ± %.3f", mean, 1.96*sd/math.Sqrt(n))
}

// playGame plays a game from the opening position, a first, and returns a's
// points (negative when b wins).
func playGame(a, b player, rng *bg.Rand) int {
	board := bg.StartBoard
	players := [2]player{a, b}
	for turn := 0; ; turn ^= 1 {
		d1, d2 := rng.Dice()
		r := players[turn].choose(&board, d1, d2)
		if k := r.WinKind(0); k > 0 {
			if turn == 0 {
				return k
			}
			return -k
		}
		board = r.Swapped()
	}
}
