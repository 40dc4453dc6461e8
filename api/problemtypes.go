package api

import (
	"html/template"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
)

// problemType documents one problem type: what its URI (the problem's
// type) dereferences to, as RFC 9457 asks of a type URI.
type problemType struct {
	Type, Title string
	Status      int
	// When says when the problem is answered; Do what the client should
	// do about it.
	When, Do string
}

// problemTypes documents every problem type the service answers with, by
// type URI.
var problemTypes = map[string]problemType{
	typeMalformed: {typeMalformed, "Malformed request", http.StatusBadRequest,
		"The body is not a JSON object of this request: not JSON, not UTF-8, empty, cut off, more than one value, nesting deeper than 10,000, a field of the wrong JSON type (null in an array included), an unknown field (names are case-sensitive), or a field given twice.",
		"Fix the request: each entry of errors names the place at fault (body.moves[3]) and says what is wrong. Do not retry it unchanged."},
	typeInvalid: {typeInvalid, "Invalid request", http.StatusUnprocessableEntity,
		"The body is well-formed but cannot be searched: an unknown game, a board of the wrong size or with other characters, impossible stone counts, an illegal move, a finished position, an inconsistent to_move, a value out of range, an option the game does not take, or a batch with no request or too many.",
		"Fix the field each entry of errors names. GET /games lists every game with its board, options and limits. Do not retry it unchanged."},
	typeMediaType: {typeMediaType, "Unsupported media type", http.StatusUnsupportedMediaType,
		"The body was not sent as application/json (a charset other than UTF-8 included), or was sent with a content coding (Content-Encoding: gzip or any other but identity), which the service does not decode.",
		"Send Content-Type: application/json and the body as it is, without Content-Encoding."},
	typeTooLarge: {typeTooLarge, "Request body too large", http.StatusRequestEntityTooLarge,
		"The body, or the Content-Length it declares, is over the server's limit (-max-body-bytes, 64 KiB by default). A declared length over the limit is refused before the body is read.",
		"Send a smaller body: a position as a move list is a few hundred bytes; a batch may hold fewer requests."},
	typeTimeout: {typeTimeout, "Request timeout", http.StatusRequestTimeout,
		"The body did not arrive within the server's read timeout (-read-timeout).",
		"Send the body without pausing; check the network between the client and the service."},
	typeNotFound: {typeNotFound, "Not found", http.StatusNotFound,
		"The path is not a resource of this service.",
		"See GET /openapi.yaml for the paths the service serves."},
	typeMethod: {typeMethod, "Method not allowed", http.StatusMethodNotAllowed,
		"The path does not take this method; the Allow header lists those it takes.",
		"Use a method from the Allow header."},
	typeOverloaded: {typeOverloaded, "Service overloaded", http.StatusServiceUnavailable,
		"Every search slot is busy and the search could not get one, or the memory for its search, in the time it may wait for them: half its deadline. The request itself is fine.",
		"Retry after the Retry-After header's seconds, on this instance or another; a longer timeout_ms gives a request more time to wait."},
	typeShuttingDown: {typeShuttingDown, "Shutting down", http.StatusServiceUnavailable,
		"This instance is shutting down and takes no new searches; the ones it runs finish.",
		"Retry on another instance; a gateway retries it for you."},
	typeUnauthorized: {typeUnauthorized, "Unauthorized", http.StatusUnauthorized,
		"This service needs an API key for POST /move, /moves and /position, and the request sent none (no Authorization: Bearer header), or a token that is none of its keys. The WWW-Authenticate header holds the bearer challenge (RFC 6750).",
		"Send Authorization: Bearer and your API key. Ask the service's operator for a key; do not retry with the same token."},
	typeKeyLimit: {typeKeyLimit, "Over the API key's limit", http.StatusForbidden,
		"The request asks for more than its API key may: a timeout_ms, a depth or a batch of more requests than the key's limits. The field at fault is named; the request is fine otherwise.",
		"Ask for at most the key's limit (the message says it), or leave the field out to get the most the key may; a key with higher limits comes from the service's operator."},
	typeRateLimited: {typeRateLimited, "Too many requests", http.StatusTooManyRequests,
		"The client (its API key, or without keys its address) has sent its quota of requests per window, or its key has as many requests in flight as it may. RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-10) on every answer say the quotas and what is left of them.",
		"Retry after the Retry-After header's seconds; keep within the quota: RateLimit's r is the requests left and t the seconds until more come."},
	typeInternal: {typeInternal, "Internal server error", http.StatusInternalServerError,
		"The server failed to answer: a bug. The details are in the server's log under the request id, never in the answer.",
		"Report it with the request id (the request_id field and the X-Request-Id header)."},
}

// problemPage renders one problem type's documentation.
var problemPage = template.Must(template.New("problem").Parse(`<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} — movesvc problem</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}code{background:#eee;padding:0 .2em}</style>
<h1>{{.Title}}</h1>
<p>HTTP status <strong>{{.Status}}</strong>, problem type <code>{{.Type}}</code>.</p>
<h2>When</h2>
<p>{{.When}}</p>
<h2>What to do</h2>
<p>{{.Do}}</p>
<p>Every problem is <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>instance</code>, <code>request_id</code> and an <code>errors</code> list of <code>{location, message, value}</code>; <a href="/openapi.yaml">openapi.yaml</a> is the contract.</p>
</html>
`))

// handleProblemType answers GET /problems/{name}: the documentation of
// that problem type, or a 404 problem.
func (s *Server) handleProblemType(w http.ResponseWriter, r *http.Request) {
	pt, ok := problemTypes["/problems/"+chi.URLParam(r, "name")]
	if !ok {
		notFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	var b strings.Builder
	if err := problemPage.Execute(&b, pt); err != nil {
		s.fail(w, r, err)
		return
	}
	_, _ = w.Write([]byte(b.String()))
}
