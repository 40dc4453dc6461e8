package backgammon

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// The five outputs of the network and of every evaluation, for the side on
// roll: it wins, wins a gammon or better, wins a backgammon, loses a gammon
// or worse, loses a backgammon.
const (
	OutWin = iota
	OutWinGammon
	OutWinBackgammon
	OutLoseGammon
	OutLoseBackgammon
	NumOutputs
)

// Probs is the five outcome probabilities of a position for the side on
// roll, indexed by OutWin.. OutLoseBackgammon.
type Probs [NumOutputs]float32

// Equity returns the cubeless money equity of p: points won per game.
func (p *Probs) Equity() float32 {
	return 2*p[OutWin] - 1 + p[OutWinGammon] - p[OutLoseGammon] + p[OutWinBackgammon] - p[OutLoseBackgammon]
}

// Flip returns p as the other side sees it.
func (p *Probs) Flip() Probs {
	return Probs{1 - p[OutWin], p[OutLoseGammon], p[OutLoseBackgammon], p[OutWinGammon], p[OutWinBackgammon]}
}

// clamp makes p consistent: each probability in [0,1], backgammons no more
// than gammons, gammons no more than the games won or lost.
func (p *Probs) clamp() {
	for i := range p {
		p[i] = min(max(p[i], 0), 1)
	}
	p[OutWinGammon] = min(p[OutWinGammon], p[OutWin])
	p[OutWinBackgammon] = min(p[OutWinBackgammon], p[OutWinGammon])
	p[OutLoseGammon] = min(p[OutLoseGammon], 1-p[OutWin])
	p[OutLoseBackgammon] = min(p[OutLoseBackgammon], p[OutLoseGammon])
}

// Net is a network of one hidden layer of sigmoid units and five sigmoid
// outputs. W1 is input-major (W1[i*Hidden+h]) so that a sparse input adds
// one contiguous row per non-zero unit; W2 is output-major.
type Net struct {
	Inputs, Hidden int
	W1             []float32
	B1             []float32
	W2             []float32
	B2             []float32
}

// NewNet returns a network of the given shape with weights drawn uniformly
// from ±scale by a generator seeded with seed.
func NewNet(inputs, hidden int, seed uint64, scale float32) *Net {
	n := &Net{Inputs: inputs, Hidden: hidden,
		W1: make([]float32, inputs*hidden), B1: make([]float32, hidden),
		W2: make([]float32, NumOutputs*hidden), B2: make([]float32, NumOutputs)}
	r := NewRand(seed)
	for _, w := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		for i := range w {
			w[i] = (2*float32(r.Float64()) - 1) * scale
		}
	}
	return n
}

// Activations holds a forward pass: the hidden units and the outputs.
type Activations struct {
	H   []float32
	Out Probs
}

// NewActivations returns activations sized for n.
func (n *Net) NewActivations() *Activations {
	return &Activations{H: make([]float32, n.Hidden)}
}

// Forward computes n on in into a and returns the outputs, unclamped.
func (n *Net) Forward(in *Inputs, a *Activations) Probs {
	n.preActivate(in, a.H)
	return n.finish(a)
}

// preActivate sets h to the hidden layer's weighted sums on in.
func (n *Net) preActivate(in *Inputs, h []float32) {
	h = h[:n.Hidden]
	copy(h, n.B1)
	for k := 0; k < in.N; k++ {
		n.addRow(h, int(in.Idx[k]), in.Val[k])
	}
}

// addRow adds v times input i's row of W1 to h.
func (n *Net) addRow(h []float32, i int, v float32) {
	axpy(h, n.W1[i*n.Hidden:][:len(h)], v)
}

// axpy adds v times x to y (len(x) >= len(y)), eight lanes at a time: each
// element's sum is the one a plain loop gives.
func axpy(y, x []float32, v float32) {
	x = x[:len(y)]
	for len(y) >= 8 {
		yy, xx := y[:8:8], x[:8:8]
		yy[0] += xx[0] * v
		yy[1] += xx[1] * v
		yy[2] += xx[2] * v
		yy[3] += xx[3] * v
		yy[4] += xx[4] * v
		yy[5] += xx[5] * v
		yy[6] += xx[6] * v
		yy[7] += xx[7] * v
		y, x = y[8:], x[8:]
	}
	for j := range y {
		y[j] += x[j] * v
	}
}

// dot returns s plus the dot product of x and y (len(y) >= len(x)), summed
// in index order, unrolled.
func dot(s float32, x, y []float32) float32 {
	y = y[:len(x)]
	for len(x) >= 4 {
		xx, yy := x[:4:4], y[:4:4]
		s += xx[0] * yy[0]
		s += xx[1] * yy[1]
		s += xx[2] * yy[2]
		s += xx[3] * yy[3]
		x, y = x[4:], y[4:]
	}
	for j := range x {
		s += x[j] * y[j]
	}
	return s
}

// addDiff turns h, the weighted sums on from, into those on to: both input
// lists are in increasing index order, so one merge finds what differs.
func (n *Net) addDiff(h []float32, from, to *Inputs) {
	h = h[:n.Hidden]
	i, j := 0, 0
	for i < from.N || j < to.N {
		switch {
		case j == to.N || (i < from.N && from.Idx[i] < to.Idx[j]):
			n.addRow(h, int(from.Idx[i]), -from.Val[i])
			i++
		case i == from.N || to.Idx[j] < from.Idx[i]:
			n.addRow(h, int(to.Idx[j]), to.Val[j])
			j++
		default:
			if d := to.Val[j] - from.Val[i]; d != 0 {
				n.addRow(h, int(to.Idx[j]), d)
			}
			i++
			j++
		}
	}
}

// finish applies the hidden sigmoid to a.H (the weighted sums) and
// computes the outputs.
func (n *Net) finish(a *Activations) Probs {
	h := a.H[:n.Hidden]
	for j := range h {
		h[j] = sigmoid(h[j])
	}
	for o := 0; o < NumOutputs; o++ {
		a.Out[o] = sigmoid(dot(n.B2[o], n.W2[o*n.Hidden:][:n.Hidden], h))
	}
	return a.Out
}

// Grow returns a copy of n reading inputs inputs (at least n's): the new
// inputs' weights are zero, so it evaluates as n does until trained.
func (n *Net) Grow(inputs int) *Net {
	g := *n
	g.Inputs = max(inputs, n.Inputs)
	g.W1 = make([]float32, g.Inputs*n.Hidden)
	copy(g.W1, n.W1)
	g.B1 = append([]float32(nil), n.B1...)
	g.W2 = append([]float32(nil), n.W2...)
	g.B2 = append([]float32(nil), n.B2...)
	return &g
}

// NumWeights returns how many parameters n has.
func (n *Net) NumWeights() int { return len(n.W1) + len(n.B1) + len(n.W2) + len(n.B2) }

// sigmoid tables 1/(1+e^-x) on [-sigRange, sigRange] at sigSteps points per
// unit with linear interpolation (max error under 1e-5), so that an
// evaluation calls no exp.
const (
	sigRange = 16
	sigSteps = 64
)

var sigTable [2*sigRange*sigSteps + 2]float32

func init() {
	for i := range sigTable {
		x := float64(i)/sigSteps - sigRange
		sigTable[i] = float32(1 / (1 + math.Exp(-x)))
	}
}

func sigmoid(x float32) float32 {
	if x <= -sigRange {
		return sigTable[0]
	}
	if x >= sigRange {
		return sigTable[len(sigTable)-2]
	}
	f := (x + sigRange) * sigSteps
	i := int(f)
	t := f - float32(i)
	return sigTable[i] + t*(sigTable[i+1]-sigTable[i])
}

// netMagic starts a network file: "BGN1", then inputs, hidden and outputs
// as uint32, then W1, B1, W2, B2 as float32, all little-endian.
const netMagic = "BGN1"

// WriteTo writes n in its binary file format.
func (n *Net) WriteTo(w io.Writer) (int64, error) {
	hdr := []uint32{uint32(n.Inputs), uint32(n.Hidden), NumOutputs}
	if _, err := io.WriteString(w, netMagic); err != nil {
		return 0, err
	}
	if err := binary.Write(w, binary.LittleEndian, hdr); err != nil {
		return 4, err
	}
	for _, p := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		if err := binary.Write(w, binary.LittleEndian, p); err != nil {
			return 0, err
		}
	}
	return int64(16 + 4*n.NumWeights()), nil
}

// ReadNet reads a network written by WriteTo.
func ReadNet(r io.Reader) (*Net, error) {
	var magic [4]byte
	if _, err := io.ReadFull(r, magic[:]); err != nil {
		return nil, fmt.Errorf("network file: %w", err)
	}
	if string(magic[:]) != netMagic {
		return nil, errors.New("network file: bad magic")
	}
	var hdr [3]uint32
	if err := binary.Read(r, binary.LittleEndian, &hdr); err != nil {
		return nil, fmt.Errorf("network file: %w", err)
	}
	if hdr[0] == 0 || hdr[0] > 4096 || hdr[1] == 0 || hdr[1] > 4096 || hdr[2] != NumOutputs {
		return nil, fmt.Errorf("network file: bad shape %v", hdr)
	}
	n := &Net{Inputs: int(hdr[0]), Hidden: int(hdr[1]),
		W1: make([]float32, hdr[0]*hdr[1]), B1: make([]float32, hdr[1]),
		W2: make([]float32, NumOutputs*hdr[1]), B2: make([]float32, NumOutputs)}
	for _, p := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		if err := binary.Read(r, binary.LittleEndian, p); err != nil {
			return nil, fmt.Errorf("network file: %w", err)
		}
	}
	return n, nil
}
