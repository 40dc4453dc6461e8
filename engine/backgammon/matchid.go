package backgammon

import (
	"encoding/base64"

	"movesvc/engine"
)

// The fields of GNU Backgammon's 66-bit match key, as (first bit, width),
// each written least significant bit first ("A technical description of the
// Match ID" in gnubg's manual).
var (
	mkCube      = [2]int{0, 4}
	mkOwner     = [2]int{4, 2}
	mkOnRoll    = [2]int{6, 1}
	mkCrawford  = [2]int{7, 1}
	mkGameState = [2]int{8, 3}
	mkTurn      = [2]int{11, 1}
	mkDoubled   = [2]int{12, 1}
	mkResign    = [2]int{13, 2}
	mkDie1      = [2]int{15, 3}
	mkDie2      = [2]int{18, 3}
	mkLength    = [2]int{21, 15}
	mkScore0    = [2]int{36, 15}
	mkScore1    = [2]int{51, 15}
	mkNoJacoby  = [2]int{66, 1}
)

// matchKeyBits is the key's length: the manual's 66 bits and one more that
// gnubg 1.07 writes (see Match.NoJacoby); it fills 9 bytes, 12 base64
// characters.
const matchKeyBits = 67

type matchKey [9]byte

func (k *matchKey) set(f [2]int, v int) {
	for i := 0; i < f[1]; i++ {
		if v>>i&1 != 0 {
			b := f[0] + i
			k[b/8] |= 1 << (b % 8)
		}
	}
}

func (k *matchKey) get(f [2]int) int {
	v := 0
	for i := 0; i < f[1]; i++ {
		b := f[0] + i
		if k[b/8]>>(b%8)&1 != 0 {
			v |= 1 << i
		}
	}
	return v
}

// gnubgPlayer returns gnubg's number of p: x is its player 1, o its 0.
func gnubgPlayer(p engine.Player) int { return 1 - int(p) }

// fromGnubg returns the Player of gnubg's player n.
func fromGnubg(n int) engine.Player { return engine.Player(1 - n) }

// MatchID returns GNU Backgammon's match ID of p: the cube, who is on roll
// and who decides (the other side while a double or a resignation is
// offered), the dice, the match length and score.
func MatchID(p *Position) string {
	var k matchKey
	cube := 0
	for 1<<cube < p.Cube.Value {
		cube++
	}
	k.set(mkCube, cube)
	owner := 3
	if !p.Cube.Centered {
		owner = gnubgPlayer(p.Cube.Owner)
	}
	k.set(mkOwner, owner)
	k.set(mkOnRoll, gnubgPlayer(p.Turn))
	k.set(mkCrawford, boolInt(p.Match.Crawford))
	k.set(mkGameState, int(p.Match.GameState))
	k.set(mkTurn, gnubgPlayer(p.decider()))
	k.set(mkDoubled, boolInt(p.Match.Doubled))
	k.set(mkResign, int(p.Match.Resign))
	k.set(mkDie1, int(p.Dice[0]))
	k.set(mkDie2, int(p.Dice[1]))
	k.set(mkLength, p.Match.Length)
	k.set(mkScore0, p.Match.Score[engine.Second])
	k.set(mkScore1, p.Match.Score[engine.First])
	k.set(mkNoJacoby, boolInt(p.Match.NoJacoby))
	return base64.RawStdEncoding.EncodeToString(k[:])
}

// decider returns the side to make the next decision: the side on roll,
// unless it has offered a double or a resignation.
func (p *Position) decider() engine.Player {
	if p.Match.Doubled || p.Match.Resign != 0 {
		return p.Turn.Other()
	}
	return p.Turn
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}

// ParseIDs returns the position of a GNU Backgammon position ID and match ID
// (the board is from the side on roll in the match ID). An empty match ID is
// a money game with x on roll, no dice and the cube centered at 1. Errors
// are *ParseError at posField or matchField.
func ParseIDs(posField, posID, matchField, matchID string) (Position, error) {
	p := NewPosition()
	b, err := ParsePositionID(posField, posID)
	if err != nil {
		return p, err
	}
	p.Board = b
	if matchID != "" {
		if err := p.parseMatchID(matchField, matchID); err != nil {
			return p, err
		}
	}
	if err := p.Validate(posField); err != nil {
		return p, err
	}
	return p, nil
}

// parseMatchID sets p's cube, turn, dice and match from a match ID.
func (p *Position) parseMatchID(field, id string) error {
	if len(id) != 12 {
		return fieldError(field, "a match ID has 12 characters, not %d", len(id))
	}
	raw, err := base64.RawStdEncoding.DecodeString(id)
	if err != nil || len(raw) != 9 {
		return fieldError(field, "not a match ID: characters must be base64 (A-Z a-z 0-9 + /)")
	}
	var k matchKey
	copy(k[:], raw)
	if k[8]>>(matchKeyBits%8) != 0 {
		return fieldError(field, "bits set after the end of the match key")
	}
	p.Cube.Value = 1 << k.get(mkCube)
	switch o := k.get(mkOwner); o {
	case 3:
		p.Cube.Centered, p.Cube.Owner = true, engine.First
	case 0, 1:
		p.Cube.Centered, p.Cube.Owner = false, fromGnubg(o)
	default:
		return fieldError(field, "cube owner %d is not 0, 1 or 3 (centered)", o)
	}
	p.Turn = fromGnubg(k.get(mkOnRoll))
	p.Match.Crawford = k.get(mkCrawford) == 1
	if p.Match.GameState = int8(k.get(mkGameState)); p.Match.GameState > 4 {
		return fieldError(field, "game state %d is not 0-4", p.Match.GameState)
	}
	p.Match.Doubled = k.get(mkDoubled) == 1
	p.Match.Resign = int8(k.get(mkResign))
	if fromGnubg(k.get(mkTurn)) != p.decider() {
		return fieldError(field, "the player to decide must be the player on roll unless a double or resignation is offered")
	}
	p.Dice = [2]int8{int8(k.get(mkDie1)), int8(k.get(mkDie2))}
	for _, d := range p.Dice {
		if d > 6 || (d == 0) != (p.Dice[0] == 0) {
			return fieldError(field, "dice %d-%d: both must be 1-6, or both 0 before the roll", p.Dice[0], p.Dice[1])
		}
	}
	p.Match.Length = k.get(mkLength)
	p.Match.Score[engine.Second] = k.get(mkScore0)
	p.Match.Score[engine.First] = k.get(mkScore1)
	p.Match.NoJacoby = k.get(mkNoJacoby) == 1
	if l := p.Match.Length; l > 0 && (p.Match.Score[0] >= l || p.Match.Score[1] >= l) {
		return fieldError(field, "a score of %d-%d is not below the match length %d", p.Match.Score[0], p.Match.Score[1], l)
	}
	return nil
}
