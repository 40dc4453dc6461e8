// Command c4book builds the Connect Four opening book that the connect4
// package embeds: the exact score and a best move of every position with up
// to -depth stones (mirror images counted once; positions where the side to
// move wins at once are left out, as they need no search).
//
// It solves the positions layer by layer, fewest stones first, with one
// large transposition table kept across solves and -threads goroutines per
// solve sharing it, and appends every result to
// the -progress file as it goes, so an interrupted run resumes where it
// stopped. A position whose children are all known is scored from them
// instead of searched. At the end, after every layer, and when the -for
// time budget is spent, it writes the book (-out) from what is known, a
// partly solved layer included.
//
// With -strategy it builds the strategy book instead: the positions where
// the service is to move in the games it plays from the root (the empty
// board), as the first or the second player, following the book's move in
// each, against every reply of the opponent, up to -depth stones. They are
// hundreds of times fewer than whole layers, and with them in the book the
// service answers every position of those games up to -depth from the book
// and plays the same tree in every game. The book written holds every known
// position, the strategy's among them.
//
//	go run ./cmd/c4book -depth 4
//	go run ./cmd/c4book -strategy -depth 10
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"movesvc/engine/connect4"
)

func main() {
	depth := flag.Int("depth", 4, "stones of the deepest layer to solve")
	progress := flag.String("progress", "engine/connect4/book/progress.txt", "results so far, appended to (resumable)")
	out := flag.String("out", "engine/connect4/book/book.bin", "book file to write")
	ttBits := flag.Int("tt-bits", 26, "solver table: 2^bits entries of 8 bytes")
	budget := flag.Duration("for", 0, "stop starting new solves after this long and write the book (0: no limit)")
	rootMoves := flag.String("root", "", "build the book of the positions after these moves (column digits) instead of the empty board")
	threads := flag.Int("threads", runtime.NumCPU(), "goroutines each solve runs on (lazy SMP over the one table)")
	strategy := flag.Bool("strategy", false, "build the strategy book to -depth instead of whole layers: the positions where the service is to move in the games it plays from the root, as either side, against every reply")
	flag.Parse()
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	root, err := parseRoot(*rootMoves)
	switch {
	case err != nil:
	case *strategy:
		err = runStrategy(root, *depth, *progress, *out, *ttBits, *threads, *budget, log)
	default:
		err = run(root, *depth, *progress, *out, *ttBits, *threads, *budget, log)
	}
	if err != nil {
		log.Error("c4book", "err", err)
		os.Exit(1)
	}
}

// parseRoot plays a move list of column digits from the empty board.
func parseRoot(moves string) (connect4.Position, error) {
	var p connect4.Position
	for i, ch := range moves {
		c := int(ch - '1')
		if c < 0 || c >= connect4.Width || !p.CanPlay(c) || p.IsWinningMove(c) {
			return p, fmt.Errorf("root: move %d (%q) is not playable", i+1, ch)
		}
		p.Play(c)
	}
	if p.CanWinNext() {
		return p, errors.New("root: the side to move wins at once; nothing to book")
	}
	return p, nil
}

// run solves the layers of positions from root up to depth stones,
// resuming from progress, and writes the book.
func run(root connect4.Position, depth int, progressPath, outPath string, ttBits, threads int, budget time.Duration, log *slog.Logger) (err error) {
	began := time.Now()
	if depth < root.Moves() {
		return fmt.Errorf("depth %d is below the root's %d stones", depth, root.Moves())
	}
	known, f, solver, err := startBuild(progressPath, ttBits, threads)
	if err != nil {
		return err
	}
	defer closeProgress(f, &err)
	layers := Layers(root, depth)
	// Solve from the shallowest layer down (known positions are skipped): a
	// shallow position warms the table for its descendants. The root is
	// scored from its children after the first layer.
	for stones := root.Moves() + 1; stones <= depth; stones++ {
		start := time.Now()
		todo := 0
		for _, p := range layers[stones] {
			if _, ok := known[p.CanonicalKey()]; !ok {
				todo++
			}
		}
		scores, err := parentScores(layers[stones-1], known)
		if err != nil {
			return err
		}
		log.Info("layer", "stones", stones, "positions", len(layers[stones]), "todo", todo, "scored by parents", len(scores))
		for i, p := range layers[stones] {
			key := p.CanonicalKey()
			if _, ok := known[key]; ok {
				continue
			}
			if budget > 0 && time.Since(began) > budget {
				log.Info("time budget spent", "stones", stones, "todo", todo)
				return writeAllKnown(outPath, root, known)
			}
			todo--
			t0 := time.Now()
			score, scored := scores[key]
			e := solveEntry(solver, p, known, score, scored)
			if err := record(f, known, key, e); err != nil {
				return err
			}
			log.Info("solved", "stones", stones, "i", i, "of", len(layers[stones]), "score", e.Score,
				"move", e.Move+1, "took", time.Since(t0).Round(time.Millisecond))
		}
		log.Info("layer done", "stones", stones, "took", time.Since(start).Round(time.Second))
		if top := layers[root.Moves()][0]; stones == root.Moves()+1 {
			if _, ok := known[top.CanonicalKey()]; !ok {
				e, _ := fromChildren(top, known)
				if err := record(f, known, top.CanonicalKey(), e); err != nil {
					return err
				}
			}
		}
		if err := writeAllKnown(outPath, root, known); err != nil {
			return err
		}
	}
	return writeAllKnown(outPath, root, known)
}

// parentScores returns the scores of positions of the next layer that the
// known entries of parents (a layer, each position in its canonical
// orientation, as Layers lists them) prove, by the children's canonical
// keys: a parent's score is the best of minus its children's, so the child
// its entry's move makes scores exactly minus the parent's score, and every
// other child at least that. A child whose side to move wins at once is
// left out (no layer holds it). Scores that contradict one another mean an
// entry is wrong, and are an error.
func parentScores(parents []connect4.Position, known map[uint64]connect4.BookEntry) (map[uint64]int, error) {
	type bounds struct{ lo, hi int }
	all := map[uint64]bounds{}
	for _, p := range parents {
		e, ok := known[p.CanonicalKey()]
		if !ok {
			continue
		}
		var err error
		layerChildren(p, func(c int, child connect4.Position) {
			key := child.CanonicalKey()
			b, seen := all[key]
			if !seen {
				b = bounds{-connect4.Cells, connect4.Cells}
			}
			b.lo = max(b.lo, -e.Score)
			if c == e.Move {
				b.hi = min(b.hi, -e.Score)
			}
			if b.lo > b.hi && err == nil {
				err = fmt.Errorf("position %x: its parents' entries bound its score to [%d, %d]", key, b.lo, b.hi)
			}
			all[key] = b
		})
		if err != nil {
			return nil, err
		}
	}
	scores := map[uint64]int{}
	for key, b := range all {
		if b.lo == b.hi {
			scores[key] = b.lo
		}
	}
	return scores, nil
}

// layerChildren calls fn with each move of p, a layer position, whose
// child belongs to the next layer: a playable column that does not win at
// once, after which the opponent cannot win at once.
func layerChildren(p connect4.Position, fn func(col int, child connect4.Position)) {
	for c := range connect4.Width {
		if !p.CanPlay(c) || p.IsWinningMove(c) {
			continue
		}
		child := p
		child.Play(c)
		if !child.CanWinNext() {
			fn(c, child)
		}
	}
}

// startBuild begins a run of the builder: it reads the results so far
// from progressPath (readProgress), opens it to append new ones
// (openProgress; the caller closes it with closeProgress), and returns them
// with a solver of 2^ttBits table entries that runs on threads goroutines.
func startBuild(progressPath string, ttBits, threads int) (map[uint64]connect4.BookEntry, *os.File, *connect4.Solver, error) {
	known, err := readProgress(progressPath)
	if err != nil {
		return nil, nil, nil, err
	}
	f, err := openProgress(progressPath)
	if err != nil {
		return nil, nil, nil, err
	}
	solver := connect4.NewSolver(ttBits, nil)
	solver.SetThreads(threads)
	solver.KeepTable()
	return known, f, solver, nil
}

// openProgress opens the progress file for appending, creating it.
func openProgress(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
}

// closeProgress closes the progress file f, written to, and reports a
// failed close, which may lose solved positions, in *err unless it holds
// an error already.
func closeProgress(f *os.File, err *error) {
	if cerr := f.Close(); *err == nil {
		*err = cerr
	}
}

// Layers returns, for each number of stones up to depth, the positions the
// book holds: reachable from root, not over, the side to move unable to
// win at once, one per mirror pair in the orientation of its canonical key,
// in key order.
func Layers(root connect4.Position, depth int) [][]connect4.Position {
	layers := make([][]connect4.Position, depth+1)
	seen := map[uint64]bool{}
	var walk func(p connect4.Position)
	walk = func(p connect4.Position) {
		key := p.CanonicalKey()
		if seen[key] {
			return
		}
		seen[key] = true
		if p.CanWinNext() {
			return
		}
		if p.Key() != key {
			p = p.Mirror()
		}
		layers[p.Moves()] = append(layers[p.Moves()], p)
		if p.Moves() == depth {
			return
		}
		for c := range connect4.Width {
			if p.CanPlay(c) {
				child := p
				child.Play(c)
				walk(child)
			}
		}
	}
	walk(root)
	for _, l := range layers {
		slices.SortFunc(l, func(a, b connect4.Position) int {
			ka, kb := a.CanonicalKey(), b.CanonicalKey()
			switch {
			case ka < kb:
				return -1
			case ka > kb:
				return 1
			}
			return 0
		})
	}
	return layers
}

// fromChildren scores p by its children when all of them are known: the
// side to move cannot win at once, so every child is a book position or
// one where the opponent wins at once.
func fromChildren(p connect4.Position, known map[uint64]connect4.BookEntry) (connect4.BookEntry, bool) {
	best := connect4.BookEntry{Score: -connect4.Cells, Move: -1}
	for _, c := range [connect4.Width]int{3, 2, 4, 1, 5, 0, 6} {
		if !p.CanPlay(c) {
			continue
		}
		child := p
		child.Play(c)
		var v int
		if child.CanWinNext() {
			v = (connect4.Cells + 1 - child.Moves()) / 2
		} else if e, ok := known[child.CanonicalKey()]; ok {
			v = e.Score
		} else {
			return connect4.BookEntry{}, false
		}
		if -v > best.Score {
			best = connect4.BookEntry{Score: -v, Move: c}
		}
	}
	return best, best.Move >= 0
}

// completeDepth returns the number of stones up to which known holds
// every position Layers would list from root, or 0 when it lacks root.
func completeDepth(root connect4.Position, known map[uint64]connect4.BookEntry) int {
	if _, ok := known[root.CanonicalKey()]; !ok && !root.CanWinNext() {
		return 0
	}
	layer := []connect4.Position{root}
	for stones := root.Moves(); ; stones++ {
		seen := map[uint64]bool{}
		var next []connect4.Position
		for _, p := range layer {
			for c := range connect4.Width {
				if !p.CanPlay(c) {
					continue
				}
				q := p
				q.Play(c)
				key := q.CanonicalKey()
				if seen[key] || q.Moves() == connect4.Cells {
					continue
				}
				seen[key] = true
				if q.CanWinNext() {
					continue
				}
				if _, ok := known[key]; !ok {
					return stones
				}
				next = append(next, q)
			}
		}
		if len(next) == 0 {
			return stones + 1
		}
		layer = next
	}
}

// writeAllKnown writes the book of every known position: complete up to
// completeDepth from root, and every deeper known position besides (the
// strategy book's, a partly solved layer's).
func writeAllKnown(path string, root connect4.Position, known map[uint64]connect4.BookEntry) error {
	data, err := connect4.NewBook(completeDepth(root, known), known).MarshalBinary()
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// readProgress loads the results of earlier runs; a missing file is an
// empty start, a torn last line (an interrupted write) is ignored.
func readProgress(path string) (map[uint64]connect4.BookEntry, error) {
	known := map[uint64]connect4.BookEntry{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return known, nil
	}
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }() // read only: a failed close loses nothing
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadString('\n')
		if errors.Is(err, io.EOF) {
			return known, nil
		}
		if err != nil {
			return nil, err
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		key, err1 := strconv.ParseUint(fields[0], 16, 64)
		score, err2 := strconv.Atoi(fields[1])
		move, err3 := strconv.Atoi(fields[2])
		if err := errors.Join(err1, err2, err3); err != nil {
			return nil, fmt.Errorf("%s: bad line %q: %w", path, line, err)
		}
		known[key] = connect4.BookEntry{Score: score, Move: move}
	}
}
