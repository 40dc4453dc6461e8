package backgammon

import (
	"context"
	"errors"
)

// Cube decisions for money play, from the cubeless probabilities of the
// position before the roll, by Janowski's model ("Take-Points in Money
// Games", R. Janowski, 1993): the cubeful equity is the cubeless (dead
// cube) equity and a live-cube equity mixed by a cube efficiency x; the
// live-cube equity is piecewise linear in the chance of winning between the
// take point and the cash point, which the average values of a win (W) and
// a loss (L) fix:
//
//	take point TP = (L - 1/2) / (W + L + 1/2)     (the side on roll's chance below which it should pass)
//	cash point CP = (L + 1)   / (W + L + 1/2)     (above which the other side should pass)
//
// Equities are per unit of the current cube, for the side on roll.

// ErrCubeMatch is CubeDecision's error for match play, which needs a match
// equity table the package does not have.
var ErrCubeMatch = errors.New("backgammon: cube decisions are for money play only")

// ErrCubeNotYours is CubeDecision's error when the side on roll cannot
// double: the other side owns the cube, or the dice are already rolled.
var ErrCubeNotYours = errors.New("backgammon: the side on roll cannot double now")

// CubeAction is a money cube decision for the side on roll before its roll.
type CubeAction struct {
	Probs    Probs   // cubeless outcome probabilities
	Cubeless float64 // cubeless equity
	Ply      int     // lookahead of Probs
	// NoDouble, DoubleTake and DoublePass are the side on roll's cubeful
	// equities (per current cube) after each action.
	NoDouble, DoubleTake, DoublePass float64
	Double                           bool // the side on roll should double
	Take                             bool // the other side should take a double
	// Action is the decision in words: "no double, take", "double, take",
	// "double, pass", "too good, pass" (no double: playing on for the
	// gammon is worth more than the cash), "no double, pass".
	Action string
	// Nodes counts the evaluations made; DeadlineHit reports that ctx
	// ended before the lookahead asked for was reached (Ply is then the
	// deepest completed).
	Nodes       uint64
	DeadlineHit bool
}

// CubeDecision evaluates pos (money play, no dice, the cube centered or the
// side on roll's) at the lookahead of lim.Depth (as Search: 1 is 0-ply, 2
// is 1-ply, 3 is 2-ply) and returns the cube action. The Jacoby rule
// (gammons count only once the cube is turned) applies in money play unless
// pos.Match.NoJacoby.
func CubeDecision(ctx context.Context, pos *Position, lim Limits) (CubeAction, error) {
	if pos.Match.Length != 0 {
		return CubeAction{}, ErrCubeMatch
	}
	if pos.Rolled() || (!pos.Cube.Centered && pos.Cube.Owner != pos.Turn) {
		return CubeAction{}, ErrCubeNotYours
	}
	if pos.Over() {
		return CubeAction{}, ErrOver
	}
	depth := lim.Depth
	if depth <= 0 {
		depth = defaultDepth
	}
	s := newSearcher(ctx, lim)
	var a CubeAction
	for ply := 0; ply < min(depth, maxDepth); ply++ {
		p := s.evalPly(&pos.Board, ply)
		if s.aborted && ply > 0 {
			break
		}
		a.Probs, a.Ply = p, ply
	}
	a.Nodes, a.DeadlineHit = s.nodes(), s.hitTime
	searchers.Put(s)
	jacoby := pos.Cube.Centered && !pos.Match.NoJacoby
	a.decide(cubeEfficiency(&pos.Board), pos.Cube.Centered, jacoby)
	return a, nil
}

// cubeEfficiency returns Janowski's x for b: how much of the live cube's
// value the side holding it realises.
func cubeEfficiency(b *Board) float64 {
	if !b.Contact() {
		return raceCubeEfficiency
	}
	return contactCubeEfficiency
}

// decide fills the equities and the action from a.Probs with efficiency x,
// the cube centered or the side on roll's.
func (a *CubeAction) decide(x float64, centered, jacoby bool) {
	p := a.Probs
	a.Cubeless = float64(p.Equity())
	win, lose := float64(p[OutWin]), 1-float64(p[OutWin])
	w, l := 1.0, 1.0
	if win > 0 {
		w = (win + float64(p[OutWinGammon]+p[OutWinBackgammon])) / win
	}
	if lose > 0 {
		l = (lose + float64(p[OutLoseGammon]+p[OutLoseBackgammon])) / lose
	}
	dead := a.Cubeless
	ndW, ndL, ndDead := w, l, dead
	if jacoby {
		// Before the cube is turned gammons count as single games.
		ndW, ndL, ndDead = 1, 1, 2*win-1
	}
	live := liveOurs(win, w, l)
	if centered {
		live = liveCentered(win, ndW, ndL)
	}
	a.NoDouble = (1-x)*ndDead + x*live
	a.DoubleTake = 2 * ((1-x)*dead + x*liveTheirs(win, w, l))
	a.DoublePass = 1
	a.Take = a.DoubleTake <= a.DoublePass
	a.Double = min(a.DoubleTake, a.DoublePass) > a.NoDouble
	switch {
	case a.Double && a.Take:
		a.Action = "double, take"
	case a.Double:
		a.Action = "double, pass"
	case !a.Take:
		a.Action = "too good, pass"
		if a.NoDouble <= a.DoublePass {
			a.Action = "no double, pass"
		}
	default:
		a.Action = "no double, take"
	}
}

// takePoint and cashPoint return the live-cube take and cash points for the
// side on roll with average win w and loss l.
func takePoint(w, l float64) float64 { return (l - 0.5) / (w + l + 0.5) }
func cashPoint(w, l float64) float64 { return (l + 1) / (w + l + 0.5) }

// liveCentered is the live-cube equity with the cube centered: -1 at the
// take point and below (the other side doubles us out), +1 at the cash
// point and above, linear between.
func liveCentered(p, w, l float64) float64 {
	tp, cp := takePoint(w, l), cashPoint(w, l)
	return interp(p, tp, -1, cp, 1)
}

// liveOurs is the live-cube equity with the side on roll owning the cube:
// linear from -L at a sure loss up to +1 at the cash point.
func liveOurs(p, w, l float64) float64 {
	return interp(p, 0, -l, cashPoint(w, l), 1)
}

// liveTheirs is the live-cube equity with the other side owning the cube:
// -1 at the take point and below, linear up to W at a sure win.
func liveTheirs(p, w, l float64) float64 {
	return interp(p, takePoint(w, l), -1, 1, w)
}

// interp is the line through (x0, y0) and (x1, y1) at p, flat outside.
func interp(p, x0, y0, x1, y1 float64) float64 {
	switch {
	case p <= x0:
		return y0
	case p >= x1:
		return y1
	}
	return y0 + (y1-y0)*(p-x0)/(x1-x0)
}
