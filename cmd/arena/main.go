// Command arena plays the gomoku engine against itself under two player
// settings and reports the score: a self-play ladder for checking that
// deeper or longer searches win, and what the threat knowledge adds: the
// full engine against itself without VCF/VCT (threats=off) and against plain
// alpha-beta (plain=true: no threat search, no forced blocks, no open-three
// defences, no extensions, an evaluation of line patterns alone).
//
// Each game starts from a random balanced opening (a few stones near the
// centre, drawn from -seed, kept when a short search proves nothing, the
// static evaluation is near even and a search of -balance-nodes nodes,
// 3,000,000 by default, scores it within -balance for the side to move, by
// default 0:125 for three stones on 15x15 and off otherwise; -balance off
// drops that last check, and -balance 75:225 -balance-nodes 50000 gives the
// openings of the first window) and every opening is played twice, each
// player taking x once. The report counts the pairs one player won both
// games of apart from those one colour won both of: only the former tell
// the players apart.
//
//	arena -a depth=6,time=200ms -b depth=6,time=200ms,threats=off -games 40
//
// A player is a comma-separated list of settings: depth=N (deepest
// iteration), nodes=N (node limit per move), time=D (time per move, a Go
// duration), threats=on|off (the threat search), prune=on|off (move-count
// pruning at quiet nodes), plain=true|false (plain alpha-beta), bits=N
// (table size), threads=N (goroutines per search: lazy SMP, for players on
// the clock), keep=on|off (the table kept from move to move within a
// game, as the Gomocup brain keeps it; on unless turned off),
// eval=patterns|fitted|FILE (evaluation weights: the hand-set line-pattern
// weights plain alpha-beta uses, the engine's fitted ones, or a file as
// cmd/gomokutune writes them), level=N (the service's playing level,
// 1..10):
//
//	arena -a level=7 -b level=5 -games 40
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	a := flag.String("a", "depth=6,nodes=200000", "first player's settings")
	b := flag.String("b", "depth=6,nodes=200000,threats=off", "second player's settings")
	games := flag.Int("games", 20, "number of games (rounded up to an even number: each opening is played with both colours)")
	seed := flag.Uint64("seed", 1, "seed of the random openings")
	stones := flag.Int("stones", 3, "stones in each random opening")
	size := flag.Int("size", 15, "board size")
	rule := flag.String("rule", "freestyle", "rule: freestyle or standard")
	balance := flag.String("balance", defaultBalance, "keep the openings the balance search scores within lo:hi for the side to move, or off (the default applies to 3 stones on 15x15, for which it is calibrated; else off)")
	balanceNodes := flag.Uint64("balance-nodes", defaultBalanceNodes, "the balance search's node limit (at the default, some 20 s an opening; 50000 with -balance 75:225 for quick matches)")
	verbose := flag.Bool("v", false, "print every game")
	flag.Parse()
	window, err := parseBalance(*balance, *balanceNodes)
	if err != nil {
		fmt.Fprintln(os.Stderr, "arena:", err)
		os.Exit(2)
	}
	if !flagSet("balance") {
		window = defaultWindow(*stones, *size, window)
	}
	mc := matchConfig{games: *games, seed: *seed, stones: *stones, size: *size, rule: *rule, balance: window}
	if err := run(*a, *b, mc, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "arena:", err)
		os.Exit(1)
	}
}

// flagSet reports whether the command line set the flag name.
func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// run plays the match and prints the report.
func run(a, b string, mc matchConfig, verbose bool) error {
	pa, err := parsePlayer(a)
	if err != nil {
		return fmt.Errorf("-a: %w", err)
	}
	pb, err := parsePlayer(b)
	if err != nil {
		return fmt.Errorf("-b: %w", err)
	}
	if verbose {
		mc.onGame = func(g gameRecord) { fmt.Println(g) }
	}
	res, err := playMatch(pa, pb, mc)
	if err != nil {
		return err
	}
	fmt.Printf("openings: %d stones, seed %d, balance %s\n", mc.stones, mc.seed, mc.balance.describe())
	fmt.Print(res.report(pa, pb))
	return nil
}
