// Command bgtrain trains the backgammon networks of engine/backgammon by
// self-play with TD(λ) and writes them where the package embeds them. It is
// reproducible: the same flags give the same weights (one goroutine, dice
// from -seed). Every -every games it plays a benchmark match at 0-ply
// against a fixed hand-written evaluation and against the previous
// checkpoint, and prints a row of the progress table (docs/backgammon.md):
//
//	nice -n 10 go run ./cmd/bgtrain -out engine/backgammon/weights
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	bg "movesvc/engine/backgammon"
)

type config struct {
	seed                   uint64
	games, every, bench    int
	hidden, raceHidden     int
	inputs                 int
	alpha, alphaEnd        float64
	lambda                 float64
	out, checkpoints, from string
}

func main() {
	var c config
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the weights and the training dice")
	flag.IntVar(&c.games, "games", 1000000, "self-play games to train")
	flag.IntVar(&c.every, "every", 50000, "games between progress rows and checkpoints")
	flag.IntVar(&c.bench, "bench", 2000, "benchmark games per progress row (even)")
	flag.IntVar(&c.inputs, "inputs", bg.NumInputsV1, "inputs of the networks: 202 (version 1) or 204 (version 2, with escapes); -from networks are grown to it")
	flag.IntVar(&c.hidden, "hidden", 128, "hidden units of the contact network")
	flag.IntVar(&c.raceHidden, "race-hidden", 64, "hidden units of the race network")
	flag.Float64Var(&c.alpha, "alpha", 0.1, "learning rate at the start")
	flag.Float64Var(&c.alphaEnd, "alpha-end", 0.01, "learning rate at the end (geometric schedule)")
	flag.Float64Var(&c.lambda, "lambda", 0.7, "TD(λ) trace decay")
	flag.StringVar(&c.out, "out", "engine/backgammon/weights", "directory of contact.bgn and race.bgn")
	flag.StringVar(&c.checkpoints, "checkpoints", "", "directory for a copy of the networks at every row (optional)")
	flag.StringVar(&c.from, "from", "", "directory of networks to start from instead of random ones")
	flag.Parse()
	if err := run(c, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bgtrain:", err)
		os.Exit(1)
	}
}

func run(c config, w io.Writer) error {
	nets := bg.Nets{
		Contact: bg.NewNet(c.inputs, c.hidden, c.seed*2+1, 0.1),
		Race:    bg.NewNet(c.inputs, c.raceHidden, c.seed*2+2, 0.1),
	}
	if c.from != "" {
		var err error
		if nets, err = loadNets(c.from); err != nil {
			return err
		}
		nets = bg.Nets{Contact: nets.Contact.Grow(c.inputs), Race: nets.Race.Grow(c.inputs)}
	}
	tr := bg.NewTrainer(nets, c.seed, float32(c.alpha), float32(c.lambda))
	prev := cloneNets(nets)
	_, _ = fmt.Fprintf(w, "# bgtrain -seed %d -games %d -inputs %d -hidden %d -race-hidden %d -alpha %g -alpha-end %g -lambda %g -bench %d -from %q\n",
		c.seed, c.games, c.inputs, c.hidden, c.raceHidden, c.alpha, c.alphaEnd, c.lambda, c.bench, c.from)
	_, _ = fmt.Fprintln(w, "| games | minutes | alpha | sq. error | plies/game | ppg vs heuristic | ppg vs previous row |")
	_, _ = fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	start := time.Now()
	var sq float64
	var plies, n int
	for g := 1; g <= c.games; g++ {
		tr.Alpha = float32(c.alpha * math.Pow(c.alphaEnd/c.alpha, float64(g-1)/float64(c.games)))
		st := tr.PlayGame()
		sq, plies, n = sq+st.SqErr, plies+st.Plies, n+1
		if g%c.every != 0 && g != c.games {
			continue
		}
		h := benchMatch(nets, heuristicPlayer{}, c.bench, c.seed+uint64(g))
		p := benchMatch(nets, netPlayer{ev: bg.NewEvaluator(prev), gen: new(bg.MoveGen)}, c.bench, c.seed+uint64(g)+1)
		_, _ = fmt.Fprintf(w, "| %d | %.1f | %.4f | %.5f | %.1f | %s | %s |\n", g, time.Since(start).Minutes(),
			tr.Alpha, sq/float64(n), float64(plies)/float64(n), h, p)
		sq, plies, n = 0, 0, 0
		if err := checkpoint(c, g, nets); err != nil {
			return err
		}
		prev = cloneNets(nets)
	}
	return nil
}

// checkpoint writes the networks to -out and, with -checkpoints, to a
// directory named for the games played.
func checkpoint(c config, games int, nets bg.Nets) error {
	if err := saveNets(c.out, nets); err != nil {
		return err
	}
	if c.checkpoints == "" {
		return nil
	}
	return saveNets(filepath.Join(c.checkpoints, fmt.Sprint(games)), nets)
}

func cloneNets(n bg.Nets) bg.Nets {
	return bg.Nets{Contact: cloneNet(n.Contact), Race: cloneNet(n.Race)}
}

func cloneNet(n *bg.Net) *bg.Net {
	c := *n
	c.W1 = append([]float32(nil), n.W1...)
	c.B1 = append([]float32(nil), n.B1...)
	c.W2 = append([]float32(nil), n.W2...)
	c.B2 = append([]float32(nil), n.B2...)
	return &c
}

func saveNets(dir string, n bg.Nets) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, net := range map[string]*bg.Net{"contact.bgn": n.Contact, "race.bgn": n.Race} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		if _, err := net.WriteTo(f); err != nil {
			_ = f.Close() // the write's error says it
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}

func loadNets(dir string) (bg.Nets, error) {
	var n bg.Nets
	for name, dst := range map[string]**bg.Net{"contact.bgn": &n.Contact, "race.bgn": &n.Race} {
		f, err := os.Open(filepath.Join(dir, name))
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
