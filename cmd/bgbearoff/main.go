// Command bgbearoff computes the one-sided bearoff database of
// engine/backgammon and writes it where the package embeds it:
//
//	go run ./cmd/bgbearoff -out engine/backgammon/bearoff.bin
package main

import (
	"flag"
	"fmt"
	"os"

	bg "movesvc/engine/backgammon"
)

func main() {
	out := flag.String("out", "engine/backgammon/bearoff.bin", "output file")
	flag.Parse()
	f, err := os.Create(*out)
	if err == nil {
		err = bg.BuildBearoff().WriteBearoff(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bgbearoff:", err)
		os.Exit(1)
	}
}
