package backgammon

import (
	"fmt"
	"strconv"
)

// ParseError reports input that is not an acceptable position or play. Field
// is the JSON path of the offending request field ("position_id",
// "position.points[3]", "play"); Message says why. The API turns it into a
// 422 problem at Field.
type ParseError struct {
	Field   string
	Message string
}

// Error returns "field: message".
func (e *ParseError) Error() string { return e.Field + ": " + e.Message }

// fieldError returns a *ParseError for field with a formatted message.
func fieldError(field, format string, args ...any) error {
	return &ParseError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// errorf is fmt.Errorf, for errors a caller places under a field.
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

func itoa(n int) string { return strconv.Itoa(n) }
