package main

import (
	"fmt"
	"math"
	"strings"

	"movesvc/engine/gomoku"
	"movesvc/engine/gomoku/lab"
)

// evalOf returns the weights' evaluation of a feature vector, as the
// engine computes it before clamping.
func evalOf(w *[gomoku.NumFeatures]float64, f *[gomoku.NumFeatures]int32) float64 {
	var v float64
	for i, x := range f {
		v += w[i] * float64(x)
	}
	return v
}

// sigmoid maps an evaluation to a predicted result at scale k.
func sigmoid(v, k float64) float64 { return 1 / (1 + math.Exp(-v/k)) }

// toFloat converts weights for fitting.
func toFloat(w lab.EvalWeights) (out [gomoku.NumFeatures]float64) {
	for i, x := range w {
		out[i] = float64(x)
	}
	return out
}

// loss returns the mean squared error of the weights' predictions.
func (s *samples) loss(w lab.EvalWeights, k float64) float64 {
	fw := toFloat(w)
	var sum float64
	for i := range s.features {
		d := sigmoid(evalOf(&fw, &s.features[i]), k) - s.results[i]
		sum += d * d
	}
	return sum / float64(s.len())
}

// fitScale returns the scale K in 10..5000 that minimises the loss of w,
// searched over a geometric grid of 2% steps.
func (s *samples) fitScale(w lab.EvalWeights) float64 {
	best, bestLoss := 0.0, math.Inf(1)
	for k := 10.0; k <= 5000; k *= 1.02 {
		if l := s.loss(w, k); l < bestLoss {
			best, bestLoss = k, l
		}
	}
	return best
}

// fit returns the weights that minimise the loss at scale k, by epochs of
// full-batch Adam (https://arxiv.org/abs/1412.6980) from w, rounded to
// integers. A step moves a weight by about rate divided by the feature's
// mean count, so that every weight's step changes evaluations by about rate
// (a count of single stones runs to hundreds, one of double threes to a
// few). Weights the evaluation does not use (see
// lab.EvalWeights) and those whose feature is zero throughout stay as
// they are.
func (s *samples) fit(w lab.EvalWeights, k float64, epochs int, rate float64) lab.EvalWeights {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	x := toFloat(w)
	var m, v, grad, step [gomoku.NumFeatures]float64
	n := float64(s.len())
	for i := range s.features {
		for j, c := range s.features[i] {
			step[j] += math.Abs(float64(c)) / n
		}
	}
	for j := range step {
		step[j] = rate / max(step[j], 1)
	}
	for t := 1; t <= epochs; t++ {
		grad = [gomoku.NumFeatures]float64{}
		for i := range s.features {
			f := &s.features[i]
			p := sigmoid(evalOf(&x, f), k)
			// d/dw (p - r)^2 = 2 (p - r) p (1 - p) / k * f
			g := 2 * (p - s.results[i]) * p * (1 - p) / k / n
			for j, c := range f {
				if c != 0 {
					grad[j] += g * float64(c)
				}
			}
		}
		for j := range x {
			if !lab.FeatureUsed(j) {
				continue
			}
			m[j] = beta1*m[j] + (1-beta1)*grad[j]
			v[j] = beta2*v[j] + (1-beta2)*grad[j]*grad[j]
			mh := m[j] / (1 - math.Pow(beta1, float64(t)))
			vh := v[j] / (1 - math.Pow(beta2, float64(t)))
			x[j] -= step[j] * mh / (math.Sqrt(vh) + eps)
		}
	}
	for j := range w {
		w[j] = int32(math.Round(x[j]))
	}
	return w
}

// perSide is the number of features of one player (see lab.EvalWeights).
const perSide = gomoku.NumFeatures / 2

// goSource returns the weights as the body of engine/gomoku/weights.go's
// table.
func goSource(w lab.EvalWeights) string {
	var sb strings.Builder
	for side, name := range []string{"Side to move", "Opponent"} {
		fmt.Fprintf(&sb, "\t// %s: patterns\n", name)
		for part, bounds := range [][2]int{{0, lab.PatternFeatures}, {lab.PatternFeatures, perSide}} {
			if part == 1 {
				fmt.Fprintf(&sb, "\t// %s: cell classes\n", name)
			}
			for j := bounds[0]; j < bounds[1]; j++ {
				fmt.Fprintf(&sb, "\t%d, // %s\n", w[side*perSide+j], lab.FeatureName(j))
			}
		}
	}
	return sb.String()
}
