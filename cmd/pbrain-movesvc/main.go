// Command pbrain-movesvc is a Gomocup brain: it plays Gomoku over standard
// input and output in the Gomocup (piskvork) protocol, with the engine that
// movesvc serves (package engine/gomoku).
//
// The manager starts it and sends commands one per line; it answers each
// as the protocol says (START n, RECTSTART w,h, RESTART, BEGIN, TURN x,y,
// BOARD ... DONE, TAKEBACK x,y, INFO key value, ABOUT, END). Coordinates are
// 0-based, x the column from the left and y the row from the top. INFO
// timeout_turn, timeout_match, time_left, max_memory and rule (bit 1: exactly
// five wins; bit 4: renju) are honoured, and so is thread_num, which some managers (Yixin
// Board) send; every move is answered within the turn's time less a safety
// margin.
//
// Each search runs on one thread unless -threads, the MOVESVC_BRAIN_THREADS
// environment variable (for a manager that starts the brain without
// arguments) or INFO thread_num says otherwise; 0 means the CPUs the
// process may use (GOMAXPROCS, which follows CPU affinity and cgroup
// limits), at most 8. With more than one, helper goroutines share the main
// search's transposition table (lazy SMP, gomoku.Options.Threads) and it
// reaches deeper in the same time, though on the 2-core development machine
// that won no more games (README), and the moves then depend on timing;
// one thread is the default because a tournament may run several games on
// one machine at once, where the brains' helpers would compete for cores.
//
//	pbrain-movesvc              # for the manager
//	pbrain-movesvc -depth 8     # at most 8 plies per move
//	pbrain-movesvc -threads 0   # every CPU the process may use, at most 8
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
)

// threadsEnv names the environment variable that sets -threads' default:
// a manager starts the brain without arguments.
const threadsEnv = "MOVESVC_BRAIN_THREADS"

// envThreads returns the threads MOVESVC_BRAIN_THREADS asks for, or def
// when it is unset or empty.
func envThreads(def int) (int, error) {
	v := os.Getenv(threadsEnv)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s=%q: want a number of threads, 0 for automatic", threadsEnv, v)
	}
	return n, nil
}

func main() {
	var cfg config
	flag.IntVar(&cfg.depth, "depth", 0, "deepest iteration per move, in plies (0: the engine's maximum)")
	flag.Uint64Var(&cfg.nodes, "nodes", 0, "node limit per move (0: none, time alone limits the search)")
	threads, err := envThreads(1)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pbrain-movesvc:", err)
		os.Exit(2)
	}
	flag.IntVar(&cfg.threads, "threads", threads, "search goroutines per move, lazy SMP (0: the CPUs the process may use, at most 8; INFO thread_num overrides it; env "+threadsEnv+")")
	flag.Parse()
	if err := run(os.Stdin, os.Stdout, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "pbrain-movesvc:", err)
		os.Exit(1)
	}
}
