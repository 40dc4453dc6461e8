// Command kalahdb builds the Kalah endgame databases that engine/kalah
// consults: the exact value of every board with up to -seeds seeds in the
// pits, for -pits pits a side and the capture rule -rule ("standard",
// "empty" or "both"), and writes each to -dir under the name the package
// looks for (kalah.DatabaseFile). Point the service at the directory with
// the MOVESVC_KALAH_DB environment variable (or kalah.SetDatabaseDir).
//
// A database of s seeds for 6 pits holds C(s+12,12) boards, one byte each:
// 226 MB for 20 seeds, 548 MB for 22. Building it takes one core and the
// memory of the database.
//
//	go run ./cmd/kalahdb -pits 6 -seeds 20 -rule both -dir /var/lib/movesvc/kalah
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"movesvc/engine/kalah"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "kalahdb:", err)
		os.Exit(1)
	}
}

// run parses the flags and builds the databases, logging to log.
func run(args []string, log io.Writer) error {
	fs := flag.NewFlagSet("kalahdb", flag.ContinueOnError)
	pits := fs.Int("pits", 6, "pits a side, 1 to 6")
	seeds := fs.Int("seeds", 20, "the most seeds on the board")
	rule := fs.String("rule", "both", "capture rule: standard, empty or both")
	dir := fs.String("dir", ".", "directory to write the files to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var rules []kalah.Rules
	base := kalah.Rules{Pits: *pits, Seeds: 1}
	switch *rule {
	case "standard":
		rules = []kalah.Rules{base}
	case "empty":
		base.EmptyCapture = true
		rules = []kalah.Rules{base}
	case "both":
		empty := base
		empty.EmptyCapture = true
		rules = []kalah.Rules{base, empty}
	default:
		return errors.New("-rule must be standard, empty or both")
	}
	for _, r := range rules {
		start := time.Now()
		d, err := kalah.BuildDatabase(r, *seeds)
		if err != nil {
			return err
		}
		path, err := kalah.WriteDatabaseFile(d, *dir)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(log, "%s: %d boards in %.1fs\n", path, d.Bytes(), time.Since(start).Seconds()); err != nil {
			return err
		}
	}
	return nil
}
