package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// labelLine is one line of a file "gomokutune label" writes: the brain's
// score and move in the position the moves lead to, and whether the
// position's opening (its first three moves) is held out.
type labelLine struct {
	score, move string
	moves       []string
	st          *gomoku.State
	held        bool
}

// readLabelFile calls fn with each line of the label file name, skipping
// empty lines. A line without a move or with moves that are not a game
// is an error, as is one fn returns, each prefixed with name:line.
func readLabelFile(name string, fn func(labelLine) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer func() { _ = f.Close() }() // read only: a failed close loses nothing
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if len(fields) < 2 {
			return fmt.Errorf("%s:%d: no move", name, line)
		}
		moves := fields[2:]
		start, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: moves})
		if err == nil {
			err = fn(labelLine{score: fields[0], move: fields[1], moves: moves, st: start.(*gomoku.State), held: heldOutOpening(moves[:min(3, len(moves))])})
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
	}
	return sc.Err()
}
