// Command gomokutune fits the gomoku evaluation's weights (lab.EvalWeights)
// to the results of self-play games, the method known as Texel tuning
// (https://www.chessprogramming.org/Texel%27s_Tuning_Method): every quiet
// position of the games is labelled with the result for its side to move,
// and the weights are fitted so that sigmoid(evaluation/K) predicts it,
// with K first fitted to the starting weights so that the scale of the
// scores stays as the search's windows and margins expect.
//
// The games are the arena's verbose output (one "x=a o=b ..." line a
// game; a game played twice is kept once); the games of a tenth of the
// openings are held out to check that the fit generalises:
//
//	go run ./cmd/arena -a nodes=6000 -b nodes=7000 -games 4000 -seed 100 -v > games.txt
//	go run ./cmd/gomokutune -out weights.json games.txt
//
// It prints the losses before and after and the weights as Go source for
// engine/gomoku/weights.go; -out writes them as JSON for the arena's
// eval=FILE setting.
package main

import (
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"strings"

	"movesvc/engine/gomoku/lab"
)

// subcommands are the pipeline's steps besides the weights' fit: label
// positions by an outside brain's scores and moves (label.go), fit the
// cell table to the scores (table.go), the line table (lines.go) and the
// policy table to the moves (policy.go), and measure the engine's regret
// by the brain's scores (regret.go); and, beside the tuning, check the
// engine's renju forbidden points against a brain's (forbid.go).
var subcommands = map[string]func(args []string) error{"label": label, "table": fitTable, "policy": fitPolicy, "lines": fitLines, "regret": regret, "forbid": forbid}

func main() {
	if len(os.Args) > 1 {
		if sub := subcommands[os.Args[1]]; sub != nil {
			if err := sub(os.Args[2:]); err != nil {
				fmt.Fprintln(os.Stderr, "gomokutune:", err)
				os.Exit(1)
			}
			return
		}
	}
	start := flag.String("start", "", "JSON weights to start from (default: the engine's)")
	out := flag.String("out", "", "write the fitted weights here as JSON")
	epochs := flag.Int("epochs", 3000, "passes of gradient descent over the training positions")
	rate := flag.Float64("rate", 0.5, "step size of the descent, in evaluation units")
	flag.Parse()
	if err := run(flag.Args(), *start, *out, *epochs, *rate); err != nil {
		fmt.Fprintln(os.Stderr, "gomokutune:", err)
		os.Exit(1)
	}
}

// run reads the games, fits the weights and writes them.
func run(files []string, start, out string, epochs int, rate float64) error {
	if len(files) == 0 {
		return fmt.Errorf("give one or more files of arena -v output")
	}
	w := lab.DefaultWeights()
	if start != "" {
		var err error
		if w, err = readWeights(start); err != nil {
			return err
		}
	}
	var train, held samples
	games := 0
	seen := map[string]bool{} // the two games of an opening pair may be the same
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		err = readGames(f, func(g game) error {
			key := strings.Join(g.moves, " ")
			if seen[key] {
				return nil
			}
			seen[key] = true
			games++
			if heldOut(g) {
				return held.add(g)
			}
			return train.add(g)
		})
		_ = f.Close() // read only: a failed close loses nothing
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	fmt.Printf("%d games: %d training positions, %d held out\n", games, train.len(), held.len())
	if train.len() == 0 || held.len() == 0 {
		return fmt.Errorf("too few positions to fit")
	}
	k := train.fitScale(w)
	fmt.Printf("scale K = %.1f; loss before: training %.5f, held out %.5f\n", k, train.loss(w, k), held.loss(w, k))
	fitted := train.fit(w, k, epochs, rate)
	fmt.Printf("loss after: training %.5f, held out %.5f\n", train.loss(fitted, k), held.loss(fitted, k))
	fmt.Print(goSource(fitted))
	if out != "" {
		return writeJSON(out, fitted)
	}
	return nil
}

// readWeights reads weights written by -out.
func readWeights(name string) (lab.EvalWeights, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return lab.EvalWeights{}, err
	}
	w, err := lab.ParseWeights(data)
	if err != nil {
		return w, fmt.Errorf("%s: %w", name, err)
	}
	return w, nil
}

// heldOut reports whether g is one of the games held out: those of a tenth
// of the openings, chosen by a hash of the opening's moves, so that the two
// games of an opening pair (one a colour) are both held out or neither.
// Holding out every tenth game instead split most pairs: the fit was then
// checked on games whose openings and first moves it had seen. Games
// from the empty board (no opening) are grouped by their first three
// moves instead.
func heldOut(g game) bool {
	n := g.opening
	if n == 0 {
		n = min(3, len(g.moves))
	}
	return heldOutOpening(g.moves[:n])
}

// heldOutOpening reports whether the games and positions that begin with
// the moves opening are held out: a tenth of the openings, by a hash of
// their moves.
func heldOutOpening(opening []string) bool {
	h := fnv.New32a()
	for _, m := range opening {
		h.Write([]byte(m + " "))
	}
	return h.Sum32()%10 == 0
}
