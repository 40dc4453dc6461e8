package api

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// The JSON decoder of request bodies is github.com/go-json-experiment/json,
// the module Go 1.27's encoding/json/v2 was adopted from and now mirrors
// (Go 1.26 has it only behind GOEXPERIMENT=jsonv2). Unlike encoding/json
// it rejects, by itself, a name given twice, a name that matches a field
// only when case is folded, unknown names and invalid UTF-8, and its
// errors carry the JSON pointer of the value at fault; this file maps
// them to problems. Responses are still written by encoding/json.

// optionHolder is a request that takes game options: top-level fields that
// some game names (engine.Description.Options) rather than fields of the
// request type. The decoder puts every member that is not one of the
// request's own fields in its map (a field tagged `json:",embed"`), raw,
// for the game to check.
type optionHolder interface {
	gameOptions() map[string]jsontext.Value
}

// rawRequest is one request of a batch, kept as JSON to be decoded on its
// own (prepareItem), so that every fault of it, a name given twice or
// invalid UTF-8 included, is that item's 400 and not the batch's.
type rawRequest jsontext.Value

// UnmarshalJSONFrom reads the item as it is, leaving its checks to
// prepareItem.
func (r *rawRequest) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	return jsonv2.UnmarshalDecode(dec, (*jsontext.Value)(r), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
}

// decodeOptions are the rules of every body: an unknown name is an error
// (but for an optionHolder, whose map takes it), as are a name given
// twice, a name spelt in another case and invalid UTF-8 (the decoder's
// defaults); and the null rule (nullRule).
var decodeOptions = jsonv2.JoinOptions(jsonv2.RejectUnknownMembers(true),
	jsonv2.WithUnmarshalers(jsonv2.UnmarshalFromFunc(nullRule)))

// nullRule is the one rule for JSON null, which dec is about to read into
// v: as the value of a member of the body it is that member not given (its
// default, or missing where it is required), and the decoder's own way
// does that; anywhere else, the body itself or an element of an array, it
// is not the value asked for, a *nullError. Values kept raw (a batch's
// items, game options) are left to whoever decodes them.
func nullRule(dec *jsontext.Decoder, v any) error {
	switch v.(type) {
	case *jsontext.Value, *rawRequest:
		return errors.ErrUnsupported
	}
	if dec.PeekKind() != 'n' || dec.StackDepth() == 1 {
		return errors.ErrUnsupported // the decoder's own way
	}
	return &nullError{want: reflect.TypeOf(v)}
}

// nullError is a null where a value of type want is needed.
type nullError struct{ want reflect.Type }

func (e *nullError) Error() string { return "must be " + describeType(e.want) + ", not a JSON null" }

// decodeObject decodes data into v, a pointer to a request struct: data
// must be one JSON object and nothing after it; its fields must be v's, or
// game options named in options when v is an optionHolder, each given once
// and spelt exactly as the contract spells it; a value of the wrong type is
// named by its path (body.moves[1]). It returns a 400 *Problem otherwise.
func decodeObject(data []byte, v any, options map[string]bool) *Problem {
	dec := jsontext.NewDecoder(bytes.NewReader(data))
	if err := jsonv2.UnmarshalDecode(dec, v, decodeOptions); err != nil {
		return decodeProblem(err)
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		return malformed("the body must hold a single JSON object and nothing after it",
			ProblemError{Location: "body", Message: "must end after the object"})
	}
	if h, ok := v.(optionHolder); ok {
		return checkOptionNames(h.gameOptions(), options)
	}
	return nil
}

// checkOptionNames returns the 400 for the first name in given, in name
// order, that is not a game option (in options): a name that is neither
// the request's nor any game's.
func checkOptionNames(given map[string]jsontext.Value, options map[string]bool) *Problem {
	names := make([]string, 0, len(given))
	for name := range given {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !options[name] {
			return unknownField(name)
		}
	}
	return nil
}

// unknownField is the 400 for a name that is not a field of the request.
func unknownField(name string) *Problem {
	return malformed(fmt.Sprintf("unknown field %q", name),
		ProblemError{Location: "body." + name, Message: "is not a field of this request (field names are case-sensitive)"})
}

// decodeProblem explains an error of the decoder in terms of the request's
// fields: where it is (the JSON pointer as a location, body.moves[0]) and
// what is wrong, in JSON's words.
func decodeProblem(err error) *Problem {
	var syn *jsontext.SyntacticError
	var sem *jsonv2.SemanticError
	var null *nullError
	switch {
	case errors.Is(err, io.EOF):
		return malformed("the body is empty; it must be a JSON object", ProblemError{Location: "body", Message: "is empty"})
	case errors.Is(err, io.ErrUnexpectedEOF):
		return malformed("the body ends in the middle of a JSON value", ProblemError{Location: "body", Message: "ends in the middle of a JSON value"})
	case errors.As(err, &syn) && errors.Is(syn.Err, jsontext.ErrDuplicateName):
		return malformed(fmt.Sprintf("field %q is given twice", syn.JSONPointer.LastToken()),
			ProblemError{Location: location(syn.JSONPointer), Message: "is given more than once"})
	case errors.As(err, &syn):
		loc := location(syn.JSONPointer)
		msg := fmt.Sprintf("is not valid JSON: %v at byte %d", syn.Err, syn.ByteOffset)
		return malformed(fieldSentence(loc, msg), ProblemError{Location: loc, Message: msg})
	case errors.As(err, &sem) && errors.Is(sem.Err, jsonv2.ErrUnknownName):
		return unknownField(sem.JSONPointer.LastToken())
	case errors.As(err, &sem) && errors.As(err, &null):
		loc := location(sem.JSONPointer)
		return malformed(fieldSentence(loc, null.Error()), ProblemError{Location: loc, Message: null.Error()})
	case errors.As(err, &sem):
		loc := location(sem.JSONPointer)
		msg := "must be " + describeType(sem.GoType) + ", not a JSON " + kindName(sem.JSONKind)
		if sem.JSONKind == '0' && len(sem.JSONValue) > 0 {
			msg += " " + clip(string(sem.JSONValue))
		}
		return malformed(fieldSentence(loc, msg), ProblemError{Location: loc, Message: msg})
	}
	return malformed("the body could not be read as JSON", ProblemError{Location: "body", Message: "is not a JSON object of this request"})
}

// maxLocationDepth bounds how deep a location names a place: a field of
// the body and an element of its value (body.moves[0]), the deepest places
// of the contract; an error deeper in a value (a nesting too deep) is
// placed at its ancestor there, so that a location stays short.
const maxLocationDepth = 2

// location names the value a JSON pointer points at as problems name it:
// "/moves/1" is body.moves[1]. Below the body's own members a token of
// digits is taken as an array index.
func location(p jsontext.Pointer) string {
	var b strings.Builder
	b.WriteString("body")
	depth := 0
	for tok := range p.Tokens() {
		if depth == maxLocationDepth {
			break
		}
		if _, err := strconv.Atoi(tok); err == nil && depth > 0 {
			b.WriteString("[" + tok + "]")
		} else {
			b.WriteString("." + tok)
		}
		depth++
	}
	return b.String()
}

// describeType names the JSON a Go type takes, in a client's words: never
// the Go type itself.
func describeType(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "a JSON value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer of at least 0"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Struct, reflect.Map:
		return "a JSON object"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.String {
			return "an array of strings"
		}
		return "an array"
	}
	return "a JSON value"
}

// kindName names a kind of JSON value: "string", "number", "boolean",
// "null", "object" or "array".
func kindName(k jsontext.Kind) string {
	switch k {
	case '"':
		return "string"
	case '0':
		return "number"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	case '{':
		return "object"
	case '[':
		return "array"
	}
	return "value"
}
