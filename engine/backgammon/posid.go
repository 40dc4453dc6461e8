package backgammon

import "encoding/base64"

// PositionID returns GNU Backgammon's position ID of b (b[0] on roll): the
// 80-bit key (for the side not on roll, then the side on roll, each from
// its own ace point round to its bar: a 1 per checker on the point then a
// 0; padded with 0s), least significant bit of each byte first, in 14
// characters of base64 without padding. This is the format of GNU
// Backgammon's manual ("A technical description of the Position ID") with
// the sides in the order gnubg 1.07 writes them: its manual says the side on
// roll comes first, its program puts it second (docs/backgammon.md shows the
// check).
func PositionID(b *Board) string {
	var key [10]byte
	bit := 0
	for _, s := range [2]int{1, 0} {
		for i := 0; i < slots; i++ {
			for c := int8(0); c < b[s][i]; c++ {
				key[bit/8] |= 1 << (bit % 8)
				bit++
			}
			bit++
		}
	}
	return base64.RawStdEncoding.EncodeToString(key[:])
}

// ParsePositionID returns the board of a position ID, b[0] on roll. Errors
// name field (the request field holding the ID) and say why: wrong length or
// characters, more than 15 checkers a side, a point held by both sides, or
// bits past the key's end.
func ParsePositionID(field, id string) (Board, error) {
	var b Board
	if len(id) != 14 {
		return b, fieldError(field, "a position ID has 14 characters, not %d", len(id))
	}
	key, err := base64.RawStdEncoding.Strict().DecodeString(id)
	if err != nil || len(key) != 10 {
		return b, fieldError(field, "not a position ID: characters must be base64 (A-Z a-z 0-9 + /)")
	}
	bit := 0
	get := func() bool {
		v := bit < 80 && key[bit/8]&(1<<(bit%8)) != 0
		bit++
		return v
	}
	for _, s := range [2]int{1, 0} {
		n := 0
		for i := 0; i < slots; i++ {
			for get() {
				if n++; n > Checkers {
					return b, fieldError(field, "%s has more than %d checkers", sideName(s), Checkers)
				}
				b[s][i]++
			}
			if bit > 80 {
				return b, fieldError(field, "the key ends before %s's bar", sideName(s))
			}
		}
	}
	for ; bit < 80; bit++ {
		if key[bit/8]&(1<<(bit%8)) != 0 {
			return b, fieldError(field, "bits set after the end of the position")
		}
	}
	if err := b.Validate(); err != nil {
		return b, fieldError(field, "%v", err)
	}
	return b, nil
}

// sideName names side s of a Board: the side on roll or the other.
func sideName(s int) string {
	if s == 0 {
		return "the side on roll"
	}
	return "the side not on roll"
}
