package chess

import "fmt"

// Error reports input that is not a valid chess position or move: Field is
// the request field at fault as a JSON path ("fen", "moves[3]"), Message the
// reason, naming the FEN field where there is one ("piece placement: rank 3
// has 9 squares").
type Error struct {
	Field   string
	Message string
}

// Error returns "field: message".
func (e *Error) Error() string { return e.Field + ": " + e.Message }

// errorf returns an *Error for field with a formatted message.
func errorf(field, format string, args ...any) *Error {
	return &Error{Field: field, Message: fmt.Sprintf(format, args...)}
}
