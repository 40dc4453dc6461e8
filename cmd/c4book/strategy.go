package main

import (
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"

	"movesvc/engine/connect4"
)

// strategyRoots returns the first positions where the service is to move
// in a game from root, for each side it may play: root itself (the service
// moves first) and every position after one opponent move from root (the
// service moves second), left out when over or when the side to move can
// win at once.
func strategyRoots(root connect4.Position) []connect4.Position {
	out := []connect4.Position{root}
	for c := range connect4.Width {
		if root.CanPlay(c) && !root.IsWinningMove(c) {
			p := root
			p.Play(c)
			out = append(out, p)
		}
	}
	return out
}

// strategyLayers walks the games the service plays from root as either
// side, with its book's move in each position where it is to move, against
// every opponent reply, and returns those positions by stones up to depth,
// one per mirror pair in its canonical orientation, in key order. Positions
// where the side to move can win at once (the service takes the win; the
// book holds none of them), drawn or lost ones are left out. moveOf gives
// the service's move in a position (canonical orientation) once all
// positions with fewer stones are known to it, which the caller ensures by
// solving layer by layer: strategyLayers calls next(stones) before it
// expands a layer, so that next can solve it.
func strategyLayers(root connect4.Position, depth int, moveOf func(connect4.Position) int, next func(stones int, layer []connect4.Position) error) error {
	seen := map[uint64]bool{}
	layer := map[int][]connect4.Position{}
	add := func(p connect4.Position) {
		if p.Moves() > depth || p.Moves() == connect4.Cells || p.CanWinNext() {
			return
		}
		key := p.CanonicalKey()
		if seen[key] {
			return
		}
		seen[key] = true
		if p.Key() != key {
			p = p.Mirror()
		}
		layer[p.Moves()] = append(layer[p.Moves()], p)
	}
	for _, p := range strategyRoots(root) {
		add(p)
	}
	for stones := root.Moves(); stones <= depth; stones++ {
		l := layer[stones]
		slices.SortFunc(l, func(a, b connect4.Position) int { return cmpKeys(a.CanonicalKey(), b.CanonicalKey()) })
		if err := next(stones, l); err != nil {
			return err
		}
		for _, p := range l {
			after := p
			after.Play(moveOf(p))
			if after.Moves() == connect4.Cells {
				continue
			}
			for c := range connect4.Width {
				if after.CanPlay(c) && !after.IsWinningMove(c) {
					q := after
					q.Play(c)
					add(q)
				}
			}
		}
	}
	return nil
}

func cmpKeys(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// runStrategy builds the strategy book from root up to depth stones: every
// position of strategyLayers not yet known (progress) is solved, appended to
// progress as it goes (resumable), and the book (out) is written after each
// layer and when the time budget is spent: the complete layers of the full
// book with every other known position.
func runStrategy(root connect4.Position, depth int, progressPath, outPath string, ttBits, threads int, budget time.Duration, log *slog.Logger) (err error) {
	began := time.Now()
	known, f, solver, err := startBuild(progressPath, ttBits, threads)
	if err != nil {
		return err
	}
	defer closeProgress(f, &err)
	errBudget := fmt.Errorf("time budget spent")
	err = strategyLayers(root, depth, func(p connect4.Position) int { return known[p.CanonicalKey()].Move },
		func(stones int, layer []connect4.Position) error {
			todo := 0
			for _, p := range layer {
				if _, ok := known[p.CanonicalKey()]; !ok {
					todo++
				}
			}
			log.Info("strategy layer", "stones", stones, "positions", len(layer), "todo", todo)
			start := time.Now()
			for i, p := range layer {
				if _, ok := known[p.CanonicalKey()]; ok {
					continue
				}
				if budget > 0 && time.Since(began) > budget {
					log.Info("time budget spent", "stones", stones, "todo", todo)
					return errBudget
				}
				todo--
				t0 := time.Now()
				e := solveEntry(solver, p, known, 0, false)
				if err := record(f, known, p.CanonicalKey(), e); err != nil {
					return err
				}
				log.Info("solved", "stones", stones, "i", i, "of", len(layer), "score", e.Score, "move", e.Move+1,
					"took", time.Since(t0).Round(time.Millisecond))
			}
			log.Info("strategy layer done", "stones", stones, "took", time.Since(start).Round(time.Second))
			return writeAllKnown(outPath, root, known)
		})
	if err != nil && err != errBudget {
		return err
	}
	return writeAllKnown(outPath, root, known)
}

// solveEntry returns p's exact score and best move: from its children when
// all are known, else by solving it with solver, whose table is kept from
// solve to solve (its entries are exact bounds, true of any later solve).
// When scored, score is p's score, proved by its parents (parentScores), and
// only a move that achieves it is searched for.
func solveEntry(solver *connect4.Solver, p connect4.Position, known map[uint64]connect4.BookEntry, score int, scored bool) connect4.BookEntry {
	if e, ok := fromChildren(p, known); ok {
		return e
	}
	if !scored {
		score = solver.Solve(p)
	}
	e := connect4.BookEntry{Score: score}
	e.Move = solver.BestMove(p, e.Score)
	return e
}

// record remembers e as the entry of the position with key and appends it
// to the progress file w.
func record(w io.Writer, known map[uint64]connect4.BookEntry, key uint64, e connect4.BookEntry) error {
	known[key] = e
	_, err := fmt.Fprintf(w, "%x %d %d\n", key, e.Score, e.Move)
	return err
}
