// Command kalahbook builds an opening book of proofs for engine/kalah: it
// solves the start of a variant and every position up to -plies moves
// after it, fewest moves first, all with one transposition table of 2^-tt-bits
// entries, and after each solve adds to the book the proved bounds the
// table holds of boards with at least -min-seeds seeds in the pits. It
// rewrites -out after each solve, so an interrupted run keeps what it
// proved; -from starts from the proofs of an earlier book. The package
// embeds the books under engine/kalah/book and consults them in every
// search of their variant.
//
// The endgame databases come from the directory in MOVESVC_KALAH_DB (see
// cmd/kalahdb), else the default one is built at first use.
//
//	MOVESVC_KALAH_DB=/var/lib/kalah go run ./cmd/kalahbook -seeds 4 -rule standard -out engine/kalah/book/p6s4-standard.book
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"movesvc/engine/kalah"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "kalahbook:", err)
		os.Exit(1)
	}
}

// run parses the flags, solves the positions and writes the book.
func run(args []string, log io.Writer) error {
	fs := flag.NewFlagSet("kalahbook", flag.ContinueOnError)
	pits := fs.Int("pits", 6, "pits a side, 1 to 6")
	seeds := fs.Int("seeds", 4, "seeds a pit at the start, 1 to 6")
	rule := fs.String("rule", "standard", "capture rule: standard or empty")
	plies := fs.Int("plies", 0, "solve every position up to this many moves after the start")
	minSeeds := fs.Int("min-seeds", 40, "keep proofs of boards with at least this many seeds")
	ttBits := fs.Int("tt-bits", 24, "transposition table of 2^bits entries of 16 bytes")
	out := fs.String("out", "", "book file to write")
	from := fs.String("from", "", "book file to start from (its proofs kept), such as the one -out rewrites")
	if err := fs.Parse(args); err != nil {
		return err
	}
	r := kalah.Rules{Pits: *pits, Seeds: *seeds, EmptyCapture: *rule == "empty"}
	if *rule != "standard" && *rule != "empty" {
		return errors.New("-rule must be standard or empty")
	}
	if err := r.Validate(); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("-out is required")
	}
	book := kalah.NewBook(r, *minSeeds)
	if *from != "" {
		data, err := os.ReadFile(*from)
		if err != nil {
			return err
		}
		if book, err = kalah.ParseBook(data); err != nil {
			return err
		}
	}
	table := kalah.NewTable(*ttBits)
	positions := upTo(r, *plies)
	for i, p := range positions {
		start := time.Now()
		res := kalah.Search(context.Background(), p, kalah.Limits{Table: table, Book: book})
		book.AddProofs(table)
		if err := write(book, *out); err != nil {
			return err
		}
		if _, err := fmt.Fprintf(log, "%d/%d %s: score %d move %d nodes %d in %.1fs; book %d boards\n",
			i+1, len(positions), p, res.Score, res.Move+1, res.Nodes, time.Since(start).Seconds(), book.Len()); err != nil {
			return err
		}
	}
	return nil
}

// upTo returns the start of r and every position up to plies moves after
// it that is not over, one per board (the value depends on the pits only),
// fewest moves first.
func upTo(r kalah.Rules, plies int) []*kalah.Position {
	layer := []*kalah.Position{kalah.NewPosition(r)}
	seen := map[string]bool{}
	var all []*kalah.Position
	for depth := 0; depth <= plies; depth++ {
		var next []*kalah.Position
		for _, p := range layer {
			if p.Over() || seen[p.BoardKey()] {
				continue
			}
			seen[p.BoardKey()] = true
			all = append(all, p)
			for _, m := range p.LegalMoves(nil) {
				c := p.Clone()
				c.Play(m)
				next = append(next, c)
			}
		}
		layer = next
	}
	return all
}

// write writes the book to path through a temporary file.
func write(book *kalah.Book, path string) error {
	data, err := book.MarshalBinary()
	if err != nil {
		return err
	}
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
