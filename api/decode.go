package api

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"
)

// decodeJSON reads r's body, which must be one JSON object of at most
// maxBytes, into v (decodeObject: only the fields v knows and the game
// options named in options, each once and spelt exactly). It returns a
// *Problem: 415 for another content type or a content coding
// (checkContentEncoding), 413 for a larger body, 408 for a body not sent
// in time, 400 for anything that is not such an object. A body whose
// declared Content-Length is over maxBytes gets its 413 before a byte of
// it is read, so a client that sent Expect: 100-continue is never told to
// send it.
func decodeJSON(w http.ResponseWriter, r *http.Request, maxBytes int64, v any, options map[string]bool) *Problem {
	if p := checkContentType(r.Header.Get("Content-Type")); p != nil {
		return p
	}
	if p := checkContentEncoding(r.Header.Values("Content-Encoding")); p != nil {
		w.Header().Set("Accept-Encoding", "identity") // the codings a body may have (RFC 7694)
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

// checkContentEncoding returns the 415 for a body sent with a content
// coding (the values of its Content-Encoding headers) other than identity.
// Bodies are not decoded: a request is a few hundred bytes, and a coded
// body would need a bound of its own on what it expands to.
func checkContentEncoding(values []string) *Problem {
	for _, v := range values {
		for coding := range strings.SplitSeq(v, ",") {
			coding = strings.TrimSpace(coding)
			if coding == "" || strings.EqualFold(coding, "identity") {
				continue
			}
			return &Problem{Type: typeMediaType, Title: "Unsupported media type", Status: http.StatusUnsupportedMediaType,
				Detail: "the body must be sent without a content coding; got Content-Encoding: " + clip(strings.Join(values, ", ")),
				Errors: []ProblemError{{Location: "header.Content-Encoding", Message: "must be absent or identity", Value: clip(strings.Join(values, ", "))}}}
		}
	}
	return nil
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
