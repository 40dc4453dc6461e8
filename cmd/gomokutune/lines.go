package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// fitLines runs "gomokutune lines": it fits a line table
// (gomoku.LineTable), and with -cells the cell table under it, to
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
	t, err := startTable(*start, gomoku.DefaultTable())
	if err != nil {
		return err
	}
	var train, held lineSamples
	for _, name := range fs.Args() {
		err := readLabelFile(name, func(l labelLine) error {
			target, err := labelTarget(l.score, *scale)
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
		if err != nil {
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
	for j := range free {
		free[j] = j >= numTableParams || *cells && gomoku.CellComboUsed(j%gomoku.NumCellCombos)
	}
	fx := train.fit(x, free, k, *epochs, *rate, *l2)
	lt, ft := linesOf(fx), tableOf(fx[:numTableParams])
	rx := make([]float64, lineParams) // the rounded values the engine uses
	copy(rx, tableParams(&ft))
	for role := range 2 {
		for key, v := range lt[role] {
			rx[numTableParams+role*gomoku.NumLineKeys+int(key)] = float64(v)
		}
	}
	fmt.Printf("loss after: training %.5f, held out %.5f; %d and %d line values\n", train.loss(rx, k), held.loss(rx, k), len(lt[0]), len(lt[1]))
	if *out != "" {
		data, err := json.Marshal(lt)
		if err != nil {
			return err
		}
		if err := os.WriteFile(*out, append(data, '\n'), 0o644); err != nil {
			return err
		}
	}
	if *cells {
		return writeTable(&ft, *tableOut, "", tableSource)
	}
	return nil
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

// lineParams is the number of values fitted: the cell table's, then each
// role's line values indexed by key.
const lineParams = numTableParams + 2*gomoku.NumLineKeys

// linesOf rounds the line values of x to a table, leaving out zeros.
func linesOf(x []float64) gomoku.LineTable {
	lt := gomoku.LineTable{{}, {}}
	for role := range 2 {
		for key := range gomoku.NumLineKeys {
			v := math.Round(x[numTableParams+role*gomoku.NumLineKeys+key])
			if v != 0 {
				lt[role][uint16(key)] = int16(max(math.MinInt16, min(math.MaxInt16, v)))
			}
		}
	}
	return lt
}

// lineSamples are positions as the nonzero counts of the cell table's
// combinations and the line keys (indices as in lineParams), each with
// the winning chance it is labelled with.
type lineSamples struct {
	start   []int // position i's counts are index and count[start[i]:start[i+1]]
	index   []uint32
	count   []float64
	targets []float64
}

func (s *lineSamples) len() int { return len(s.targets) }

// add appends a position with its target.
func (s *lineSamples) add(st *gomoku.State, target float64) {
	if len(s.start) == 0 {
		s.start = append(s.start, 0)
	}
	counts := st.CellComboCounts()
	for role := range 2 {
		for k, n := range counts[role] {
			if n != 0 {
				s.index = append(s.index, uint32(role*gomoku.NumCellCombos+k))
				s.count = append(s.count, float64(n))
			}
		}
	}
	keys := [2]map[uint16]int32{{}, {}}
	st.LineKeyCounts(keys)
	for role := range 2 {
		for k, n := range keys[role] {
			s.index = append(s.index, uint32(numTableParams+role*gomoku.NumLineKeys+int(k)))
			s.count = append(s.count, float64(n))
		}
	}
	s.start = append(s.start, len(s.index))
	s.targets = append(s.targets, target)
}

// eval returns position i's evaluation by the values x, clamped as the
// engine clamps it.
func (s *lineSamples) eval(x []float64, i int) float64 {
	var v float64
	for j := s.start[i]; j < s.start[i+1]; j++ {
		v += x[s.index[j]] * s.count[j]
	}
	return max(-float64(engine.MaxEval), min(float64(engine.MaxEval), v))
}

// loss returns the mean squared error of the values' predictions at scale
// k.
func (s *lineSamples) loss(x []float64, k float64) float64 {
	var sum float64
	for i := range s.targets {
		d := sigmoid(s.eval(x, i), k) - s.targets[i]
		sum += d * d
	}
	return sum / float64(s.len())
}

// fitScale returns the scale K in 10..5000 that minimises the loss of x,
// over a geometric grid of 2% steps.
func (s *lineSamples) fitScale(x []float64) float64 {
	best, bestLoss := 0.0, math.Inf(1)
	for k := 10.0; k <= 5000; k *= 1.02 {
		if l := s.loss(x, k); l < bestLoss {
			best, bestLoss = k, l
		}
	}
	return best
}

// fit returns the values that minimise the loss at scale k plus l2 times
// the squared distance from x0, by epochs of full-batch Adam from x0 as
// sparseSamples.fit does; only the values free marks, and that some
// training position has, move.
func (s *lineSamples) fit(x0 []float64, free []bool, k float64, epochs int, rate, l2 float64) []float64 {
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
