package connect4

import (
	"context"
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"movesvc/engine"
	"movesvc/internal/longtest"
)

// strategyNode is a position of the strategy tree where the service is to
// move, with the score and move the service answers.
type strategyNode struct {
	p     Position
	score int
	move  int
}

// walkStrategy plays the service's answers (engine.Search, as POST /move
// runs it) through walkServiceTree to depth stones and calls visit with
// each position where the service is to move and its answer.
func walkStrategy(t *testing.T, depth int, visit func(n strategyNode, res engine.Result)) {
	t.Helper()
	walkServiceTree(depth, func(p Position) (int, bool) {
		res := engine.Search(context.Background(), &State{pos: p}, engine.Limits{})
		visit(strategyNode{p: p, score: res.Score, move: int(res.Move)}, res)
		return int(res.Move), true
	})
}

// walkServiceTree walks the games the service plays from the empty board,
// as the first player and after every first move as the second, against
// every reply, up to depth stones: it calls answer with each position where
// the service is to move, once per mirror pair, and leaves out positions
// where the service wins at once. answer returns the service's move, and
// false to go no deeper from that position.
func walkServiceTree(depth int, answer func(p Position) (move int, deeper bool)) {
	seen := map[uint64]bool{}
	var walk func(p Position)
	walk = func(p Position) {
		if p.moves > depth || p.moves == Cells || p.CanWinNext() || seen[p.CanonicalKey()] {
			return
		}
		seen[p.CanonicalKey()] = true
		move, deeper := answer(p)
		if !deeper {
			return
		}
		after := p
		after.Play(move)
		if after.moves == Cells {
			return
		}
		for c := range Width {
			if after.CanPlay(c) && !after.IsWinningMove(c) {
				q := after
				q.Play(c)
				walk(q)
			}
		}
	}
	var empty Position
	walk(empty)
	for c := range Width {
		p := empty
		p.Play(c)
		walk(p)
	}
}

// replyValue returns the exact score of the reply c in p for the side that
// plays it: a win at once, else minus the score of the position after it
// (the end of the game, a win at once for the other side, or its book
// entry); false when the book lacks that position.
func replyValue(p Position, c int, book *Book) (int, bool) {
	if p.IsWinningMove(c) {
		return (Cells + 1 - p.moves) / 2, true
	}
	q := p
	q.Play(c)
	switch e, ok := book.Lookup(q); {
	case q.moves == Cells:
		return 0, true
	case q.CanWinNext():
		return -(Cells + 1 - q.moves) / 2, true
	case ok:
		return -e.Score, true
	}
	return 0, false
}

// TestStrategyTree walks the games the service plays from the empty board,
// as either side, against every reply, up to the book's depth (10 stones in
// the quick run), and checks
// each of its answers: from the book (exact, no search), and keeping its
// value: after the service's move, the opponent's best reply leaves a
// position whose exact score is the answer's (the service's positions a
// move later are in the book too, so the whole tree is checked against
// itself, down to the deepest layer the builder solved). A deviation from
// the tree's moves would leave the book, and a wrong score would break a
// link between two layers.
func TestStrategyTree(t *testing.T) {
	book := DefaultBook()
	if book.Depth() < 12 {
		t.Fatalf("the book reaches %d stones; the strategy book should reach 12 or more", book.Depth())
	}
	// The quick run walks the tree to 10 stones (some 4,000 positions);
	// the long run walks all of it.
	depth := longtest.Pick(10, book.Depth())
	positions, checked := 0, 0
	walkStrategy(t, depth, func(n strategyNode, res engine.Result) {
		positions++
		if e, ok := book.Lookup(n.p); !ok || !res.Complete || res.Nodes != 0 || res.Score != e.Score || int(res.Move) != e.Move {
			t.Fatalf("%x (%d stones): answer %+v, book %+v %v: want the book's answer, with no search", n.p.Key(), n.p.moves, res, e, ok)
		}
		after := n.p
		after.Play(n.move)
		if n.p.IsWinningMove(n.move) || after.moves == Cells || after.moves+1 > depth {
			return
		}
		best := -Cells
		for c := range Width {
			if !after.CanPlay(c) {
				continue
			}
			v, ok := replyValue(after, c, book)
			if !ok {
				t.Fatalf("%x: the reply %d leaves the strategy book", n.p.Key(), c+1)
			}
			best = max(best, v)
		}
		if -best != n.score {
			t.Errorf("%x (%d stones): the answer %d scores %d, but after it the opponent's best reply leaves %d", n.p.Key(), n.p.moves, n.move+1, n.score, -best)
		}
		checked++
	})
	t.Logf("%d positions of the strategy to %d stones, %d checked against the layer below", positions, depth, checked)
}

// TestStrategyLeavesAreExact solves a sample of the strategy book's deepest
// entries (3 in the quick run, 200 in the long one) without the book and
// compares the scores: the book's leaves, which TestStrategyTree takes as
// given, are exact too.
func TestStrategyLeavesAreExact(t *testing.T) {
	book := DefaultBook()
	var leaves []uint64
	book.Each(func(key uint64, e BookEntry) {
		if keyStones(key) >= book.Depth()-1 {
			leaves = append(leaves, key)
		}
	})
	rng := rand.New(rand.NewPCG(1, 2))
	rng.Shuffle(len(leaves), func(i, j int) { leaves[i], leaves[j] = leaves[j], leaves[i] })
	leaves = leaves[:min(len(leaves), longtest.Pick(3, 200))]
	solver := NewSolver(DefaultTableBits, nil)
	for _, k := range leaves {
		p := positionFromKey(k)
		e, _ := book.Lookup(p)
		solver.Reset()
		if got := solver.Solve(p); got != e.Score {
			t.Errorf("%x (%d stones): book %d, solver %d", k, p.moves, e.Score, got)
		}
	}
}

// BenchmarkRandomOpponents plays games from the empty board between the
// service (engine.Search under the default 1 s deadline, one thread) and a
// random opponent, the service's colour alternating, and reports the
// longest and mean time of its answers, how many came from the book, and
// how many were not exact (complete false) — which must be none:
//
//	go test -run '^$' -bench RandomOpponents -benchtime 40x ./engine/connect4/
func BenchmarkRandomOpponents(b *testing.B) {
	var longest, total time.Duration
	answers, fromBook, inexact := 0, 0, 0
	game := 0
	for b.Loop() {
		rng := rand.New(rand.NewPCG(uint64(game), 7))
		service := game % 2
		game++
		var p Position
		for p.moves < Cells {
			var c int
			if p.moves%2 == service {
				ctx, cancel := context.WithTimeout(context.Background(), time.Second)
				start := time.Now()
				res := engine.Search(ctx, &State{pos: p}, engine.Limits{})
				took := time.Since(start)
				cancel()
				answers++
				total += took
				longest = max(longest, took)
				if res.Nodes == 0 {
					fromBook++
				}
				if !res.Complete {
					inexact++
					b.Errorf("game %d, %d stones: not exact within 1 s: %+v", game, p.moves, res)
				}
				c = int(res.Move)
			} else {
				var legal []int
				for col := range Width {
					if p.CanPlay(col) {
						legal = append(legal, col)
					}
				}
				c = legal[rng.IntN(len(legal))]
			}
			won := p.IsWinningMove(c)
			p.Play(c)
			if won {
				break
			}
		}
	}
	b.ReportMetric(float64(longest.Microseconds())/1000, "max-ms/answer")
	b.ReportMetric(float64(total.Microseconds())/1000/float64(max(answers, 1)), "ms/answer")
	b.ReportMetric(float64(fromBook)/float64(max(answers, 1)), "book/answer")
	b.ReportMetric(float64(inexact), "inexact")
}

// Flags of BenchmarkPastTheBook.
var (
	pastBookStones = flag.Int("past-book-stones", 17, "BenchmarkPastTheBook: time the positions with this many stones")
	pastBookLimit  = flag.Int("past-book-limit", 20000, "BenchmarkPastTheBook: time at most this many positions (0: all)")
)

// BenchmarkPastTheBook times the service's search (engine.Search, one
// thread, no deadline) on the positions of the strategy tree just past the
// book: it follows the book's move wherever the service is to move, against
// every reply, and times the positions with -past-book-stones stones where
// the service is to move and the book has no entry, the first
// -past-book-limit of them in the walk's order. It reports their number and
// the median, 99th percentile and longest time. With the book to 16
// stones, every position with 17 stones (the service as the second
// player, 143,422 of them) takes some four minutes:
//
//	go test -run '^$' -bench PastTheBook -benchtime 1x -timeout 30m ./engine/connect4/ -past-book-limit 0
func BenchmarkPastTheBook(b *testing.B) {
	book := DefaultBook()
	var frontier []Position
	walkServiceTree(*pastBookStones, func(p Position) (int, bool) {
		e, ok := book.Lookup(p)
		if !ok && p.moves == *pastBookStones && (*pastBookLimit == 0 || len(frontier) < *pastBookLimit) {
			frontier = append(frontier, p)
		}
		return e.Move, ok
	})
	if len(frontier) == 0 {
		b.Skipf("no position with %d stones past the book", *pastBookStones)
	}
	times := make([]time.Duration, 0, len(frontier))
	for b.Loop() {
		times = times[:0]
		for _, p := range frontier {
			start := time.Now()
			res := engine.Search(context.Background(), &State{pos: p}, engine.Limits{})
			times = append(times, time.Since(start))
			if !res.Complete {
				b.Fatalf("%v: not solved", p)
			}
		}
	}
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(float64(len(times)), "positions")
	b.ReportMetric(ms(times[len(times)/2]), "p50-ms")
	b.ReportMetric(ms(times[len(times)*99/100]), "p99-ms")
	b.ReportMetric(ms(times[len(times)-1]), "max-ms")
}
