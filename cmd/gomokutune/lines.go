package main

import (
	"flag"
	"fmt"
	"math"

	"movesvc/engine/gomoku/lab"
)

// fitLines runs "gomokutune lines": it fits a line table
// (lab.LineTable), and with -cells the cell table under it, to
// positions labelled by "gomokutune label", as "gomokutune table" fits the
// cell table alone: sigmoid(evaluation/K) predicts sigmoid(score/S), K is
// fitted first to the starting evaluation, and the positions of a tenth
// of the openings are held out. The line values start at 0 and are held
// towards 0 by -l2; the cell table starts from -start (default: the
// table of the default weights, so that without -cells the fitted lines
// go on top of the evaluation the engine has). It prints the losses and
// writes the line table (-out, for the arena's lines=FILE) and, with
// -cells, the cell table (-table, for eval=FILE).
func fitLines(args []string) error {
	fs := flag.NewFlagSet("lines", flag.ContinueOnError)
	start := fs.String("start", "", "JSON cell table to start from (default: the engine's)")
	out := fs.String("out", "", "write the fitted line table here as JSON")
	tableOut := fs.String("table", "", "with -cells, write the fitted cell table here as JSON")
	cells := fs.Bool("cells", false, "fit the cell table too")
	epochs := fs.Int("epochs", 800, "passes of gradient descent over the training positions")
	rate := fs.Float64("rate", 0.5, "step size of the descent, in evaluation units")
	scale := fs.Float64("scale", 200, "the brain's scale S: its score s means a winning chance of sigmoid(s/S)")
	l2 := fs.Float64("l2", 1e-7, "penalty on the squared distance of each value from where it started")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("lines: give one or more files of labels")
	}
	t, err := startTable(*start, lab.DefaultTable())
	if err != nil {
		return err
	}
	train, held := sparseSamples{lines: true}, sparseSamples{lines: true}
	for _, name := range fs.Args() {
		if err := readLabels(name, *scale, &train, &held); err != nil {
			return err
		}
	}
	fmt.Printf("%d training positions, %d held out\n", train.len(), held.len())
	if train.len() == 0 || held.len() == 0 {
		return fmt.Errorf("too few positions to fit")
	}
	x := make([]float64, lineParams)
	copy(x, tableParams(&t))
	k := train.fitScale(x)
	fmt.Printf("scale K = %.1f; loss before: training %.5f, held out %.5f\n", k, train.loss(x, k), held.loss(x, k))
	free := make([]bool, lineParams)
	if *cells {
		free = cellsFree(lineParams)
	}
	for j := numTableParams; j < lineParams; j++ {
		free[j] = true
	}
	fx := train.fit(x, free, k, *epochs, *rate, *l2)
	lt, ft := linesOf(fx), tableOf(fx[:numTableParams])
	rx := make([]float64, lineParams) // the rounded values the engine uses
	copy(rx, tableParams(&ft))
	for role := range 2 {
		for key, v := range lt[role] {
			rx[numTableParams+role*lab.NumLineKeys+int(key)] = float64(v)
		}
	}
	fmt.Printf("loss after: training %.5f, held out %.5f; %d and %d line values\n", train.loss(rx, k), held.loss(rx, k), len(lt[0]), len(lt[1]))
	if *out != "" {
		if err := writeJSON(*out, lt); err != nil {
			return err
		}
	}
	if *cells {
		return writeTable(&ft, *tableOut, "", tableSource)
	}
	return nil
}

// lineParams is the number of values fitted: the cell table's, then each
// role's line values indexed by key.
const lineParams = numTableParams + 2*lab.NumLineKeys

// linesOf rounds the line values of x to a table, leaving out zeros.
func linesOf(x []float64) lab.LineTable {
	lt := lab.LineTable{{}, {}}
	for role := range 2 {
		for key := range lab.NumLineKeys {
			v := math.Round(x[numTableParams+role*lab.NumLineKeys+key])
			if v != 0 {
				lt[role][uint16(key)] = int16(max(math.MinInt16, min(math.MaxInt16, v)))
			}
		}
	}
	return lt
}
