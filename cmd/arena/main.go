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
// -openings plays a fixed list in order instead, the same on every build:
// builtin names 160 openings of the deep window built into the command
// (openings.txt; some 20 s each to draw), and -from picks where in the list
// a match starts, so that matches run side by side can share it out:
//
//	arena -a time=1s -b depth=6,prune=off,eval=patterns,keep=off -openings builtin -from 10 -games 20
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
//
// A player may also be an outside engine, a Gomocup brain: brain=COMMAND
// (the program and its arguments, separated by spaces, run without a
// shell), with time=D sent as its INFO timeout_turn, depth=N as its INFO
// max_depth and nodes=N as its INFO max_node (a depth- or node-limited
// brain plays reproducible games against a node-limited engine), and the
// rule (-rule freestyle, standard or renju) as INFO rule. The arena then acts
// as the Gomocup manager: it starts the brain for each game, tells it the
// opening with BOARD and each reply with TURN, and sends END at the end. A
// brain that answers after D plus 2 s (10 minutes without time=, W with
// wait=W), with no legal move, or not at all forfeits the game; one that
// cannot start or refuses START ends the match:
//
//	arena -a time=1s -b 'brain=/opt/brains/pbrain-other,time=1s' -openings builtin -v
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	opts, err := parseFlags(os.Args[1:], os.Stderr)
	if err == flag.ErrHelp {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "arena:", err)
		os.Exit(2)
	}
	if err := run(opts.a, opts.b, opts.match, opts.verbose); err != nil {
		fmt.Fprintln(os.Stderr, "arena:", err)
		os.Exit(1)
	}
}

// options are what the command line asks for.
type options struct {
	a, b    string // the players' settings
	match   matchConfig
	verbose bool
}

// parseFlags reads the command line (without the program name), writing
// usage and flag errors to stderr. A list of openings (-openings) replaces
// the random ones, so it rules out the flags that draw them.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	var opts options
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&opts.a, "a", "depth=6,nodes=200000", "first player's settings")
	fs.StringVar(&opts.b, "b", "depth=6,nodes=200000,threats=off", "second player's settings")
	games := fs.Int("games", 20, "number of games (rounded up to an even number: each opening is played with both colours)")
	seed := fs.Uint64("seed", 1, "seed of the random openings")
	stones := fs.Int("stones", 3, "stones in each random opening")
	size := fs.Int("size", 15, "board size")
	rule := fs.String("rule", "freestyle", "rule: freestyle, standard or renju")
	balance := fs.String("balance", defaultBalance, "keep the openings the balance search scores within lo:hi for the side to move, or off (the default applies to 3 stones on 15x15, for which it is calibrated; else off)")
	balanceNodes := fs.Uint64("balance-nodes", defaultBalanceNodes, "the balance search's node limit (at the default, some 20 s an opening; 50000 with -balance 75:225 for quick matches, or use -openings builtin)")
	openings := fs.String("openings", "", "play the openings of a list in order instead of random ones: \""+builtinName+"\" for the 160 deep-window openings built in (15x15), \"rapfi-freestyle\" or \"rapfi-renju\" (with -rule renju) for those Rapfi's opengen balanced (15x15), or a file of one opening a line (moves such as h8, x first; '#' starts a comment)")
	from := fs.Int("from", 0, "with -openings, the index of the list's first opening (from 0)")
	fs.BoolVar(&opts.verbose, "v", false, "print every game")
	if err := fs.Parse(args); err != nil {
		return opts, err
	}
	if fs.NArg() > 0 {
		return opts, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *games < 1 {
		return opts, fmt.Errorf("-games %d: want 1 or more", *games)
	}
	mc := matchConfig{games: *games + *games%2, seed: *seed, stones: *stones, size: *size, rule: *rule}
	if *openings == "" {
		if set["from"] {
			return opts, fmt.Errorf("-from needs -openings")
		}
		window, err := parseBalance(*balance, *balanceNodes)
		if err != nil {
			return opts, err
		}
		if !set["balance"] {
			window = defaultWindow(*stones, *size, window)
		}
		mc.balance = window
		opts.match = mc
		return opts, nil
	}
	for _, name := range []string{"seed", "stones", "balance", "balance-nodes"} {
		if set[name] {
			return opts, fmt.Errorf("-%s draws random openings: it cannot go with -openings", name)
		}
	}
	list, err := loadOpenings(*openings, mc)
	if err != nil {
		return opts, err
	}
	if mc.list, err = list.slice(*from, mc.games/2); err != nil {
		return opts, err
	}
	opts.match = mc
	return opts, nil
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
	if mc.list.moves != nil {
		fmt.Printf("openings: %s\n", mc.list.describe())
	} else {
		fmt.Printf("openings: %d stones, seed %d, balance %s\n", mc.stones, mc.seed, mc.balance.describe())
	}
	fmt.Print(res.report(pa, pb))
	return nil
}
