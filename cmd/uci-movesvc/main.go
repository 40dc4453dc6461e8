// Command uci-movesvc is movesvc's chess engine (package engine/chess)
// speaking the Universal Chess Interface, so that chess GUIs, match
// runners and the arena (cmd/chessarena) can play it.
//
// It reads commands from standard input, one per line, and answers on
// standard output: uci, isready, ucinewgame, setoption, position
// (startpos or fen, then moves in UCI notation; Chess960 castling as king
// takes rook), go (perft N), stop, quit.
//
//	uci-movesvc
package main

import (
	"fmt"
	"os"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "uci-movesvc:", err)
		os.Exit(1)
	}
}
