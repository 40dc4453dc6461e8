package backgammon

import (
	"fmt"

	"movesvc/engine"
)

// JSONPosition is the readable form of a Position. Points[i] holds the
// checkers on x's point i+1 (o's point 24-i): positive for x's, negative for
// o's. Bar and Off are by player, "x" and "o"; each player's checkers on
// points, bar and off add up to 15. Turn is the player on roll, Dice the
// roll to play (empty before the roll), CubeOwner "x", "o" or "" (centered).
// MatchLength 0 is a money game; Score is then ignored.
type JSONPosition struct {
	Points      [NumPoints]int `json:"points"`
	Bar         PlayerCounts   `json:"bar"`
	Off         PlayerCounts   `json:"off"`
	Turn        string         `json:"turn"`
	Dice        []int          `json:"dice,omitempty"`
	Cube        int            `json:"cube"`
	CubeOwner   string         `json:"cube_owner,omitempty"`
	MatchLength int            `json:"match_length,omitempty"`
	Score       PlayerCounts   `json:"score,omitzero"`
	Crawford    bool           `json:"crawford,omitempty"`
}

// PlayerCounts is a number for each player.
type PlayerCounts struct {
	X int `json:"x"`
	O int `json:"o"`
}

func (c PlayerCounts) of(p engine.Player) int {
	if p == engine.First {
		return c.X
	}
	return c.O
}

func (c *PlayerCounts) set(p engine.Player, v int) {
	if p == engine.First {
		c.X = v
	} else {
		c.O = v
	}
}

// side returns the Board row of player q in p: 0 if q is on roll.
func (p *Position) side(q engine.Player) int {
	if q == p.Turn {
		return 0
	}
	return 1
}

// JSON returns p's readable form.
func (p *Position) JSON() JSONPosition {
	j := JSONPosition{Turn: p.Turn.String(), Cube: p.Cube.Value, MatchLength: p.Match.Length, Crawford: p.Match.Crawford}
	x, o := p.side(engine.First), p.side(engine.Second)
	for i := 0; i < NumPoints; i++ {
		j.Points[i] = int(p.Board[x][i]) - int(p.Board[o][23-i])
	}
	for _, q := range []engine.Player{engine.First, engine.Second} {
		j.Bar.set(q, int(p.Board[p.side(q)][BarIndex]))
		j.Off.set(q, p.Board.Off(p.side(q)))
		j.Score.set(q, p.Match.Score[q])
	}
	if p.Rolled() {
		j.Dice = []int{int(p.Dice[0]), int(p.Dice[1])}
	}
	if !p.Cube.Centered {
		j.CubeOwner = p.Cube.Owner.String()
	}
	return j
}

// parsePlayer reads "x" or "o".
func parsePlayer(s string) (engine.Player, bool) {
	switch s {
	case "x":
		return engine.First, true
	case "o":
		return engine.Second, true
	}
	return 0, false
}

// Position returns the position j describes, or a *ParseError naming the
// field under prefix (the JSON path of j in the request, e.g. "position")
// and the reason.
func (j *JSONPosition) Position(prefix string) (Position, error) {
	p := NewPosition()
	p.Board = Board{}
	at := func(f string) string { return prefix + "." + f }
	turn, ok := parsePlayer(j.Turn)
	if !ok {
		return p, fieldError(at("turn"), "must be \"x\" or \"o\", not %q", j.Turn)
	}
	p.Turn = turn
	x, o := p.side(engine.First), p.side(engine.Second)
	for i, v := range j.Points {
		if v < -Checkers || v > Checkers {
			return p, fieldError(at(fmt.Sprintf("points[%d]", i)), "%d checkers: a point holds -15 to 15", v)
		}
		if v > 0 {
			p.Board[x][i] = int8(v)
		} else {
			p.Board[o][23-i] = int8(-v)
		}
	}
	for _, q := range []engine.Player{engine.First, engine.Second} {
		s := p.side(q)
		bar := j.Bar.of(q)
		if bar < 0 || bar > Checkers {
			return p, fieldError(at("bar."+q.String()), "%d checkers: must be 0-15", bar)
		}
		p.Board[s][BarIndex] = int8(bar)
		if n := p.Board.OnBoard(s) + j.Off.of(q); n != Checkers || j.Off.of(q) < 0 {
			return p, fieldError(at("off."+q.String()), "%s's checkers on points, bar and off add up to %d, not 15", q, n)
		}
	}
	if err := j.setDice(&p, at("dice")); err != nil {
		return p, err
	}
	if err := j.setCube(&p, at); err != nil {
		return p, err
	}
	return p, j.setMatch(&p, at)
}

func (j *JSONPosition) setDice(p *Position, field string) error {
	switch len(j.Dice) {
	case 0:
		return nil
	case 2:
		for _, d := range j.Dice {
			if d < 1 || d > 6 {
				return fieldError(field, "a die is 1-6, not %d", d)
			}
		}
		p.Dice = [2]int8{int8(j.Dice[0]), int8(j.Dice[1])}
		return nil
	}
	return fieldError(field, "two dice or none, not %d", len(j.Dice))
}

func (j *JSONPosition) setCube(p *Position, at func(string) string) error {
	if v := j.Cube; v != 0 {
		if v < 1 || v > 1<<15 || v&(v-1) != 0 {
			return fieldError(at("cube"), "the cube is a power of two from 1 to 32768, not %d", v)
		}
		p.Cube.Value = v
	}
	switch j.CubeOwner {
	case "", "center", "centered":
		p.Cube.Centered = true
	default:
		q, ok := parsePlayer(j.CubeOwner)
		if !ok {
			return fieldError(at("cube_owner"), "must be \"x\", \"o\" or \"\" (centered), not %q", j.CubeOwner)
		}
		p.Cube.Centered, p.Cube.Owner = false, q
	}
	return nil
}

func (j *JSONPosition) setMatch(p *Position, at func(string) string) error {
	if j.MatchLength < 0 || j.MatchLength >= 1<<15 {
		return fieldError(at("match_length"), "must be 0 (money) to 32767, not %d", j.MatchLength)
	}
	p.Match.Length = j.MatchLength
	p.Match.Crawford = j.Crawford
	if j.MatchLength == 0 {
		return nil
	}
	for _, q := range []engine.Player{engine.First, engine.Second} {
		s := j.Score.of(q)
		if s < 0 || s >= j.MatchLength {
			return fieldError(at("score."+q.String()), "%d is not from 0 to below the match length %d", s, j.MatchLength)
		}
		p.Match.Score[q] = s
	}
	return nil
}
