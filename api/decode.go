package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// decodeJSON reads r's body, which must be one JSON object of at most
// maxBytes with only the fields v knows, into v. It returns a *Problem:
// 415 for another content type, 413 for a larger body, 400 for anything
// that is not such an object.
func decodeJSON(w http.ResponseWriter, r *http.Request, maxBytes int64, v any) *Problem {
	if p := checkContentType(r.Header.Get("Content-Type")); p != nil {
		return p
	}
	body := http.MaxBytesReader(w, r.Body, maxBytes)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeProblem(err, maxBytes)
	}
	// One object and nothing after it but white space.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if p := tooLarge(err, maxBytes); p != nil {
			return p
		}
		return malformed("the body must hold a single JSON object and nothing after it")
	}
	return nil
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
	return &Problem{Type: typeTooLarge, Title: "Request body too large", Status: http.StatusRequestEntityTooLarge,
		Detail: fmt.Sprintf("the body must be at most %d bytes", maxBytes)}
}

// decodeProblem explains a json.Decoder error in terms of the request's
// fields.
func decodeProblem(err error, maxBytes int64) *Problem {
	if p := tooLarge(err, maxBytes); p != nil {
		return p
	}
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return malformed("the body is empty; it must be a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return malformed("the body ends in the middle of a JSON value")
	case errors.As(err, &syntax):
		return malformed(fmt.Sprintf("the body is not valid JSON: %v at byte %d", syntax, syntax.Offset))
	case errors.As(err, &typ):
		loc := "body"
		if typ.Field != "" {
			loc += "." + typ.Field
		}
		msg := fmt.Sprintf("must be %s, not a JSON %s", describeType(typ.Type.String()), typ.Value)
		return malformed(fmt.Sprintf("%s %s", loc, msg), ProblemError{Location: loc, Message: msg})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return malformed(fmt.Sprintf("unknown field %q", name),
			ProblemError{Location: "body." + name, Message: "is not a field of this request"})
	}
	return malformed("the body could not be read as JSON: " + err.Error())
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
