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

	retryAfter int // seconds; sent as the Retry-After header when > 0
}

// ProblemError is one problem with the request: where it is (a JSON path
// such as "body.moves[3]"), what is wrong, and the value at fault.
type ProblemError struct {
	Location string `json:"location"`
	Message  string `json:"message"`
	Value    any    `json:"value,omitempty"`
}

// Error returns the detail, so that a *Problem can travel as an error.
func (p *Problem) Error() string { return p.Title + ": " + p.Detail }

// Problem types, one per kind of failure. They are relative URIs, resolved
// against the service's own address; README.md lists them.
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
)

func malformed(detail string, errs ...ProblemError) *Problem {
	return &Problem{Type: typeMalformed, Title: "Malformed request", Status: http.StatusBadRequest, Detail: detail, Errors: errs}
}

func invalid(detail string, errs ...ProblemError) *Problem {
	return &Problem{Type: typeInvalid, Title: "Invalid request", Status: http.StatusUnprocessableEntity, Detail: detail, Errors: errs}
}

func overloaded(detail string) *Problem {
	return &Problem{Type: typeOverloaded, Title: "Service overloaded", Status: http.StatusServiceUnavailable, Detail: detail, retryAfter: 1}
}

// internalError is all a caller learns of an unexpected failure: the details
// go to the log under the same request id.
func internalError() *Problem {
	return &Problem{Type: typeInternal, Title: "Internal server error", Status: http.StatusInternalServerError,
		Detail: "the server failed to answer; quote the request id when reporting it"}
}

// writeProblem sends p as application/problem+json, filling in the instance
// (the request path) and the request id.
func writeProblem(w http.ResponseWriter, r *http.Request, p *Problem) {
	p.Instance = r.URL.Path
	p.RequestID = RequestID(r.Context())
	if p.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(p.retryAfter))
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
