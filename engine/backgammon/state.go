package backgammon

import (
	"errors"
	"strings"
	"sync"

	"movesvc/engine"
)

// State is a backgammon position as movesvc's engine.State: a chance node
// before the roll, whose moves are the 21 rolls (the 15 that are not
// doubles for the opening roll of a game from the start), and after it a
// node whose moves are the roll's plays, indexed in Position.Plays order.
// A roll's move is (high-1)*6 + (low-1). The doubling cube adds a move at a
// chance node, a double (not among LegalMoves: chance moves there), and a
// node for a double offered, whose moves are take and drop (cubestate.go).
type State struct {
	pos     Position
	opening bool // the first roll of a game from the start: never a double
	ply     int
	hist    []undo

	plays    []Play // the plays of the position whose hash is playsFor, when valid
	playsFor uint64
	valid    bool
	ev       *Evaluator
}

// undo is what Undo restores.
type undo struct {
	pos     Position
	opening bool
}

var (
	_ engine.State         = (*State)(nil)
	_ engine.Positioner    = (*State)(nil)
	_ engine.Viewer        = (*State)(nil)
	_ engine.MoveDescriber = (*State)(nil)
	_ engine.Ender         = (*State)(nil)
	_ engine.Chancer       = (*State)(nil)
	_ engine.Searcher      = (*State)(nil)
	_ engine.Analyzer      = (*State)(nil)
	_ engine.LevelDepther  = (*State)(nil)
	_ engine.LevelMarginer = (*State)(nil)
	_ engine.ExactScorer   = (*State)(nil)
	_ engine.Decider       = (*State)(nil)
)

// maxGamePlies caps RemainingPlies. A game of backgammon has no bound on
// its length (checkers can be hit back forever); the cap, far beyond any
// game played (rolls and plays count), only makes the count fall with each
// move as the contract asks. No search of this package uses it.
const maxGamePlies = 1 << 20

// Pos returns the position.
func (st *State) Pos() Position { return st.pos }

// ToMove returns the side on roll (to roll at a chance node), or the side
// to take or drop a double offered.
func (st *State) ToMove() engine.Player {
	if st.pos.Match.Doubled {
		return st.pos.Turn.Other()
	}
	return st.pos.Turn
}

// Ply returns the rolls and plays made since the position was set up.
func (st *State) Ply() int { return st.ply }

// Outcome is a loss for the side on roll once the other side has borne off
// every checker, and for the side that dropped a double.
func (st *State) Outcome() engine.Outcome {
	if st.pos.Dropped() {
		return engine.OutcomeLoss
	}
	return st.pos.Outcome()
}

// IsChance reports whether the side on roll has yet to roll (and has not
// offered a double).
func (st *State) IsChance() bool { return !st.pos.Over() && !st.pos.Rolled() && !st.pos.Match.Doubled }

// Probability returns the chance of the roll m: 1/18 for two different
// dice, 1/36 for a double, and 1/15 for each opening roll.
func (st *State) Probability(m engine.Move) float64 {
	hi, lo := rollDice(m)
	switch {
	case st.opening && hi == lo:
		return 0
	case st.opening:
		return 1.0 / 15
	case hi == lo:
		return 1.0 / 36
	}
	return 2.0 / 36
}

// rollMove returns the move of the roll hi-lo (hi >= lo).
func rollMove(hi, lo int) engine.Move { return engine.Move((hi-1)*6 + lo - 1) }

// rollDice returns the dice of a roll's move, the higher first.
func rollDice(m engine.Move) (hi, lo int) { return int(m)/6 + 1, int(m)%6 + 1 }

// LegalMoves appends the rolls at a chance node, take and drop at a double
// offered, else the plays of the roll (one, "pass", when nothing can
// move); none once the game is over.
func (st *State) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	switch {
	case st.pos.Over():
	case st.offered():
		buf = append(buf, moveTake, moveDrop)
	case st.IsChance():
		for hi := 1; hi <= 6; hi++ {
			for lo := 1; lo <= hi; lo++ {
				if !st.opening || hi != lo {
					buf = append(buf, rollMove(hi, lo))
				}
			}
		}
	default:
		for i := range st.current() {
			buf = append(buf, engine.Move(i))
		}
	}
	return buf
}

// gens are move generators for States to borrow: a MoveGen holds 512 KB
// of tables, too much for each of the many short-lived states a request
// or a test makes.
var gens = sync.Pool{New: func() any { return new(MoveGen) }}

// current returns the plays of the position's roll, generated once per
// position (kept across a Play and its Undo).
func (st *State) current() []Play {
	if h := st.pos.Hash(); !st.valid || st.playsFor != h {
		g := gens.Get().(*MoveGen)
		st.plays = append(st.plays[:0], st.pos.Plays(g)...)
		gens.Put(g)
		st.playsFor, st.valid = h, true
	}
	return st.plays
}

// MaxMoves is MaxPlays, the most plays a roll can have.
func (st *State) MaxMoves() int { return MaxPlays }

// RemainingPlies counts down from maxGamePlies.
func (st *State) RemainingPlies() int { return max(1, maxGamePlies-st.ply) }

// Play makes the roll, the play or the cube move m (moveRoll changes
// nothing).
func (st *State) Play(m engine.Move) {
	prev := undo{pos: st.pos, opening: st.opening}
	if st.isCubeMove(m) {
		st.playCube(m)
	} else if st.IsChance() {
		hi, lo := rollDice(m)
		st.pos.Dice = [2]int8{int8(hi), int8(lo)}
		st.opening = false
	} else {
		st.pos = st.pos.PlayTo(&st.current()[m])
	}
	st.hist = append(st.hist, prev)
	st.ply++
}

// Undo takes back the last roll or play.
func (st *State) Undo(engine.Move) {
	u := st.hist[len(st.hist)-1]
	st.hist = st.hist[:len(st.hist)-1]
	st.pos, st.opening = u.pos, u.opening
	st.ply--
}

// Evaluate returns the network's cubeless equity of the position before
// the roll for the side on roll, in millipoints.
func (st *State) Evaluate() int32 {
	if st.ev == nil {
		st.ev = NewEvaluator(DefaultNets())
	}
	p := st.ev.Probs(&st.pos.Board)
	return int32(p.Equity() * 1000)
}

// Hash covers the board, the side on roll, the dice, the cube and a
// double offered.
func (st *State) Hash() uint64 {
	h := st.pos.Hash()
	c := &st.pos.Cube
	if !c.Centered {
		h ^= splitmix(uint64(c.Owner) + 1)
	}
	h ^= splitmix(uint64(c.Value)<<8 | uint64(boolInt(st.pos.Match.Doubled))<<4 | uint64(st.pos.Match.GameState))
	return h
}

// ParseMove reads a roll at a chance node ("31", "3-1", "13") or a double
// ("double", where the side on roll may double), "take" or "drop" ("pass")
// at a double offered, else a play of the roll in any notation ParsePlay
// takes.
func (st *State) ParseMove(s string) (engine.Move, error) {
	if m, ok, err := st.parseCube(s); ok {
		return m, err
	}
	if st.IsChance() {
		return st.parseRoll(s)
	}
	i, err := ParsePlay("", s, st.current())
	if err != nil {
		return engine.NoMove, errors.New(parseMessage(err))
	}
	return engine.Move(i), nil
}

// rollSeparators are the characters a roll may have between its dice.
var rollSeparators = strings.NewReplacer("-", "", ",", "", " ", "")

// parseRoll reads two dice 1-6, in either order, joined or split by "-",
// "," or a space.
func (st *State) parseRoll(s string) (engine.Move, error) {
	t := rollSeparators.Replace(strings.TrimSpace(s))
	if len(t) != 2 || t[0] < '1' || t[0] > '6' || t[1] < '1' || t[1] > '6' {
		return engine.NoMove, errors.New("the side on roll has yet to roll: want a roll of two dice 1-6, such as \"31\"")
	}
	hi, lo := int(t[0]-'0'), int(t[1]-'0')
	if lo > hi {
		hi, lo = lo, hi
	}
	if st.opening && hi == lo {
		return engine.NoMove, errors.New("the opening roll is never a double")
	}
	return rollMove(hi, lo), nil
}

// FormatMove returns a roll as "31" (the higher die first), a play as
// FormatPlay writes it, and a cube move as "double", "roll" (no double),
// "take" or "drop".
func (st *State) FormatMove(m engine.Move) string {
	if st.isCubeMove(m) {
		return st.formatCube(m)
	}
	if st.IsChance() {
		hi, lo := rollDice(m)
		return string([]byte{byte('0' + hi), byte('0' + lo)})
	}
	return FormatPlay(&st.current()[m])
}

// Clone returns an independent copy (with its own move generator).
func (st *State) Clone() engine.State {
	c := &State{pos: st.pos, opening: st.opening, ply: st.ply}
	c.hist = append([]undo(nil), st.hist...)
	return c
}

// Position returns "positionID:matchID", GNU Backgammon's notation.
func (st *State) Position() string { return st.pos.String() }

// View returns the board as engine.BackgammonView: x's numbering, x's
// checkers positive.
func (st *State) View() any {
	j := st.pos.JSON()
	return engine.BackgammonView{Points: j.Points, Bar: [2]int{j.Bar.X, j.Bar.O}, Off: [2]int{j.Off.X, j.Off.O},
		Dice: j.Dice, Cube: j.Cube, CubeOwner: j.CubeOwner, MayDouble: st.mayDouble(), Doubled: st.offered()}
}

// DescribeMove gives a play's checker steps in the mover's numbering (25
// the bar, 0 off); a roll or a cube move has none.
func (st *State) DescribeMove(m engine.Move) engine.MoveView {
	if st.IsChance() || st.offered() {
		return engine.MoveView{}
	}
	pl := &st.current()[m]
	steps := make([]engine.Step, pl.N)
	for k := range steps {
		s := pl.Steps[k]
		steps[k] = engine.Step{From: int(s.From) + 1, To: int(s.To) + 1, Hit: pl.Hits&(1<<k) != 0}
	}
	return engine.MoveView{Steps: steps}
}

// EndReason names the win once the game is over: "single", "gammon" or
// "backgammon", or "drop" for a double dropped.
func (st *State) EndReason() string {
	if st.pos.Dropped() {
		return "drop"
	}
	switch st.pos.Board.WinKind(1) {
	case Single:
		return "single"
	case Gammon:
		return "gammon"
	case Backgammon:
		return "backgammon"
	}
	return ""
}
