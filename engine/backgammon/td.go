package backgammon

// Trainer improves a pair of networks by self-play with TD(λ) (Sutton,
// "Learning to Predict by the Methods of Temporal Differences", 1988;
// Tesauro's TD-Gammon), in its forward view: each game is played greedily at
// 0-ply with the weights fixed, then every position the networks evaluated
// is moved towards its λ-return, computed backwards from the result
// (G_t = (1-λ)·V_{t+1} + λ·G_{t+1}, G = the result at the end), which is the
// offline λ-return algorithm (Sutton and Barto, "Reinforcement Learning",
// 2nd ed., §12.1) and costs one sparse gradient step per position instead of
// dense eligibility traces. Values are kept from the first player's side for
// the returns and turned to the mover's side for each update. A Trainer is
// deterministic: the same seed and settings give the same weights.
type Trainer struct {
	Nets   Nets
	Alpha  float32 // learning rate of the next games
	Lambda float32 // trace decay λ

	rng  *Rand
	ev   *Evaluator
	gen  MoveGen
	hist []trainStep
	act  Activations
	dh   []float32
}

// trainStep is one position of a game: the side on roll (0: the first
// player), its value from the first player's side, and when a network
// evaluated it, the inputs and which network.
type trainStep struct {
	mover int
	v0    Probs
	net   *Net
	in    Inputs
}

// GameStats is what one training game did: its plies, its result for the
// first player in points, and the mean squared error of the network
// positions' values against their λ-returns, before the update.
type GameStats struct {
	Plies  int
	Points int
	SqErr  float64
	Evals  int
}

// NewTrainer returns a trainer of nets whose dice come from seed.
func NewTrainer(nets Nets, seed uint64, alpha, lambda float32) *Trainer {
	h := max(nets.Contact.Hidden, nets.Race.Hidden)
	return &Trainer{Nets: nets, Alpha: alpha, Lambda: lambda, rng: NewRand(seed),
		ev: NewEvaluator(nets), act: Activations{H: make([]float32, h)}, dh: make([]float32, h)}
}

// PlayGame plays one self-play game from the opening position and trains on
// it.
func (t *Trainer) PlayGame() GameStats {
	t.hist = t.hist[:0]
	b := StartBoard
	mover := 0
	v := t.ev.Probs(&b)
	var z Probs
	plies := 0
	for {
		t.push(&b, mover, v)
		d1, d2 := t.rng.Dice()
		best, bestP := BestPlay0(t.ev, &t.gen, &b, d1, d2)
		plies++
		if best.Result.OnBoard(0) == 0 {
			z = bestP
			if mover == 1 {
				z = z.Flip()
			}
			break
		}
		b = best.Result.Swapped()
		mover ^= 1
		v = bestP.Flip()
	}
	st := GameStats{Plies: plies, Points: resultPoints(&z), Evals: int(t.ev.Evals)}
	t.ev.Evals = 0
	st.SqErr = t.learn(&z)
	return st
}

// push records position b (mover on roll, value v from its side).
func (t *Trainer) push(b *Board, mover int, v Probs) {
	t.hist = append(t.hist, trainStep{})
	s := &t.hist[len(t.hist)-1]
	s.mover = mover
	s.v0 = v
	if mover == 1 {
		s.v0 = v.Flip()
	}
	switch Classify(b) {
	case ClassContact:
		s.net = t.Nets.Contact
	case ClassRace:
		s.net = t.Nets.Race
	default:
		s.net = nil
		return
	}
	s.in.EncodeFor(b, s.net.Inputs)
}

// learn moves each network position towards its λ-return and returns the
// mean squared error before the updates.
func (t *Trainer) learn(z *Probs) float64 {
	g := *z
	sum, n := 0.0, 0
	for i := len(t.hist) - 1; i >= 0; i-- {
		s := &t.hist[i]
		if s.net != nil {
			target := g
			if s.mover == 1 {
				target = target.Flip()
			}
			sum += t.update(s.net, &s.in, &target)
			n++
		}
		for k := range g {
			g[k] = (1-t.Lambda)*s.v0[k] + t.Lambda*g[k]
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// update takes one gradient step of n on in towards target (squared error
// of each sigmoid output) and returns the squared error before it.
func (t *Trainer) update(n *Net, in *Inputs, target *Probs) float64 {
	y := n.Forward(in, &t.act)
	H := n.Hidden
	h := t.act.H[:H]
	dh := t.dh[:H]
	clear(dh)
	sq := 0.0
	for o := 0; o < NumOutputs; o++ {
		e := target[o] - y[o]
		sq += float64(e * e)
		c := t.Alpha * e * y[o] * (1 - y[o])
		row := n.W2[o*H:][:H]
		for j := range row {
			dh[j] += c * row[j]
			row[j] += c * h[j]
		}
		n.B2[o] += c
	}
	for j := range dh {
		dh[j] *= h[j] * (1 - h[j])
		n.B1[j] += dh[j]
	}
	for k := 0; k < in.N; k++ {
		axpy(n.W1[int(in.Idx[k])*H:][:H], dh, in.Val[k])
	}
	return sq
}

// resultPoints returns the points a finished game's probabilities z (0 or 1
// each) score for their side: ±1, 2 or 3.
func resultPoints(z *Probs) int {
	if z[OutWin] > 0.5 {
		return 1 + int(z[OutWinGammon]+0.5) + int(z[OutWinBackgammon]+0.5)
	}
	return -1 - int(z[OutLoseGammon]+0.5) - int(z[OutLoseBackgammon]+0.5)
}

// BestPlay0 returns the play of roll d1-d2 in b (b[0] on roll) with the
// highest cubeless equity at 0-ply, and its probabilities for the mover; the
// first such play in generation order on ties.
func BestPlay0(ev *Evaluator, g *MoveGen, b *Board, d1, d2 int) (*Play, Probs) {
	plays := g.Generate(b, d1, d2)
	best := 0
	bestP := ev.PlayProbs(b, &plays[0])
	bestE := bestP.Equity()
	for i := 1; i < len(plays); i++ {
		p := ev.PlayProbs(b, &plays[i])
		if e := p.Equity(); e > bestE {
			best, bestP, bestE = i, p, e
		}
	}
	return &plays[best], bestP
}
