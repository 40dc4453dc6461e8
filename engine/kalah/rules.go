package kalah

import "fmt"

// The sizes of the variants this package plays.
const (
	MaxPits  = 6 // the most pits a side may have
	MaxSeeds = 6 // the most seeds a pit may start with
	// maxBoard is the most seeds a board holds: MaxPits pits a side of
	// MaxSeeds seeds each.
	maxBoard = 2 * MaxPits * MaxSeeds
)

// Rules is a variant of Kalah: Pits pits a side, each holding Seeds seeds at
// the start, and the capture rule. Kalah(6,4) in the standard version is
// Rules{Pits: 6, Seeds: 4}.
type Rules struct {
	Pits  int // pits per side, 1 to MaxPits
	Seeds int // seeds per pit at the start, 1 to MaxSeeds
	// EmptyCapture: a last seed sown into an empty pit of the mover's own
	// captures even when the opposite pit is empty (the version Irving,
	// Donkers and Uiterwijk solved). When false (the standard version) it
	// captures only when the opposite pit holds seeds.
	EmptyCapture bool
}

// Standard is Kalah(6,4) in the standard version, the default variant.
var Standard = Rules{Pits: 6, Seeds: 4}

// Validate returns nil when r is a variant this package plays, else an
// *InputError naming the option ("pits" or "seeds") and the allowed range.
func (r Rules) Validate() error {
	if r.Pits < 1 || r.Pits > MaxPits {
		return invalid("pits", "must be from 1 to %d, not %d", MaxPits, r.Pits)
	}
	if r.Seeds < 1 || r.Seeds > MaxSeeds {
		return invalid("seeds", "must be from 1 to %d, not %d", MaxSeeds, r.Seeds)
	}
	return nil
}

// String names the variant the way the literature does: "Kalah(6,4)", with
// " empty capture" added for that version.
func (r Rules) String() string {
	s := fmt.Sprintf("Kalah(%d,%d)", r.Pits, r.Seeds)
	if r.EmptyCapture {
		s += " empty capture"
	}
	return s
}

// total returns the seeds of the game: 2 * Pits * Seeds.
func (r Rules) total() int { return 2 * r.Pits * r.Seeds }

// InputError reports an input that cannot be a position or a move of the
// variant: Field is the request field's JSON path ("position", "moves[3]",
// "pits"), Message the reason. The API answers it with a 422 at that field.
type InputError struct {
	Field   string
	Message string
}

// Error returns "field: message".
func (e *InputError) Error() string { return e.Field + ": " + e.Message }

// invalid returns an *InputError for field with a formatted message.
func invalid(field, format string, args ...any) error {
	return &InputError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// errorf returns a plain error with a formatted message.
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
