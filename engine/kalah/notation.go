package kalah

import (
	"strconv"
	"strings"

	"movesvc/engine"
)

// A position's notation has three fields separated by '/': the first
// player's side, the second player's side, and the side to move, "x" (the
// first player, who moves first from the start; South) or "o" (North). A
// side is its pits in its own sowing order, pit 1 (the farthest from its
// store) first, separated by commas, then a colon and its store. The start
// of Kalah(6,4):
//
//	4,4,4,4,4,4:0/4,4,4,4,4,4:0/x
//
// A side may be empty only when the game is over, and then both are: the
// move that empties a side ends the game and the rest go to their owner.
// The seeds in the pits and stores add up to the variant's, 2*Pits*Seeds.
//
// A move is the number of the side to move's pit to sow, 1 to Pits in its
// sowing order; a game is the list of moves from the start, the same side
// moving again after a move that ends in its store.

// notationFields names the fields of a position's notation, for errors.
var notationFields = [3]string{"x's side", "o's side", "the side to move"}

// String returns the position's notation.
func (p *Position) String() string {
	var sb strings.Builder
	for _, player := range [2]engine.Player{engine.First, engine.Second} {
		for k, n := range p.Pits(player) {
			if k > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.Itoa(n))
		}
		sb.WriteByte(':')
		sb.WriteString(strconv.Itoa(p.Store(player)))
		sb.WriteByte('/')
	}
	sb.WriteString(p.toMove.String())
	return sb.String()
}

// ParsePosition returns the position of variant r (which must be valid)
// that text gives in the notation String writes. The error is an
// *InputError at field (the request field holding text, such as
// "position") saying what is wrong.
func ParsePosition(r Rules, field, text string) (*Position, error) {
	parts := strings.Split(text, "/")
	if len(parts) != 3 {
		return nil, invalid(field, "want three fields separated by '/' (x's pits:store, o's pits:store, x or o to move), as in %q; got %d", NewPosition(r).String(), len(parts))
	}
	p := NewPosition(r)
	var sides [2][]uint8
	total := 0
	for s := range 2 {
		pits, store, err := parseSide(r, parts[s])
		if err != nil {
			return nil, invalid(field, "%s: %s", notationFields[s], err.Error())
		}
		sides[s] = pits
		p.stores[s] = store
		total += int(store)
		for _, n := range pits {
			total += int(n)
		}
	}
	switch parts[2] {
	case "x":
		p.toMove = engine.First
	case "o":
		p.toMove = engine.Second
	default:
		return nil, invalid(field, "%s must be x or o, not %q", notationFields[2], parts[2])
	}
	if total != r.total() {
		return nil, invalid(field, "holds %d seeds; a position of %s holds %d", total, r, r.total())
	}
	mover, other := sides[p.toMove], sides[p.toMove.Other()]
	copy(p.b[:r.Pits], mover)
	copy(p.b[r.Pits:], other)
	if mine, theirs := p.v.sides(&p.b); (mine == 0) != (theirs == 0) {
		return nil, invalid(field, "one side's pits are empty but not the other's: the move that empties a side ends the game, and the rest go to their owner's store")
	}
	return p, nil
}

// parseSide parses "n,n,...,n:store" with r.Pits pits.
func parseSide(r Rules, text string) ([]uint8, uint8, error) {
	pitsText, storeText, ok := strings.Cut(text, ":")
	if !ok {
		return nil, 0, errorf("want its pits, a colon and its store, as in \"4,4,4,4,4,4:0\"; got %q", text)
	}
	fields := strings.Split(pitsText, ",")
	if len(fields) != r.Pits {
		return nil, 0, errorf("has %d pits; %s has %d a side", len(fields), r, r.Pits)
	}
	pits := make([]uint8, r.Pits)
	for k, f := range fields {
		n, err := parseCount(f, r)
		if err != nil {
			return nil, 0, errorf("pit %d: %v", k+1, err)
		}
		pits[k] = n
	}
	store, err := parseCount(storeText, r)
	if err != nil {
		return nil, 0, errorf("store: %v", err)
	}
	return pits, store, nil
}

// parseCount parses a seed count: digits only, at most the variant's seeds.
func parseCount(text string, r Rules) (uint8, error) {
	if text == "" || len(text) > 3 || strings.Trim(text, "0123456789") != "" {
		return 0, errorf("%q is not a count of seeds", text)
	}
	n, _ := strconv.Atoi(text)
	if n > r.total() {
		return 0, errorf("%d seeds is more than %s has (%d)", n, r, r.total())
	}
	return uint8(n), nil
}

// ParseMove parses a pit number of the side to move, "1" to Pits, and
// returns the move if that pit holds seeds.
func (p *Position) ParseMove(notation string) (engine.Move, error) {
	if len(notation) != 1 || notation[0] < '0' || notation[0] > '9' {
		return engine.NoMove, errorf("%q is not a pit number (1 to %d)", notation, p.rules.Pits)
	}
	n := int(notation[0] - '0')
	if n < 1 || n > p.rules.Pits {
		return engine.NoMove, errorf("pit %d: %s has pits 1 to %d", n, p.rules, p.rules.Pits)
	}
	if p.Over() {
		return engine.NoMove, errorf("the game is over")
	}
	if p.b[n-1] == 0 {
		return engine.NoMove, errorf("pit %d of %s is empty", n, p.toMove)
	}
	return engine.Move(n - 1), nil
}

// FormatMove returns the pit number of m, "1" to Pits.
func (p *Position) FormatMove(m engine.Move) string { return strconv.Itoa(int(m) + 1) }

// FromMoves plays moves (pit numbers, ParseMove's notation) from the start
// of variant r, which must be valid. An illegal move is an *InputError at
// "moves[i]".
func FromMoves(r Rules, moves []string) (*Position, error) {
	p := NewPosition(r)
	p.history = make([]positionBefore, 0, len(moves))
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return nil, invalid("moves["+strconv.Itoa(i)+"]", "%v", err)
		}
		p.Play(m)
	}
	return p, nil
}
