package engine

import (
	"errors"
	"fmt"
)

// InputError reports a request that is well-formed but not acceptable: an
// unknown game, a malformed board, an illegal move. Field is the JSON path of
// the offending request field, such as "board[2]" or "moves[3]"; Value is the
// offending value when there is a useful one.
type InputError struct {
	Field   string
	Message string
	Value   any
}

// Error returns "field: message".
func (e *InputError) Error() string { return e.Field + ": " + e.Message }

// Invalid returns an *InputError for field with a formatted message.
func Invalid(field string, value any, format string, args ...any) error {
	return &InputError{Field: field, Message: fmt.Sprintf(format, args...), Value: value}
}

// AsInputError reports whether err is or wraps an *InputError and returns it.
func AsInputError(err error) (*InputError, bool) {
	var ie *InputError
	ok := errors.As(err, &ie)
	return ie, ok
}
