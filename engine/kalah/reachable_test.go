package kalah

import (
	"flag"
	"testing"
)

var reachableMin = flag.Int("reachable-min", 45, "BenchmarkReachableBoards: the fewest seeds in the pits counted")

// BenchmarkReachableBoards counts the boards of Kalah(6,4), standard
// capture, that play from the start reaches with at least -reachable-min
// seeds in the pits, by those seeds, and how many of them the embedded
// book holds: how many positions of the first moves a book would need to
// answer all of them (docs/kalah.md, "Answers through the API within
// 1 s"). Seeds in the pits never grow, so the boards are walked from the
// most seeds down, one set a count; 43 seeds take minutes and gigabytes.
//
//	go test -run '^$' -bench ReachableBoards -benchtime 1x ./engine/kalah -reachable-min 44
func BenchmarkReachableBoards(b *testing.B) {
	r := Rules{Pits: 6, Seeds: 4}
	v := variant{m: r.Pits}
	book := Books(r)
	start := NewPosition(r).b
	total := v.seeds(&start)
	for range b.N {
		levels := make([]map[board]struct{}, total+1)
		for n := range levels {
			levels[n] = map[board]struct{}{}
		}
		levels[total][start] = struct{}{}
		cumulative := 0
		for n := total; n >= *reachableMin; n-- {
			// A move that neither passes the store nor captures keeps n:
			// the level grows while it is walked, so walk a queue.
			queue := make([]board, 0, len(levels[n]))
			for bd := range levels[n] {
				queue = append(queue, bd)
			}
			for i := 0; i < len(queue); i++ {
				bd := queue[i]
				for pit := range r.Pits {
					if bd[pit] == 0 {
						continue
					}
					c := bd
					_, extra, over := v.sow(&c, pit)
					if over {
						continue
					}
					if !extra {
						v.flip(&c)
					}
					k := v.seeds(&c)
					if k < *reachableMin {
						continue
					}
					if _, seen := levels[k][c]; seen {
						continue
					}
					levels[k][c] = struct{}{}
					if k == n {
						queue = append(queue, c)
					}
				}
			}
			inBook := 0
			for bd := range levels[n] {
				lo, hi := bd.key()
				if _, ok := book.lookup(lo, hi); ok {
					inBook++
				}
			}
			cumulative += len(levels[n])
			b.Logf("%d seeds in the pits: %d boards, %d of them in the book; %d with %d or more", n, len(levels[n]), inBook, cumulative, n)
			levels[n] = nil
		}
	}
}
