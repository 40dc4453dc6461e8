package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// decodeJSON reads r's body, which must be one JSON object of at most
// maxBytes, into v (decodeObject: only the fields v knows and the game
// options named in options, each once and spelt exactly). It returns a
// *Problem: 415 for another content type, 413 for a larger body, 408 for
// a body not sent in time, 400 for anything that is not such an object. A
// body whose declared Content-Length is over maxBytes gets its 413 before a
// byte of it is read, so a client that sent Expect: 100-continue is never
// told to send it.
func decodeJSON(w http.ResponseWriter, r *http.Request, maxBytes int64, v any, options map[string]bool) *Problem {
	if p := checkContentType(r.Header.Get("Content-Type")); p != nil {
		return p
	}
	if r.ContentLength > maxBytes {
		return tooLargeProblem(maxBytes)
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBytes))
	if err != nil {
		return readProblem(err, maxBytes)
	}
	return decodeObject(data, v, options)
}

// optionHolder is a request that takes game options: top-level fields that
// some game names (engine.Description.Options) rather than fields of the
// request type, handed over raw for the game to check.
type optionHolder interface {
	setOptions(map[string]json.RawMessage)
}

// decodeObject decodes data into v, a pointer to a request struct: data
// must be one JSON object, not null, and nothing after it; its fields must
// be v's, or game options named in options when v is an optionHolder, each
// given once and spelt exactly as the contract spells it (checkKeys); a
// value of the wrong type is named by its path (body.moves[1]). It
// returns a 400 *Problem otherwise.
func decodeObject(data []byte, v any, options map[string]bool) *Problem {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return decodeProblem(data, err)
	}
	// One object and nothing after it but white space.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return malformed("the body must hold a single JSON object and nothing after it",
			ProblemError{Location: "body", Message: "must end after the object"})
	}
	if i := skipSpace(data, 0); i >= len(data) || data[i] != '{' {
		return malformed("the body must be a JSON object", ProblemError{Location: "body", Message: "must be a JSON object"})
	}
	holder, takesOptions := v.(optionHolder)
	if !takesOptions {
		options = nil
	}
	given, p := checkKeys(data, v, options)
	if p != nil {
		return p
	}
	if takesOptions {
		holder.setOptions(given)
	}
	return nil
}

// readProblem explains why the body could not be read: too large, too slow
// (the server's read timeout), or cut off.
func readProblem(err error, maxBytes int64) *Problem {
	if p := tooLarge(err, maxBytes); p != nil {
		return p
	}
	if ne, ok := errors.AsType[net.Error](err); ok && ne.Timeout() {
		return &Problem{Type: typeTimeout, Title: "Request timeout", Status: http.StatusRequestTimeout,
			Detail: "the body was not received within the server's read timeout",
			Errors: []ProblemError{{Location: "body", Message: "was not received in time"}}}
	}
	return malformed("the body could not be read: "+err.Error(), ProblemError{Location: "body", Message: "could not be read"})
}

// checkKeys rejects what encoding/json lets through: a field given twice
// (the last would win) and a field name that matches one of v's only when
// case is folded ("GAME", "moveſ"); and every name that is neither one of
// v's nor in options. It returns the raw values of the fields in options.
// data holds one JSON object that decoded into v, a pointer to a struct.
func checkKeys(data []byte, v any, options map[string]bool) (map[string]json.RawMessage, *Problem) {
	known := jsonNames(reflect.TypeOf(v).Elem())
	var given map[string]json.RawMessage
	seen := make([]string, 0, 16)
	i := skipSpace(data, 0)
	for i = skipSpace(data, i+1); i < len(data) && data[i] == '"'; {
		end := skipString(data, i)
		raw := data[i:end]
		key := string(raw[1 : len(raw)-1])
		if bytes.IndexByte(raw, '\\') >= 0 {
			_ = json.Unmarshal(raw, &key)
		}
		switch {
		case !known[key] && !options[key]:
			return nil, malformed(fmt.Sprintf("unknown field %q", key),
				ProblemError{Location: "body." + key, Message: "is not a field of this request (field names are case-sensitive)"})
		case slices.Contains(seen, key):
			return nil, malformed(fmt.Sprintf("field %q is given twice", key),
				ProblemError{Location: "body." + key, Message: "is given more than once"})
		}
		seen = append(seen, key)
		i = skipSpace(data, end)
		start := skipSpace(data, i+1) // past ':'
		i = skipValue(data, start)
		if options[key] {
			if given == nil {
				given = map[string]json.RawMessage{}
			}
			given[key] = json.RawMessage(data[start:i])
		}
		i = skipSpace(data, i)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return given, nil
}

// elementIndex returns the index of the element of the array that is the
// value of key in data, a JSON object, whose text contains offset (where
// encoding/json stopped on it); -1 when there is none.
func elementIndex(data []byte, key string, offset int64) int {
	for i := skipSpace(data, skipSpace(data, 0)+1); i < len(data) && data[i] == '"'; {
		end := skipString(data, i)
		var k string
		_ = json.Unmarshal(data[i:end], &k)
		i = skipSpace(data, skipSpace(data, end)+1) // past ':'
		if k == key && i < len(data) && data[i] == '[' {
			for j, n := skipSpace(data, i+1), 0; j < len(data) && data[j] != ']'; n++ {
				e := skipValue(data, j)
				if offset > int64(j) && offset <= int64(e) {
					return n
				}
				j = skipSpace(data, e)
				if j < len(data) && data[j] == ',' {
					j = skipSpace(data, j+1)
				}
			}
			return -1
		}
		i = skipSpace(data, skipValue(data, i))
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return -1
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index just past the JSON string starting at i.
func skipString(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// skipValue returns the index just past the JSON value starting at i.
func skipValue(data []byte, i int) int {
	depth := 0
	for i < len(data) {
		switch data[i] {
		case '"':
			i = skipString(data, i)
			if depth == 0 {
				return i
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i // the end of the enclosing object
			}
			depth--
			if depth == 0 {
				return i + 1
			}
		case ',':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return i
}

// fieldNames caches jsonNames by type.
var fieldNames sync.Map // reflect.Type -> map[string]bool

// jsonNames returns the JSON names of struct type t's fields. The caller
// must not modify the map.
func jsonNames(t reflect.Type) map[string]bool {
	if names, ok := fieldNames.Load(t); ok {
		return names.(map[string]bool)
	}
	names := map[string]bool{}
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			names[name] = true
		}
	}
	fieldNames.Store(t, names)
	return names
}

func checkContentType(ct string) *Problem {
	mediaType, params, err := mime.ParseMediaType(ct)
	ok := err == nil && (mediaType == "application/json" || strings.HasPrefix(mediaType, "application/") && strings.HasSuffix(mediaType, "+json"))
	if cs, has := params["charset"]; ok && has && !strings.EqualFold(cs, "utf-8") {
		ok = false
	}
	if ok {
		return nil
	}
	shown := ct
	if shown == "" {
		shown = "none"
	}
	return &Problem{Type: typeMediaType, Title: "Unsupported media type", Status: http.StatusUnsupportedMediaType,
		Detail: fmt.Sprintf("the body must be JSON sent as Content-Type: application/json; got %s", shown),
		Errors: []ProblemError{{Location: "header.Content-Type", Message: "must be application/json", Value: ct}}}
}

func tooLarge(err error, maxBytes int64) *Problem {
	var mbe *http.MaxBytesError
	if !errors.As(err, &mbe) {
		return nil
	}
	return tooLargeProblem(maxBytes)
}

// tooLargeProblem is the 413 for a body over maxBytes.
func tooLargeProblem(maxBytes int64) *Problem {
	msg := fmt.Sprintf("must be at most %d bytes", maxBytes)
	return &Problem{Type: typeTooLarge, Title: "Request body too large", Status: http.StatusRequestEntityTooLarge,
		Detail: "the body " + msg, Errors: []ProblemError{{Location: "body", Message: msg}}}
}

// decodeProblem explains a json.Decoder error on data in terms of the
// request's fields: a value of the wrong type is named by its path, down
// to the element of an array.
func decodeProblem(data []byte, err error) *Problem {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return malformed("the body is empty; it must be a JSON object", ProblemError{Location: "body", Message: "is empty"})
	case errors.Is(err, io.ErrUnexpectedEOF):
		return malformed("the body ends in the middle of a JSON value", ProblemError{Location: "body", Message: "ends in the middle of a JSON value"})
	case errors.As(err, &syntax):
		msg := fmt.Sprintf("is not valid JSON: %v at byte %d", syntax, syntax.Offset)
		return malformed("the body "+msg, ProblemError{Location: "body", Message: msg})
	case errors.As(err, &typ):
		loc := "body"
		if typ.Field != "" {
			loc += "." + typ.Field
			if i := elementIndex(data, typ.Field, typ.Offset); i >= 0 && !strings.Contains(typ.Field, ".") {
				loc += "[" + strconv.Itoa(i) + "]"
			}
		}
		msg := fmt.Sprintf("must be %s, not a JSON %s", describeType(typ.Type.String()), typ.Value)
		return malformed(fieldSentence(loc, msg), ProblemError{Location: loc, Message: msg})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return malformed(fmt.Sprintf("unknown field %q", name),
			ProblemError{Location: "body." + name, Message: "is not a field of this request"})
	}
	return malformed("the body could not be read as JSON: "+err.Error(), ProblemError{Location: "body", Message: "is not a JSON object of this request"})
}

// describeType names a Go type the way a JSON client thinks of it.
func describeType(goType string) string {
	switch {
	case strings.HasSuffix(goType, "[]string"):
		return "an array of strings"
	case strings.HasSuffix(goType, "string"):
		return "a string"
	case strings.HasSuffix(goType, "int"), strings.HasSuffix(goType, "int64"):
		return "an integer"
	case strings.HasSuffix(goType, "bool"):
		return "a boolean"
	case strings.HasPrefix(goType, "api.") || strings.HasPrefix(goType, "*api."):
		return "a JSON object"
	}
	return goType
}
