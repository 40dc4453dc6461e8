package chess

// Trace records the terms of one evaluation for the tuner: the count of
// each weight for White less the count for Black, the game phase and the
// endgame scale.
type Trace struct {
	Coef  [numWeights]int32
	Phase int32
	Scale int32
}

// add records n uses of weight i by c.
func (t *Trace) add(c Color, i int, n int32) {
	if c == White {
		t.Coef[i] += n
	} else {
		t.Coef[i] -= n
	}
}

// NumWeights is the number of evaluation weights.
const NumWeights = numWeights

// Weights returns a copy of the evaluation's weights, indexed as the trace
// is (WeightName names them).
func Weights() []S { return append([]S(nil), weights[:]...) }

// EvaluateTrace evaluates p with the weights w (len NumWeights), recording
// every term in tr, and returns the side to move's score as Evaluate would
// with those weights.
func EvaluateTrace(p *Position, w []S, tr *Trace) int32 {
	var ws [numWeights]S
	copy(ws[:], w)
	packed := packWeights(&ws)
	*tr = Trace{}
	var e evaluator
	return e.evaluate(p, &packed, tr)
}

// MaxPhase is the game phase of a position with every piece: the blend is
// (mg*Phase + eg*Scale/64*(MaxPhase-Phase)) / MaxPhase.
const MaxPhase = maxPhase

// Quiet reports whether the position suits evaluation tuning: the side to
// move is not in check and has no promotion and no capture that wins
// material by SEE, so that the static evaluation stands for it.
func (p *Position) Quiet() bool {
	ci := p.checkInfo()
	if ci.checkers != 0 {
		return false
	}
	var l MoveList
	p.generate(&l, genNoisy, &ci)
	for _, m := range l.Slice() {
		if m.Promotion() != NoPieceType || p.seeGE(m, 1) {
			return false
		}
	}
	return true
}
