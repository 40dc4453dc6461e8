package main

import (
	"bufio"
	"bytes"
	"fmt"
	"go/format"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"movesvc/engine/chess"
)

// sample is one labelled position as the fit sees it: the evaluation's
// terms (weight index and White-less-Black count), its phase and endgame
// scale, and the target win probability.
type sample struct {
	idx    []int32
	coef   []float64
	mgMul  float64 // phase/MaxPhase
	egMul  float64 // (MaxPhase-phase)/MaxPhase*scale/64
	target float64
}

// sigmoid maps a score (centipawns, White's view) to White's win
// probability: 1/(1+10^(-x/400)).
func sigmoid(x float64) float64 { return 1 / (1 + math.Pow(10, -x/400)) }

// readSamples reads "FEN;score" lines and traces each position with the
// engine's current weights.
func readSamples(r io.Reader) ([]sample, error) {
	w := chess.Weights()
	var out []sample
	var tr chess.Trace
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		fen, scoreText, ok := strings.Cut(sc.Text(), ";")
		if !ok {
			return nil, fmt.Errorf("line %d: no score", n)
		}
		score, err := strconv.Atoi(scoreText)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		p, err := chess.ParseFEN(fen, chess.Standard)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		chess.EvaluateTrace(p, w, &tr)
		s := sample{target: sigmoid(float64(score))}
		for i, c := range tr.Coef {
			if c != 0 {
				s.idx = append(s.idx, int32(i))
				s.coef = append(s.coef, float64(c))
			}
		}
		s.mgMul = float64(tr.Phase) / chess.MaxPhase
		s.egMul = float64(chess.MaxPhase-tr.Phase) / chess.MaxPhase * float64(tr.Scale) / 64
		out = append(out, s)
	}
	return out, sc.Err()
}

// eval returns the linear model's score of s (White's view) with the
// weights mg and eg.
func (s *sample) eval(mg, eg []float64) float64 {
	var m, e float64
	for k, i := range s.idx {
		m += mg[i] * s.coef[k]
		e += eg[i] * s.coef[k]
	}
	return m*s.mgMul + e*s.egMul
}

// loss returns the mean squared error of the model's win probability over
// samples.
func loss(samples []sample, mg, eg []float64) float64 {
	var sum float64
	for i := range samples {
		d := sigmoid(samples[i].eval(mg, eg)) - samples[i].target
		sum += d * d
	}
	return sum / float64(len(samples))
}

// fitWeights fits the weights to the labelled positions of r (nine tenths
// of them, shuffled with a fixed seed; the rest measure the fit) by Adam
// over full-batch gradients, with an L2 penalty of l2 per squared
// centipawn on each weight's distance from where it started, and writes
// to w the weights of the epoch with the least error on the tenth kept
// apart (early stopping).
func fitWeights(r io.Reader, w io.Writer, epochs int, rate, l2 float64, log io.Writer) error {
	samples, err := readSamples(r)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rng.Shuffle(len(samples), func(i, j int) { samples[i], samples[j] = samples[j], samples[i] })
	split := len(samples) * 9 / 10
	train, valid := samples[:split], samples[split:]
	start := chess.Weights()
	n := len(start)
	mg, eg := make([]float64, n), make([]float64, n)
	for i, s := range start {
		mg[i], eg[i] = float64(s.MG), float64(s.EG)
	}
	_, _ = fmt.Fprintf(log, "%d positions (%d to fit, %d to check): error %.6f, check %.6f\n",
		len(samples), len(train), len(valid), loss(train, mg, eg), loss(valid, mg, eg))
	adam := newAdam(2*n, rate)
	grad := make([]float64, 2*n)
	params := make([]float64, 2*n)
	copy(params[:n], mg)
	copy(params[n:], eg)
	origin := append([]float64(nil), params...)
	best := append([]float64(nil), params...)
	bestCheck, bestEpoch := loss(valid, mg, eg), 0
	for epoch := 1; epoch <= epochs; epoch++ {
		gradient(train, mg, eg, grad)
		for i := range grad {
			grad[i] += 2 * l2 * (params[i] - origin[i])
		}
		adam.step(params, grad)
		copy(mg, params[:n])
		copy(eg, params[n:])
		if check := loss(valid, mg, eg); check < bestCheck {
			bestCheck, bestEpoch = check, epoch
			copy(best, params)
		}
		if epoch%25 == 0 || epoch == epochs {
			_, _ = fmt.Fprintf(log, "epoch %d: error %.6f, check %.6f\n", epoch, loss(train, mg, eg), loss(valid, mg, eg))
		}
	}
	_, _ = fmt.Fprintf(log, "kept epoch %d: check %.6f\n", bestEpoch, bestCheck)
	return writeWeights(w, best[:n], best[n:])
}

// gradient fills g (mg weights, then eg) with the gradient of the mean
// squared error over samples.
func gradient(samples []sample, mg, eg, g []float64) {
	for i := range g {
		g[i] = 0
	}
	n := len(mg)
	k := math.Ln10 / 400
	for i := range samples {
		s := &samples[i]
		p := sigmoid(s.eval(mg, eg))
		d := 2 * (p - s.target) * p * (1 - p) * k / float64(len(samples))
		for j, idx := range s.idx {
			g[idx] += d * s.coef[j] * s.mgMul
			g[n+int(idx)] += d * s.coef[j] * s.egMul
		}
	}
}

// adam is the Adam optimizer (Kingma and Ba, 2014).
type adam struct {
	m, v  []float64
	t     int
	alpha float64
}

// newAdam returns an optimizer of n parameters with step size alpha.
func newAdam(n int, alpha float64) *adam {
	return &adam{m: make([]float64, n), v: make([]float64, n), alpha: alpha}
}

// step moves params against the gradient g.
func (a *adam) step(params, g []float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-12
	a.t++
	c1 := 1 - math.Pow(b1, float64(a.t))
	c2 := 1 - math.Pow(b2, float64(a.t))
	for i := range params {
		a.m[i] = b1*a.m[i] + (1-b1)*g[i]
		a.v[i] = b2*a.v[i] + (1-b2)*g[i]*g[i]
		params[i] -= a.alpha * (a.m[i] / c1) / (math.Sqrt(a.v[i]/c2) + eps)
	}
}

// writeWeights writes weights.go, gofmt'ed: every weight rounded, one a
// line, named.
func writeWeights(w io.Writer, mg, eg []float64) error {
	var b bytes.Buffer
	fmt.Fprintln(&b, "// Code generated by cmd/chesstune -fit (docs/chess.md gives the commands); DO NOT EDIT.")
	fmt.Fprintln(&b, "\npackage chess\n\n// weights are the evaluation's weights, indexed as evalterms.go lays them out.")
	fmt.Fprintln(&b, "var weights = [numWeights]S{")
	for i := range mg {
		fmt.Fprintf(&b, "\t{%d, %d}, // %s\n", int(math.Round(mg[i])), int(math.Round(eg[i])), chess.WeightName(i))
	}
	fmt.Fprintln(&b, "}")
	src, err := format.Source(b.Bytes())
	if err != nil {
		return err
	}
	_, err = w.Write(src)
	return err
}
