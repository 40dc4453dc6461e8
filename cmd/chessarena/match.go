package main

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"movesvc/engine/chess"
)

// matchConfig is how a match is played.
type matchConfig struct {
	games       int
	concurrency int
	variant     chess.Variant
	openings    []opening
	from        int // the first opening used
	pgn         io.Writer
	progress    io.Writer
}

// matchResult is what a match's games came to.
type matchResult struct {
	games []*game
}

// playMatch plays cfg.games games between a and b: opening i (from
// cfg.from on, in order) twice, a white in the first; cfg.concurrency games
// at a time, each its own engine processes, each written to cfg.pgn as it
// ends (its Round tag is its place in the match). It stops at the first
// game an engine could not start for.
func playMatch(a, b player, cfg matchConfig) (matchResult, error) {
	var res matchResult
	res.games = make([]*game, cfg.games)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr, pgnErr error
	for w := 0; w < max(cfg.concurrency, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				op := cfg.openings[(cfg.from+i/2)%len(cfg.openings)]
				g := playGame([2]player{a, b}, op, i%2 == 0, cfg.variant, i+1)
				mu.Lock()
				res.games[i] = g
				if g.err != nil && firstErr == nil {
					firstErr = g.err
				}
				if g.err == nil {
					if cfg.progress != nil {
						_, _ = fmt.Fprintf(cfg.progress, "game %d: %s - %s %s (%s), %d plies\n", g.round, g.names[0], g.names[1], g.result, g.reason, len(g.san))
					}
					if cfg.pgn != nil && pgnErr == nil {
						_, pgnErr = io.WriteString(cfg.pgn, g.pgn(cfg.variant))
					}
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < cfg.games; i++ {
		mu.Lock()
		stop := firstErr != nil
		mu.Unlock()
		if stop {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return res, firstErr
	}
	return res, pgnErr
}

// score returns a's wins, draws and losses and its points per game.
func (r matchResult) score() (w, d, l int, s float64) {
	for _, g := range r.games {
		switch g.aScore() {
		case 1:
			w++
		case 0.5:
			d++
		default:
			l++
		}
	}
	n := w + d + l
	if n == 0 {
		return 0, 0, 0, 0.5
	}
	return w, d, l, (float64(w) + float64(d)/2) / float64(n)
}

// elo returns the rating difference of a over b the score implies and its
// 95% margin, from the games' own variance (draws lower it), with scores
// of 0 and 1 clamped to half a game.
func (r matchResult) elo() (diff, margin float64) {
	w, d, l, s := r.score()
	n := float64(w + d + l)
	if n == 0 {
		return 0, 0
	}
	variance := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	sd := math.Sqrt(variance / n)
	clamp := func(x float64) float64 { return min(max(x, 0.5/n), 1-0.5/n) }
	elo := func(x float64) float64 { return -400 * math.Log10(1/clamp(x)-1) }
	diff = elo(s)
	margin = (elo(s+1.96*sd) - elo(s-1.96*sd)) / 2
	return diff, margin
}

// report describes the match: the score, Elo with its margin, how the
// games ended, the longest move of each side and the illegal moves.
func (r matchResult) report(a, b player) string {
	var sb strings.Builder
	w, d, l, s := r.score()
	diff, margin := r.elo()
	nameOf := func(side int) string {
		if len(r.games) == 0 {
			return "?"
		}
		g := r.games[0]
		if (side == 0) == g.aWhite {
			return g.names[0]
		}
		return g.names[1]
	}
	fmt.Fprintf(&sb, "a: %s (%s)\nb: %s (%s)\n", nameOf(0), a.spec, nameOf(1), b.spec)
	fmt.Fprintf(&sb, "games %d: a %d wins, %d draws, %d losses; score %.1f%%; Elo a-b %+.0f ± %.0f (95%%)\n",
		w+d+l, w, d, l, 100*s, diff, margin)
	reasons := map[string]int{}
	var longest [2]time.Duration
	illegal, timeouts := 0, 0
	for _, g := range r.games {
		reasons[g.reason]++
		longest[0], longest[1] = max(longest[0], g.longest[0]), max(longest[1], g.longest[1])
		illegal += g.illegal
		timeouts += g.timeouts
	}
	keys := make([]string, 0, len(reasons))
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&sb, "  %3d %s\n", reasons[k], k)
	}
	fmt.Fprintf(&sb, "longest move: a %v, b %v\nillegal moves: %d; forfeits without an answer or on time: %d\n",
		longest[0].Round(time.Millisecond), longest[1].Round(time.Millisecond), illegal, timeouts)
	return sb.String()
}
