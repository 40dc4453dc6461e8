package api

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// Problem is an RFC 9457 problem details body, with an errors list that
// names each offending request field.
type Problem struct {
	Type      string         `json:"type"`
	Title     string         `json:"title"`
	Status    int            `json:"status"`
	Detail    string         `json:"detail,omitempty"`
	Instance  string         `json:"instance,omitempty"`
	RequestID string         `json:"request_id,omitempty"`
	Errors    []ProblemError `json:"errors,omitempty"`

	retryAfter int         // seconds; sent as the Retry-After header when > 0
	header     http.Header // more header fields sent with the problem
}

// ProblemError is one problem with the request: where it is (a JSON path
// such as "body.moves[3]", a header such as "header.Content-Type", "method",
// "path", or "server" when the request is fine but the server cannot take
// it now), what is wrong, and the value at fault.
type ProblemError struct {
	Location string `json:"location"`
	Message  string `json:"message"`
	Value    any    `json:"value,omitempty"`
}

// Error returns the detail, so that a *Problem can travel as an error.
func (p *Problem) Error() string { return p.Title + ": " + p.Detail }

// Problem types, one per kind of failure. They are relative URIs, resolved
// against the service's own address, where GET serves each one's
// documentation (problemtypes.go).
const (
	typeMalformed    = "/problems/malformed-request"
	typeMediaType    = "/problems/unsupported-media-type"
	typeTooLarge     = "/problems/body-too-large"
	typeTimeout      = "/problems/request-timeout"
	typeInvalid      = "/problems/invalid-request"
	typeOverloaded   = "/problems/overloaded"
	typeInternal     = "/problems/internal-error"
	typeNotFound     = "/problems/not-found"
	typeMethod       = "/problems/method-not-allowed"
	typeShuttingDown = "/problems/shutting-down"
	typeUnauthorized = "/problems/unauthorized"
	typeKeyLimit     = "/problems/key-limit"
	typeRateLimited  = "/problems/rate-limited"
)

// malformed is the 400 for a body that is not a request of this API; errs
// name the places at fault (the body as a whole when none is given).
func malformed(detail string, errs ...ProblemError) *Problem {
	return &Problem{Type: typeMalformed, Title: "Malformed request", Status: http.StatusBadRequest, Detail: detail, Errors: orBody(errs, detail)}
}

// invalid is the 422 for a request that is well-formed but cannot be
// searched; errs name the fields at fault (the body when none is given).
func invalid(detail string, errs ...ProblemError) *Problem {
	return &Problem{Type: typeInvalid, Title: "Invalid request", Status: http.StatusUnprocessableEntity, Detail: detail, Errors: orBody(errs, detail)}
}

// orBody returns errs, or when it is empty one error at "body" saying
// detail, so that every problem names where it is.
func orBody(errs []ProblemError, detail string) []ProblemError {
	if len(errs) == 0 {
		return []ProblemError{{Location: "body", Message: detail}}
	}
	return errs
}

// overloaded is the 503 for a search refused for want of a search slot or
// of memory; detail says which. Its one error is at "server": the request
// is fine, the server has no room for it now.
func overloaded(detail string) *Problem {
	return &Problem{Type: typeOverloaded, Title: "Service overloaded", Status: http.StatusServiceUnavailable, Detail: detail, retryAfter: 1,
		Errors: []ProblemError{{Location: "server", Message: "has no room for this search now"}}}
}

// internalError is all a caller learns of an unexpected failure: the details
// go to the log under the same request id.
func internalError() *Problem {
	return &Problem{Type: typeInternal, Title: "Internal server error", Status: http.StatusInternalServerError,
		Detail: "the server failed to answer; quote the request id when reporting it",
		Errors: []ProblemError{{Location: "server", Message: "failed to answer"}}}
}

// writeProblem sends p as application/problem+json, filling in the instance
// (the request path) and the request id.
func writeProblem(w http.ResponseWriter, r *http.Request, p *Problem) {
	p.Instance = r.URL.Path
	p.RequestID = RequestID(r.Context())
	if p.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(p.retryAfter))
	}
	for name, values := range p.header {
		w.Header()[name] = values
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(p.Status)
	_ = json.NewEncoder(w).Encode(p)
}

// writeJSON sends v as application/json with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
