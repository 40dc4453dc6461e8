package main

import (
	"flag"
	"fmt"
	"math"
	"strings"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/gomoku/lab"
)

// fitPolicy runs "gomokutune policy": it fits the move-ordering table
// (lab.DefaultPolicy) to the moves the brain chose in the positions
// labelled by "gomokutune label", so that a softmax over a quiet node's
// candidates of (value of the mover's combination + value of the
// opponent's)/T picks the brain's move. T is first fitted to the starting
// table, so that the values keep the scale of the hand-set ordering the
// history heuristic is added to. The positions of a tenth of the openings
// (the first three moves) are held out. It prints the losses and how often
// the brain's move comes first and within the first 10 by the table, and
// writes the table as JSON (-out, for the arena's policy=FILE) and as the
// Go source of engine/gomoku/lab/celltable_policy.go (-go).
func fitPolicy(args []string) error {
	fs := flag.NewFlagSet("policy", flag.ContinueOnError)
	start := fs.String("start", "", "JSON policy table to start from (default: the engine's)")
	out := fs.String("out", "", "write the fitted table here as JSON")
	goOut := fs.String("go", "", "write the fitted table here as Go source (engine/gomoku/lab/celltable_policy.go)")
	epochs := fs.Int("epochs", 300, "passes of gradient descent over the training positions")
	rate := fs.Float64("rate", 2, "step size of the descent, in ordering units")
	clip := fs.Float64("clip", 1000, "start from the starting table's values clipped to ±clip (the hand-set bonuses of winning combinations run to 2^17)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("policy: give one or more files of labels")
	}
	t, err := startTable(*start, lab.DefaultPolicy())
	if err != nil {
		return err
	}
	var train, held choices
	for _, name := range fs.Args() {
		if err := readChoices(name, &train, &held); err != nil {
			return err
		}
	}
	fmt.Printf("%d training positions, %d held out\n", train.len(), held.len())
	if train.len() == 0 || held.len() == 0 {
		return fmt.Errorf("too few positions to fit")
	}
	x := tableParams(&t)
	for j := range x {
		if lab.CellComboUsed(j % lab.NumCellCombos) {
			x[j] = max(-*clip, min(*clip, x[j]))
		}
	}
	temp := train.fitTemperature(x)
	report := func(when string, x []float64) {
		fmt.Printf("%s: loss training %.4f, held out %.4f; brain's move first %.3f, in the first 10 %.3f (held out)\n",
			when, train.loss(x, temp), held.loss(x, temp), held.within(x, 1), held.within(x, 10))
	}
	fmt.Printf("temperature T = %.1f\n", temp)
	report("before", x)
	fitted := train.fit(x, temp, *epochs, *rate)
	ft := tableOf(fitted)
	fx := tableParams(&ft)
	report("after", fx)
	return writeTable(&ft, *out, *goOut, policySource)
}

// choices are positions as their candidates' pairs of combinations (the
// table indices of the mover's and the opponent's), with the brain's
// choice among them.
type choices struct {
	start  []int // position i's candidates are mine and theirs[start[i]:start[i+1]]
	mine   []uint16
	theirs []uint16
	chosen []int // index of the brain's move among position i's candidates
}

func (c *choices) len() int { return len(c.chosen) }

// add appends the position st with the brain's move, unless the move is
// not a candidate (more than two cells from every stone) or the only one.
func (c *choices) add(st *gomoku.State, move engine.Move) {
	if len(c.start) == 0 {
		c.start = append(c.start, 0)
	}
	from := len(c.mine)
	chosen := -1
	lab.PolicyCombos(st, func(m engine.Move, mine, theirs int) {
		if m == move {
			chosen = len(c.mine) - from
		}
		c.mine = append(c.mine, uint16(mine))
		c.theirs = append(c.theirs, uint16(lab.NumCellCombos+theirs))
	})
	if chosen < 0 || len(c.mine)-from < 2 {
		c.mine, c.theirs = c.mine[:from], c.theirs[:from]
		return
	}
	c.start = append(c.start, len(c.mine))
	c.chosen = append(c.chosen, chosen)
}

// readChoices reads a file of "gomokutune label" lines into train and
// held, holding out the positions of a tenth of the openings.
func readChoices(name string, train, held *choices) error {
	return readLabelFile(name, func(l labelLine) error {
		m, err := l.st.ParseMove(l.move)
		if err != nil {
			return err
		}
		if l.held {
			held.add(l.st, m)
		} else {
			train.add(l.st, m)
		}
		return nil
	})
}

// logits writes position i's candidates' values by x into buf and returns
// it.
func (c *choices) logits(x []float64, i int, buf []float64) []float64 {
	buf = buf[:0]
	for j := c.start[i]; j < c.start[i+1]; j++ {
		buf = append(buf, x[c.mine[j]]+x[c.theirs[j]])
	}
	return buf
}

// softmax turns values at temperature temp into probabilities, in place.
func softmax(v []float64, temp float64) {
	top := math.Inf(-1)
	for _, x := range v {
		top = max(top, x)
	}
	var sum float64
	for j, x := range v {
		v[j] = math.Exp((x - top) / temp)
		sum += v[j]
	}
	for j := range v {
		v[j] /= sum
	}
}

// loss returns the mean negative log-likelihood of the brain's moves.
func (c *choices) loss(x []float64, temp float64) float64 {
	var sum float64
	var buf []float64
	for i, chosen := range c.chosen {
		buf = c.logits(x, i, buf)
		softmax(buf, temp)
		sum -= math.Log(max(buf[chosen], 1e-12))
	}
	return sum / float64(c.len())
}

// within returns the share of positions whose chosen move is among the n
// best-valued candidates (ties counted against it).
func (c *choices) within(x []float64, n int) float64 {
	hits := 0
	var buf []float64
	for i, chosen := range c.chosen {
		buf = c.logits(x, i, buf)
		better := 0
		for j, v := range buf {
			if j != chosen && v >= buf[chosen] {
				better++
			}
		}
		if better < n {
			hits++
		}
	}
	return float64(hits) / float64(c.len())
}

// fitTemperature returns the temperature in 1..10000 that minimises the
// loss of x, over a geometric grid of 5% steps.
func (c *choices) fitTemperature(x []float64) float64 {
	best, bestLoss := 0.0, math.Inf(1)
	for t := 1.0; t <= 10000; t *= 1.05 {
		if l := c.loss(x, t); l < bestLoss {
			best, bestLoss = t, l
		}
	}
	return best
}

// fit returns the values that minimise the loss at temperature temp, by
// epochs of full-batch Adam from x with steps of about rate. The
// combinations with a five (lab.CellComboUsed) and those no candidate
// has stay as they are.
func (c *choices) fit(x0 []float64, temp float64, epochs int, rate float64) []float64 {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	x := append([]float64(nil), x0...)
	m := make([]float64, len(x))
	v := make([]float64, len(x))
	grad := make([]float64, len(x))
	free := make([]bool, len(x))
	for j := range c.mine {
		free[c.mine[j]], free[c.theirs[j]] = true, true
	}
	for j := range free {
		free[j] = free[j] && lab.CellComboUsed(j%lab.NumCellCombos)
	}
	n := float64(c.len())
	var buf []float64
	for t := 1; t <= epochs; t++ {
		clear(grad)
		for i, chosen := range c.chosen {
			buf = c.logits(x, i, buf)
			softmax(buf, temp)
			for j, p := range buf {
				g := p / temp / n
				if j == chosen {
					g -= 1 / temp / n
				}
				k := c.start[i] + j
				grad[c.mine[k]] += g
				grad[c.theirs[k]] += g
			}
		}
		c1, c2 := 1-math.Pow(beta1, float64(t)), 1-math.Pow(beta2, float64(t))
		for j := range x {
			if !free[j] {
				continue
			}
			m[j] = beta1*m[j] + (1-beta1)*grad[j]
			v[j] = beta2*v[j] + (1-beta2)*grad[j]*grad[j]
			x[j] -= rate * (m[j] / c1) / (math.Sqrt(v[j]/c2) + eps)
		}
	}
	return x
}

// policySource returns engine/gomoku/lab/celltable_policy.go for t.
func policySource(t *lab.CellTable) string {
	src := tableSource(t)
	src = strings.Replace(src, "var defaultTable = CellTable{", "var defaultPolicyTable = CellTable{", 1)
	src = strings.Replace(src, `"gomokutune table"`, `"gomokutune policy"`, 1)
	src = strings.Replace(src, `// defaultTable is the cell table the fits start from (see CellTable), fitted
// by cmd/gomokutune to positions labelled by an outside engine's scores; how`, `// defaultPolicyTable is the move-ordering table the fits start from (see
// PolicyOf), fitted by cmd/gomokutune to the moves an outside engine chose; how`, 1)
	return src
}
