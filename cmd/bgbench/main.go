// Command bgbench measures engine/backgammon against GNU Backgammon
// (gnubg -t, Debian's 1.07), scripting gnubg through its text interface.
// Subcommands:
//
//	bgbench plays -n 300 -seed 1            # positions and gnubg's list of legal plays (rules test data)
//	bgbench positions -n 500 -seed 1        # positions from games between gnubg and the engine
//	bgbench errors -in FILE -time 1s        # equity the engine's plays lose by gnubg's 2-ply judgement
//	bgbench match -games 1000 -level advanced -depth 2   # money games (cubeless) against a gnubg level
//	bgbench bearoff -n 200 -seed 1          # races in both home boards and gnubg's evaluation
//	bgbench cube -in FILE -depth 2          # money cube decisions against gnubg's
//
// Every subcommand is reproducible from its flags (dice from -seed; gnubg
// deterministic) except where -time bounds the engine's search.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	bg "movesvc/engine/backgammon"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: bgbench plays|positions|errors|match|bearoff|cube [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "plays":
		err = cmdPlays(os.Args[2:])
	case "positions":
		err = cmdPositions(os.Args[2:])
	case "errors":
		err = cmdErrors(os.Args[2:])
	case "match":
		err = cmdMatch(os.Args[2:])
	case "bearoff":
		err = cmdBearoff(os.Args[2:])
	case "cube":
		err = cmdCube(os.Args[2:])
	default:
		err = fmt.Errorf("unknown subcommand %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bgbench:", err)
		os.Exit(1)
	}
}

// engineFlags are the settings of the engine's searches.
type engineFlags struct {
	depth   int
	nodes   uint64
	limit   time.Duration
	weights string
}

func (e *engineFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&e.depth, "depth", 3, "search iterations: 1 = 0-ply, 2 = 1-ply, 3 = 2-ply")
	fs.Uint64Var(&e.nodes, "nodes", 0, "evaluations per search (0: no limit)")
	fs.DurationVar(&e.limit, "time", 0, "time per search (0: no limit)")
	fs.StringVar(&e.weights, "weights", "", "directory of contact.bgn and race.bgn (default: the embedded networks)")
}

// player searches positions with fixed settings, reusing one table.
type player struct {
	f     engineFlags
	table *bg.Table
	nets  bg.Nets
}

func newEngine(f engineFlags) (*player, error) {
	e := &player{f: f, table: bg.NewTable(32 << 20)}
	if f.weights != "" {
		n, err := loadNets(f.weights)
		if err != nil {
			return nil, err
		}
		e.nets = n
	}
	return e, nil
}

// search returns the engine's result for pos.
func (e *player) search(pos *bg.Position) (bg.Result, error) {
	ctx := context.Background()
	if e.f.limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, e.f.limit)
		defer cancel()
	}
	return bg.Search(ctx, pos, bg.Limits{Depth: e.f.depth, MaxNodes: e.f.nodes, Table: e.table, Nets: e.nets})
}

func loadNets(dir string) (bg.Nets, error) {
	var n bg.Nets
	for name, dst := range map[string]**bg.Net{"contact.bgn": &n.Contact, "race.bgn": &n.Race} {
		f, err := os.Open(dir + "/" + name)
		if err != nil {
			return n, err
		}
		*dst, err = bg.ReadNet(f)
		_ = f.Close() // read only
		if err != nil {
			return n, fmt.Errorf("%s: %w", name, err)
		}
	}
	return n, nil
}
