package api

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-playground/validator/v10"
)

func itoa(n int) string { return strconv.Itoa(n) }

// fieldSentence is a problem's detail about the field at loc (a location
// such as "body.moves[0]"): the field as the client wrote it, then msg,
// what is wrong with it ("depth must be at least 1"; "the body ..." for the
// body as a whole).
func fieldSentence(loc, msg string) string {
	if field, ok := strings.CutPrefix(loc, "body."); ok {
		return field + " " + msg
	}
	if loc == "body" {
		return "the body " + msg
	}
	return msg
}

// newValidator returns the process's validator: field names in errors are
// the JSON names the client sent.
func newValidator() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	v.RegisterStructValidation(validateMoveRequest, moveRequest{})
	return v
}

// validateMoveRequest checks what tags cannot: not both board and moves.
// That a position is given at all, by the fields the game takes, is
// positionFields' check.
func validateMoveRequest(sl validator.StructLevel) {
	req := sl.Current().Interface().(moveRequest)
	switch {
	case req.Board != nil && req.Moves != nil:
		sl.ReportError(req.Moves, "moves", "moves", "board_xor_moves", "")
	}
}

// validationProblem turns validator errors into a 422 problem naming each
// field.
func validationProblem(err error) *Problem {
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return invalid(err.Error())
	}
	errs := make([]ProblemError, 0, len(verrs))
	for _, fe := range verrs {
		loc := "body"
		if _, path, ok := strings.Cut(fe.Namespace(), "."); ok {
			loc += "." + path
		}
		pe := ProblemError{Location: loc, Message: fieldMessage(fe)}
		if v := fe.Value(); !isZero(v) {
			pe.Value = v
		}
		errs = append(errs, pe)
	}
	detail := fieldSentence(errs[0].Location, errs[0].Message)
	if len(errs) > 1 {
		detail = fmt.Sprintf("%s (and %d more)", detail, len(errs)-1)
	}
	return invalid(detail, errs...)
}

func isZero(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map:
		// Whole arrays are not echoed back; the location says which one.
		return true
	}
	return rv.IsZero()
}

// fieldMessage says in words what a failed validation tag requires.
func fieldMessage(fe validator.FieldError) string {
	kind := fe.Kind()
	unit := ""
	switch kind {
	case reflect.Slice, reflect.Array:
		unit = " items"
	case reflect.String:
		unit = " characters"
	}
	switch fe.Tag() {
	case "required":
		return "is required"
	case "oneof":
		return "must be one of: " + strings.ReplaceAll(fe.Param(), " ", ", ")
	case "min":
		if unit != "" {
			return "must have at least " + fe.Param() + unit
		}
		return "must be at least " + fe.Param()
	case "max":
		if unit != "" {
			return "must have at most " + fe.Param() + unit
		}
		return "must be at most " + fe.Param()
	case "board_xor_moves":
		return "cannot be given with board: give either board or moves, not both"
	}
	return "fails the " + fe.Tag() + " check"
}
