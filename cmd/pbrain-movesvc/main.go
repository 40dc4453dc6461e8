// Command pbrain-movesvc is a Gomocup brain: it plays Gomoku over standard
// input and output in the Gomocup (piskvork) protocol, with the engine that
// movesvc serves (package engine/gomoku).
//
// The manager starts it and sends commands one per line; it answers each
// as the protocol says (START n, RECTSTART w,h, RESTART, BEGIN, TURN x,y,
// BOARD ... DONE, TAKEBACK x,y, INFO key value, ABOUT, END). Coordinates are
// 0-based, x the column from the left and y the row from the top. INFO
// timeout_turn, timeout_match, time_left, max_memory and rule (bit 1: exactly
// five wins) are honoured; every move is answered within the turn's time
// less a safety margin.
//
//	pbrain-movesvc            # for the manager
//	pbrain-movesvc -depth 8   # at most 8 plies per move
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	var cfg config
	flag.IntVar(&cfg.depth, "depth", 0, "deepest iteration per move, in plies (0: the engine's maximum)")
	flag.Uint64Var(&cfg.nodes, "nodes", 0, "node limit per move (0: none, time alone limits the search)")
	flag.IntVar(&cfg.threads, "threads", 1, "search goroutines per move (lazy SMP; INFO thread_num overrides it)")
	flag.Parse()
	if err := run(os.Stdin, os.Stdout, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "pbrain-movesvc:", err)
		os.Exit(1)
	}
}
