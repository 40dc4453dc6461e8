// Command uci-movesvc is movesvc's chess engine (package engine/chess)
// speaking the Universal Chess Interface, so that chess GUIs, match
// runners and the arena (cmd/chessarena) can play it.
//
// It reads commands from standard input, one per line, and answers on
// standard output: uci, isready, ucinewgame, setoption (Threads, Hash,
// MultiPV, UCI_Chess960, Move Overhead, Level, Seed), position (startpos or fen,
// then moves in UCI notation; Chess960 castling as king takes rook), go
// (depth, nodes, movetime, wtime, btime, winc, binc, movestogo, infinite,
// and perft N), stop and quit. A search prints an info line per completed
// iteration (depth, seldepth, multipv, score cp or mate, nodes, nps, time,
// pv) and ends with bestmove; it runs beside the input, so stop, isready
// and quit are answered while it runs. Level 1-9 with Seed plays what the
// service plays for a request with that level and seed (engine/strength:
// the level's search, then a seeded draw among near-best moves), with one
// info line for the move.
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
