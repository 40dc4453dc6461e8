package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/gomoku/lab"
)

// matchConfig describes a match between two players.
type matchConfig struct {
	games  int
	seed   uint64
	stones int // stones in each random opening
	size   int
	rule   string
	// balance, when on, keeps only the openings a search scores within
	// its window (see balanceWindow).
	balance balanceWindow
	// list, when it holds openings, is played in order in place of random
	// openings (seed, stones and balance then unused).
	list   openingList
	onGame func(gameRecord) // called after every game, when set
}

// gameRecord is one finished game.
type gameRecord struct {
	opening []string
	moves   []string
	xIsA    bool
	winner  int // 0: player a, 1: player b, -1: draw
	// forfeit, when set, says why the loser forfeited: an outside brain
	// that did not answer in time, or answered with no legal move.
	forfeit string
}

// String describes the game on one line.
func (g gameRecord) String() string {
	x, o := "a", "b"
	if !g.xIsA {
		x, o = o, x
	}
	result := "draw"
	if g.winner >= 0 {
		result = "ab"[g.winner:g.winner+1] + " wins"
	}
	if g.forfeit != "" {
		result += fmt.Sprintf(" (%s forfeits: %s)", "ba"[g.winner:g.winner+1], g.forfeit)
	}
	return fmt.Sprintf("x=%s o=%s %s after %d moves: %s | %s", x, o, result, len(g.opening)+len(g.moves),
		strings.Join(g.opening, " "), strings.Join(g.moves, " "))
}

// tally counts one player's wins, losses and draws.
type tally struct{ wins, losses, draws int }

// add counts a game won by winner (0: the player, 1: its opponent, -1: a
// draw).
func (t *tally) add(winner int) {
	switch winner {
	case 0:
		t.wins++
	case 1:
		t.losses++
	default:
		t.draws++
	}
}

// matchResult is the score of a match, from player a's side.
type matchResult struct {
	tally
	nodes    [2]uint64
	elapsed  [2]time.Duration
	longest  [2]time.Duration // the longest move of each side
	moves    [2]int
	phases   [2][numPhases]depthCount // the completed depth of each side's searched moves, by the phase of the game (phaseOf)
	forfeits [2]int
	games    []gameRecord
}

// score returns a's points per game: 1 a win, 0.5 a draw.
func (r matchResult) score() float64 {
	n := r.wins + r.losses + r.draws
	if n == 0 {
		return 0.5
	}
	return (float64(r.wins) + float64(r.draws)/2) / float64(n)
}

// elo returns the rating difference of a over b implied by the score, and
// its 95% margin, clamped for a score of 0 or 1.
func (r matchResult) elo() (diff, margin float64) {
	n := float64(r.wins + r.losses + r.draws)
	s := min(max(r.score(), 0.5/n), 1-0.5/n)
	diff = -400 * math.Log10(1/s-1)
	sd := math.Sqrt(s * (1 - s) / n)
	hi := min(s+1.96*sd, 1-0.5/n)
	margin = -400*math.Log10(1/hi-1) - diff
	return diff, margin
}

// pairCounts classify a match's opening pairs (each opening played once
// with a as x, once with b as x) by who won both games: a player, which
// tells the players apart, or a colour, which does not.
type pairCounts struct {
	a, b      int // one player won both games
	x, o      int // one colour won both games
	withDraws int // a game of the pair was drawn
}

// pairs classifies the match's opening pairs (games 2i and 2i+1).
func (r matchResult) pairs() pairCounts {
	var c pairCounts
	for i := 0; i+1 < len(r.games); i += 2 {
		g, h := r.games[i], r.games[i+1]
		switch {
		case g.winner < 0 || h.winner < 0:
			c.withDraws++
		case g.winner == h.winner && g.winner == 0:
			c.a++
		case g.winner == h.winner:
			c.b++
		case g.xWon():
			c.x++
		default:
			c.o++
		}
	}
	return c
}

// byColour returns player a's results as x ([0]) and as o ([1]): whether
// its results depend on the colour, which the total hides.
func (r matchResult) byColour() [2]tally {
	var c [2]tally
	for _, g := range r.games {
		if g.xIsA {
			c[0].add(g.winner)
		} else {
			c[1].add(g.winner)
		}
	}
	return c
}

// xWon reports whether x won g.
func (g gameRecord) xWon() bool { return g.winner >= 0 && (g.winner == 0) == g.xIsA }

// report returns the match summary.
func (r matchResult) report(a, b player) string {
	var sb strings.Builder
	diff, margin := r.elo()
	fmt.Fprintf(&sb, "a: %s\nb: %s\n", a, b)
	fmt.Fprintf(&sb, "a wins %d, loses %d, draws %d of %d games: score %.3f, elo %+.0f ± %.0f\n",
		r.wins, r.losses, r.draws, r.wins+r.losses+r.draws, r.score(), diff, margin)
	if p := r.pairs(); p != (pairCounts{}) {
		fmt.Fprintf(&sb, "opening pairs: a won both %d, b won both %d; the same colour won both %d (x %d, o %d); with a draw %d\n",
			p.a, p.b, p.x+p.o, p.x, p.o, p.withDraws)
	}
	if len(r.games) > 0 {
		c := r.byColour()
		fmt.Fprintf(&sb, "a as x: wins %d, loses %d, draws %d; as o: wins %d, loses %d, draws %d\n",
			c[0].wins, c[0].losses, c[0].draws, c[1].wins, c[1].losses, c[1].draws)
	}
	for i, name := range []string{"a", "b"} {
		if r.moves[i] > 0 {
			fmt.Fprintf(&sb, "%s: %d moves, ", name, r.moves[i])
			if r.nodes[i] > 0 { // an outside brain reports none
				fmt.Fprintf(&sb, "%.0f nodes/move, ", float64(r.nodes[i])/float64(r.moves[i]))
			}
			d := r.depth(i)
			if d.moves > 0 { // nor a depth
				fmt.Fprintf(&sb, "depth %d median, %.1f mean over %d searched moves, ", d.median(), d.mean(), d.moves)
			}
			fmt.Fprintf(&sb, "%v/move, longest %v\n", (r.elapsed[i] / time.Duration(r.moves[i])).Round(time.Microsecond),
				r.longest[i].Round(time.Microsecond))
			if d.moves > 0 {
				sb.WriteString(r.phaseReport(name, i))
			}
		}
		if r.forfeits[i] > 0 {
			fmt.Fprintf(&sb, "%s forfeited %d games (see -v)\n", name, r.forfeits[i])
		}
	}
	return sb.String()
}

// depth returns the completed depths of side i's searched moves over the
// whole match: its phases' counts together.
func (r matchResult) depth(i int) depthCount {
	var c depthCount
	for _, p := range r.phases[i] {
		c.merge(p)
	}
	return c
}

// phaseReport returns the line that gives side i's (named name) median
// depth in each phase of the game it searched a move in, e.g. "a: depth
// median by ply: 0-19 7 (812 moves), 20-39 5 (301 moves), 40+ 4 (52
// moves)".
func (r matchResult) phaseReport(name string, i int) string {
	var parts []string
	for p, d := range r.phases[i] {
		if d.moves > 0 {
			parts = append(parts, fmt.Sprintf("%s %d (%d moves)", phaseName(p), d.median(), d.moves))
		}
	}
	return fmt.Sprintf("%s: depth median by ply: %s\n", name, strings.Join(parts, ", "))
}

// playMatch plays mc.games games between a and b (rounded up to even), each
// opening once with a as x and once with b as x: the openings of mc.list in
// order when it has some (an error when it has too few), else random ones.
func playMatch(a, b player, mc matchConfig) (matchResult, error) {
	rng := rand.New(rand.NewPCG(mc.seed, mc.seed^0x9e3779b97f4a7c15))
	var res matchResult
	players := [2]player{a, b}
	for g := 0; g < mc.games; g += 2 {
		opening, err := nextOpening(rng, mc, g/2)
		if err != nil {
			return res, err
		}
		for _, xIsA := range []bool{true, false} {
			rec, err := playGame(players, opening, xIsA, mc, &res)
			if err != nil {
				return res, err
			}
			res.add(rec.winner)
			res.games = append(res.games, rec)
			if mc.onGame != nil {
				mc.onGame(rec)
			}
		}
	}
	return res, nil
}

// nextOpening returns the opening of the match's pair i: mc.list's i-th
// when the list has openings, else a random one drawn from rng.
func nextOpening(rng *rand.Rand, mc matchConfig, i int) ([]string, error) {
	if mc.list.moves == nil {
		return randomOpening(rng, mc)
	}
	if i >= len(mc.list.moves) {
		return nil, fmt.Errorf("opening %d wanted, but the list has %d", i, len(mc.list.moves))
	}
	return mc.list.moves[i], nil
}

// newState returns the position after moves on mc's board under mc's rule.
func newState(moves []string, mc matchConfig) (*gomoku.State, error) {
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: moves,
		Options: map[string]any{"rule": mc.rule, "size": mc.size}})
	if err != nil {
		return nil, err
	}
	return st.(*gomoku.State), nil
}

// playGame plays one game from opening to its end; player a is x when
// xIsA. It adds the players' node and time counts to res.
func playGame(players [2]player, opening []string, xIsA bool, mc matchConfig, res *matchResult) (gameRecord, error) {
	rec := gameRecord{opening: opening, xIsA: xIsA, winner: -1}
	st, err := newState(opening, mc)
	if err != nil {
		return rec, err
	}
	var sides [2]side
	defer func() {
		for _, s := range sides {
			if s != nil {
				s.close()
			}
		}
	}()
	for i, p := range players {
		if sides[i], err = newSide(p, mc); err != nil {
			return rec, err
		}
	}
	for st.Outcome() == engine.OutcomeUnknown {
		// who indexes players: a is x (to move on even plies) when xIsA.
		who := st.Ply() & 1
		if !xIsA {
			who = 1 - who
		}
		r, err := sides[who].move(st, slices.Concat(rec.opening, rec.moves))
		if err == nil {
			// A move the rule does not allow (renju's forbidden points)
			// forfeits the game, whichever side played it.
			_, err = st.ParseMove(st.FormatMove(r.Move))
		}
		if err != nil {
			rec.winner, rec.forfeit = 1-who, err.Error()
			res.forfeits[who]++
			break
		}
		res.nodes[who] += r.Nodes
		res.elapsed[who] += r.Elapsed
		res.longest[who] = max(res.longest[who], r.Elapsed)
		res.moves[who]++
		if r.Outcome == engine.OutcomeUnknown {
			res.phases[who][phaseOf(st.Ply())].add(r.Depth)
		}
		rec.moves = append(rec.moves, st.FormatMove(r.Move))
		st.Play(r.Move)
		if st.Outcome() == engine.OutcomeLoss {
			rec.winner = who
		}
	}
	return rec, nil
}

// side plays one player's moves in one game: the engine (engineSide) or
// an outside brain (brainSide).
type side interface {
	// move returns the side's move at st, its turn, after the game's
	// moves history (notation, x first); an error forfeits the game.
	move(st *gomoku.State, history []string) (engine.Result, error)
	// close ends the game for the side.
	close()
}

// newSide returns p's side for a game of mc. An error means no game of
// the match can be played.
func newSide(p player, mc matchConfig) (side, error) {
	if p.brain != nil {
		b, err := startBrain(p, mc)
		if err != nil {
			return nil, err
		}
		return b, nil
	}
	e := &engineSide{p: p}
	if p.keep {
		// A player keeping its table keeps it for this game alone.
		e.session = new(gomoku.Session)
	}
	return e, nil
}

// engineSide is the engine searching with a player's settings.
type engineSide struct {
	p       player
	session *gomoku.Session // nil unless p.keep
}

func (e *engineSide) move(st *gomoku.State, _ []string) (engine.Result, error) {
	return e.p.move(st, e.session), nil
}

func (e *engineSide) close() {}

// maxOpeningEval bounds the static evaluation of an opening with
// balanceWeights, from the side to move's view; the evaluation counts the
// move as an advantage, so about 300 is even, and a single open two of one
// side scores about 500.
const maxOpeningEval = 600

// balanceWeights are the weights of the openings' balance check: the
// hand-set line-pattern weights, fixed, so that refitting the engine's
// weights does not change a seed's openings.
var balanceWeights = lab.PatternWeights()

// openingRadius is how far from the centre opening stones may lie.
const openingRadius = 3

// randomOpening returns a balanced opening: stones alternately x and o on
// random free squares within openingRadius of the centre, redrawn until a short
// search proves nothing for either side, the static evaluation with
// balanceWeights is within maxOpeningEval and, when mc.balance is on, the
// balance search scores it within the window. Each opening is played with
// both colours, which evens out what imbalance is left.
func randomOpening(rng *rand.Rand, mc matchConfig) ([]string, error) {
	c := mc.size / 2
	for range 1000 {
		var moves []string
		used := map[[2]int]bool{}
		for len(moves) < mc.stones {
			sq := [2]int{c + rng.IntN(2*openingRadius+1) - openingRadius, c + rng.IntN(2*openingRadius+1) - openingRadius}
			if used[sq] {
				continue
			}
			used[sq] = true
			moves = append(moves, fmt.Sprintf("%c%d", 'a'+sq[1], mc.size-sq[0]))
		}
		st, err := newState(moves, mc)
		if err != nil {
			return nil, err
		}
		if !staticallyEven(st) || !undecided(st) {
			continue
		}
		if mc.balance.on && !mc.balance.holds(st) {
			continue
		}
		return moves, nil
	}
	return nil, fmt.Errorf("no balanced opening of %d stones found", mc.stones)
}

// staticallyEven reports whether the static evaluation of st with
// balanceWeights is within maxOpeningEval: the opening's first check.
func staticallyEven(st *gomoku.State) bool {
	e := lab.Evaluate(st, &balanceWeights)
	return e >= -maxOpeningEval && e <= maxOpeningEval
}

// undecided reports whether a short search (depth 4, 5,000 nodes) proves
// nothing at st: the opening's second check.
func undecided(st *gomoku.State) bool {
	r := (player{depth: 4, nodes: 5000, threats: true, prune: true, bits: 16}).move(st, nil)
	return r.Outcome == engine.OutcomeUnknown
}
