package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/gomoku/lab"
)

// fitTable runs "gomokutune table": it fits the evaluation's cell table
// (lab.CellTable) to positions labelled by "gomokutune label", so that
// sigmoid(evaluation/K) predicts sigmoid(score/S), the brain's score as a
// winning chance at its scale S (a proved win 1, a proved loss 0). K is
// first fitted to the starting table, so that the scores keep the scale
// the search's windows and margins expect. The positions of a tenth of the
// openings (the first three moves) are held out. It prints the losses and
// writes the table as JSON (-out, for the arena's table=FILE) and as the
// Go source of engine/gomoku/lab/celltable_data.go (-go).
func fitTable(args []string) error {
	fs := flag.NewFlagSet("table", flag.ContinueOnError)
	start := fs.String("start", "", "JSON cell table to start from (default: the engine's)")
	out := fs.String("out", "", "write the fitted table here as JSON")
	goOut := fs.String("go", "", "write the fitted table here as Go source (engine/gomoku/lab/celltable_data.go)")
	epochs := fs.Int("epochs", 2000, "passes of gradient descent over the training positions")
	rate := fs.Float64("rate", 0.5, "step size of the descent, in evaluation units")
	scale := fs.Float64("scale", 200, "the brain's scale S: its score s means a winning chance of sigmoid(s/S)")
	l2 := fs.Float64("l2", 1e-7, "penalty on the squared distance of each value from the starting table's")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("table: give one or more files of labels")
	}
	t, err := startTable(*start, lab.DefaultTable())
	if err != nil {
		return err
	}
	var train, held sparseSamples
	for _, name := range fs.Args() {
		if err := readLabels(name, *scale, &train, &held); err != nil {
			return err
		}
	}
	fmt.Printf("%d training positions, %d held out\n", train.len(), held.len())
	if train.len() == 0 || held.len() == 0 {
		return fmt.Errorf("too few positions to fit")
	}
	x := tableParams(&t)
	k := train.fitScale(x)
	fmt.Printf("scale K = %.1f; loss before: training %.5f, held out %.5f\n", k, train.loss(x, k), held.loss(x, k))
	fitted := train.fit(x, cellsFree(len(x)), k, *epochs, *rate, *l2)
	ft := tableOf(fitted)
	fx := tableParams(&ft)
	fmt.Printf("loss after: training %.5f, held out %.5f\n", train.loss(fx, k), held.loss(fx, k))
	return writeTable(&ft, *out, *goOut, tableSource)
}

// startTable returns the table in the JSON file name, or def when name is
// empty: where a fit starts.
func startTable(name string, def lab.CellTable) (lab.CellTable, error) {
	if name == "" {
		return def, nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return def, err
	}
	t, err := lab.ParseTable(data)
	if err != nil {
		return def, fmt.Errorf("%s: %w", name, err)
	}
	return t, nil
}

// writeTable writes the fitted table t as JSON to out and as the Go source
// source gives to goOut, each unless its name is empty.
func writeTable(t *lab.CellTable, out, goOut string, source func(*lab.CellTable) string) error {
	if out != "" {
		if err := writeJSON(out, t); err != nil {
			return err
		}
	}
	if goOut != "" {
		return os.WriteFile(goOut, []byte(source(t)), 0o644)
	}
	return nil
}

// writeJSON writes v as JSON, one line, to the file name: the form the
// arena's eval=, lines= and policy= settings read.
func writeJSON(name string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return os.WriteFile(name, append(data, '\n'), 0o644)
}

// numTableParams is the number of values of a cell table: both roles'.
const numTableParams = 2 * lab.NumCellCombos

// sparseSamples are positions as the nonzero counts of the cell table's
// combinations (index role*NumCellCombos + combination) and, when lines
// is set, of the line keys (index numTableParams + role*NumLineKeys + key,
// see lineParams), each with the winning chance it is labelled with.
type sparseSamples struct {
	lines   bool
	start   []int // position i's counts are index and count[start[i]:start[i+1]]
	index   []uint32
	count   []float64
	targets []float64
}

func (s *sparseSamples) len() int { return len(s.targets) }

// add appends a position with its target.
func (s *sparseSamples) add(st *gomoku.State, target float64) {
	if len(s.start) == 0 {
		s.start = append(s.start, 0)
	}
	counts := lab.CellComboCounts(st)
	for role := range 2 {
		for k, n := range counts[role] {
			if n != 0 {
				s.index = append(s.index, uint32(role*lab.NumCellCombos+k))
				s.count = append(s.count, float64(n))
			}
		}
	}
	if s.lines {
		keys := [2]map[uint16]int32{{}, {}}
		lab.LineKeyCounts(st, keys)
		for role := range 2 {
			for k, n := range keys[role] {
				s.index = append(s.index, uint32(numTableParams+role*lab.NumLineKeys+int(k)))
				s.count = append(s.count, float64(n))
			}
		}
	}
	s.start = append(s.start, len(s.index))
	s.targets = append(s.targets, target)
}

// readLabels reads a file of "gomokutune label" lines into train and held,
// holding out the positions of a tenth of the openings.
func readLabels(name string, scale float64, train, held *sparseSamples) error {
	return readLabelFile(name, func(l labelLine) error {
		target, err := labelTarget(l.score, scale)
		if err != nil {
			return err
		}
		if l.held {
			held.add(l.st, target)
		} else {
			train.add(l.st, target)
		}
		return nil
	})
}

// labelTarget returns the winning chance a label's score means at scale.
func labelTarget(score string, scale float64) (float64, error) {
	switch score {
	case "+M":
		return 1, nil
	case "-M":
		return 0, nil
	}
	v, err := strconv.Atoi(score)
	if err != nil {
		return 0, fmt.Errorf("score %q", score)
	}
	return sigmoid(float64(v), scale), nil
}

// tableParams returns t's values as one vector, the side to move's first.
func tableParams(t *lab.CellTable) []float64 {
	x := make([]float64, numTableParams)
	for role := range 2 {
		for k, v := range t[role] {
			x[role*lab.NumCellCombos+k] = float64(v)
		}
	}
	return x
}

// tableOf rounds a vector of values to a table.
func tableOf(x []float64) lab.CellTable {
	var t lab.CellTable
	for role := range 2 {
		for k := range t[role] {
			t[role][k] = int32(math.Round(x[role*lab.NumCellCombos+k]))
		}
	}
	return t
}

// eval returns position i's evaluation by the values x, before clamping.
func (s *sparseSamples) eval(x []float64, i int) float64 {
	var v float64
	for j := s.start[i]; j < s.start[i+1]; j++ {
		v += x[s.index[j]] * s.count[j]
	}
	return max(-float64(engine.MaxEval), min(float64(engine.MaxEval), v))
}

// loss returns the mean squared error of the values' predictions at scale
// k.
func (s *sparseSamples) loss(x []float64, k float64) float64 {
	var sum float64
	for i := range s.targets {
		d := sigmoid(s.eval(x, i), k) - s.targets[i]
		sum += d * d
	}
	return sum / float64(s.len())
}

// fitScale returns the scale K in 10..5000 that minimises the loss of x,
// searched over a geometric grid of 2% steps.
func (s *sparseSamples) fitScale(x []float64) float64 {
	best, bestLoss := 0.0, math.Inf(1)
	for k := 10.0; k <= 5000; k *= 1.02 {
		if l := s.loss(x, k); l < bestLoss {
			best, bestLoss = k, l
		}
	}
	return best
}

// cellsFree returns which of n values a fit may move: the cell table's
// combinations without a five (lab.CellComboUsed), and none past them.
func cellsFree(n int) []bool {
	free := make([]bool, n)
	for j := range min(n, numTableParams) {
		free[j] = lab.CellComboUsed(j % lab.NumCellCombos)
	}
	return free
}

// fit returns the values that minimise the loss at scale k plus l2 times
// the squared distance from x0, by epochs of full-batch Adam from x0, as
// the weights' fit does (see samples.fit): a value's step is about rate
// divided by its mean count. Only the values free marks, and that some
// training position has, move.
func (s *sparseSamples) fit(x0 []float64, free []bool, k float64, epochs int, rate, l2 float64) []float64 {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	x := append([]float64(nil), x0...)
	m := make([]float64, len(x))
	v := make([]float64, len(x))
	grad := make([]float64, len(x))
	step := make([]float64, len(x))
	n := float64(s.len())
	for j, idx := range s.index {
		step[idx] += s.count[j] / n
	}
	var moving []int
	for j := range step {
		if free[j] && step[j] > 0 {
			moving = append(moving, j)
		}
		step[j] = rate / max(step[j], 1)
	}
	for t := 1; t <= epochs; t++ {
		clear(grad)
		for i := range s.targets {
			p := sigmoid(s.eval(x, i), k)
			g := 2 * (p - s.targets[i]) * p * (1 - p) / k / n
			for j := s.start[i]; j < s.start[i+1]; j++ {
				grad[s.index[j]] += g * s.count[j]
			}
		}
		c1, c2 := 1-math.Pow(beta1, float64(t)), 1-math.Pow(beta2, float64(t))
		for _, j := range moving {
			grad[j] += 2 * l2 * (x[j] - x0[j])
			m[j] = beta1*m[j] + (1-beta1)*grad[j]
			v[j] = beta2*v[j] + (1-beta2)*grad[j]*grad[j]
			x[j] -= step[j] * (m[j] / c1) / (math.Sqrt(v[j]/c2) + eps)
		}
	}
	return x
}

// tableSource returns engine/gomoku/lab/celltable_data.go for t.
func tableSource(t *lab.CellTable) string {
	var sb strings.Builder
	sb.WriteString("// Code generated by \"gomokutune table\"; DO NOT EDIT.\n\n")
	sb.WriteString("package lab\n\n")
	sb.WriteString("// defaultTable is the cell table the fits start from (see CellTable), fitted\n")
	sb.WriteString("// by cmd/gomokutune to positions labelled by an outside engine's scores; how\n")
	sb.WriteString("// to make it again is in docs/gomoku.md#labelled-by-an-outside-engine-the-cell-table-and-the-policy.\n")
	sb.WriteString("var defaultTable = CellTable{\n")
	for role, name := range []string{"side to move", "opponent"} {
		fmt.Fprintf(&sb, "\t{ // %s\n", name)
		for k := 0; k < lab.NumCellCombos; k += 12 {
			sb.WriteString("\t\t")
			for j := k; j < min(k+12, lab.NumCellCombos); j++ {
				if j > k {
					sb.WriteString(" ")
				}
				fmt.Fprintf(&sb, "%d,", t[role][j])
			}
			sb.WriteString("\n")
		}
		sb.WriteString("\t},\n")
	}
	sb.WriteString("}\n")
	return sb.String()
}
