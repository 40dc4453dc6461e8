package backgammon

import (
	"bytes"
	_ "embed"
	"sync"
)

// The embedded networks, written by cmd/bgtrain (docs/backgammon.md says how
// they were trained).
var (
	//go:embed weights/contact.bgn
	contactWeights []byte
	//go:embed weights/race.bgn
	raceWeights []byte
)

// Nets is the pair of networks an evaluation uses: Contact while the sides
// can still hit each other, Race after.
type Nets struct {
	Contact, Race *Net
}

var (
	netsOnce sync.Once
	netsData Nets
)

// DefaultNets returns the embedded networks, read on first use.
func DefaultNets() Nets {
	netsOnce.Do(func() {
		var err error
		if netsData.Contact, err = ReadNet(bytes.NewReader(contactWeights)); err != nil {
			panic("backgammon: embedded contact network: " + err.Error())
		}
		if netsData.Race, err = ReadNet(bytes.NewReader(raceWeights)); err != nil {
			panic("backgammon: embedded race network: " + err.Error())
		}
	})
	return netsData
}

// Class is which evaluator a position uses.
type Class int8

// The classes of positions: a finished game, a race both of whose sides are
// in the bearoff database, another race, a position with contact.
const (
	ClassOver Class = iota
	ClassBearoff
	ClassRace
	ClassContact
)

// Classify returns the class of b.
func Classify(b *Board) Class {
	if b.OnBoard(0) == 0 || b.OnBoard(1) == 0 {
		return ClassOver
	}
	if b.Contact() {
		return ClassContact
	}
	if b.inBearoff(0) && b.inBearoff(1) {
		return ClassBearoff
	}
	return ClassRace
}

// Evaluator evaluates positions at 0-ply: the bearoff database for races in
// it, the race or contact network otherwise. It holds scratch buffers, so it
// is not safe for concurrent use; Evals counts the evaluations it made.
type Evaluator struct {
	nets  Nets
	bo    *bearoffTable
	in    Inputs
	act   Activations
	Evals uint64

	// The position before the plays being evaluated, and for each
	// network its inputs and hidden pre-activations with the other side
	// on roll: PlayProbs adds only the inputs a play changes.
	before Board
	base   [2]netBase
}

// netBase is a network's view of Evaluator.before.
type netBase struct {
	valid bool
	in    Inputs
	pre   []float32
}

// NewEvaluator returns an evaluator using nets.
func NewEvaluator(nets Nets) *Evaluator {
	h := max(nets.Contact.Hidden, nets.Race.Hidden)
	return &Evaluator{nets: nets, bo: bearoffDB(), act: Activations{H: make([]float32, h)},
		base: [2]netBase{{pre: make([]float32, h)}, {pre: make([]float32, h)}}}
}

// Probs returns the outcome probabilities of b for b[0], on roll. A finished
// game gives its result.
func (e *Evaluator) Probs(b *Board) Probs {
	e.Evals++
	switch Classify(b) {
	case ClassOver:
		return overProbs(b)
	case ClassBearoff:
		return e.bo.bearoffProbs(b)
	case ClassRace:
		return e.netProbs(e.nets.Race, b)
	default:
		return e.netProbs(e.nets.Contact, b)
	}
}

func (e *Evaluator) netProbs(n *Net, b *Board) Probs {
	e.in.EncodeFor(b, n.Inputs)
	p := n.Forward(&e.in, &e.act)
	if !b.Contact() {
		// No contact: nothing can be hit any more, so no backgammon
		// unless a checker is already stuck behind.
		raceBackgammons(b, &p)
	}
	p.clamp()
	return p
}

// raceBackgammons zeroes the backgammon chances a race cannot have: a side
// can only be backgammoned while it has checkers in the other's home board.
func raceBackgammons(b *Board, p *Probs) {
	if !hasInHomeOf(b, 1) {
		p[OutWinBackgammon] = 0
	}
	if !hasInHomeOf(b, 0) {
		p[OutLoseBackgammon] = 0
	}
}

// hasInHomeOf reports whether side s has a checker on the bar or in the
// other side's home board.
func hasInHomeOf(b *Board, s int) bool {
	for i := 18; i < slots; i++ {
		if b[s][i] > 0 {
			return true
		}
	}
	return false
}

// overProbs returns the result of a finished game for b[0].
func overProbs(b *Board) Probs {
	var p Probs
	if k := b.WinKind(0); k > 0 {
		p[OutWin] = 1
		p[OutWinGammon] = b2f(k >= Gammon)
		p[OutWinBackgammon] = b2f(k >= Backgammon)
		return p
	}
	k := b.WinKind(1)
	p[OutLoseGammon] = b2f(k >= Gammon)
	p[OutLoseBackgammon] = b2f(k >= Backgammon)
	return p
}

func b2f(v bool) float32 {
	if v {
		return 1
	}
	return 0
}

// PlayProbs returns the outcome probabilities for the mover after play p
// from position before (b[0] the mover): the result of the game if p ends
// it, else the evaluation of the position with the other side on roll, seen
// from the mover. Successive calls with the same before share the work of
// the inputs the plays leave unchanged.
func (e *Evaluator) PlayProbs(before *Board, p *Play) Probs {
	if p.Result.OnBoard(0) == 0 {
		return overProbs(&p.Result)
	}
	sw := p.Result.Swapped()
	var q Probs
	switch Classify(&sw) {
	case ClassContact:
		q = e.netProbsFrom(0, e.nets.Contact, before, &sw)
	case ClassRace:
		q = e.netProbsFrom(1, e.nets.Race, before, &sw)
	default:
		q = e.Probs(&sw)
	}
	return q.Flip()
}

// netProbsFrom evaluates b with network n, from the pre-activations of
// before (swapped) plus the rows of the inputs that differ.
func (e *Evaluator) netProbsFrom(k int, n *Net, before, b *Board) Probs {
	e.Evals++
	if *before != e.before {
		e.before = *before
		e.base[0].valid, e.base[1].valid = false, false
	}
	base := &e.base[k]
	if !base.valid {
		sw := before.Swapped()
		base.in.EncodeFor(&sw, n.Inputs)
		n.preActivate(&base.in, base.pre)
		base.valid = true
	}
	e.in.EncodeFor(b, n.Inputs)
	h := e.act.H[:n.Hidden]
	copy(h, base.pre[:n.Hidden])
	n.addDiff(h, &base.in, &e.in)
	p := n.finish(&e.act)
	if !b.Contact() {
		raceBackgammons(b, &p)
	}
	p.clamp()
	return p
}
