package api

import (
	"errors"
	"log/slog"
	"net/http"

	"movesvc/engine"
)

// The steps of a request (decode, prepare, admit, reserve, run, respond)
// return an error when the request cannot go on; problemFor is the one
// place that turns an error into the problem the client gets. A step that
// finds fault with the request returns a *Problem, which is an error and
// names the field at fault; the conditions of the server are the typed
// errors below; a game's rejection of the position is an
// *engine.InputError; anything else is a bug.
var (
	// errShuttingDown: the server stopped taking work.
	errShuttingDown = errors.New("this instance is shutting down; retry on another")
	// errClientGone: the client closed the connection and its search
	// stopped; there is nobody to answer.
	errClientGone = errors.New("the client went away")
	// errNoMove: a search returned no move for a position that is not over.
	errNoMove = errors.New("the search returned no move")
	// errPanicked: a search panicked, and the panic was recovered and
	// logged where it happened.
	errPanicked = errors.New("the search panicked")
)

// overloadError is the refusal of a search for want of a search slot or
// of search memory in the time it may wait: a 503 with Retry-After. Its
// text says which.
type overloadError struct{ reason string }

func (e *overloadError) Error() string { return e.reason }

// The refusals of admission control and of the memory budget.
var (
	errQueueFull = &overloadError{"every search slot is busy and every place in the wait queue is taken; retry later"}
	errWaitLong  = &overloadError{"every search slot is busy and the wait for one would not leave the search its time; retry later"}
	errWaitEnded = &overloadError{"every search slot stayed busy for as long as the search could wait for one; retry later"}
	errNoMemory  = &overloadError{"the searches running now hold the whole memory budget and would not free it in time; retry later"}
)

// problemFor returns the problem that answers err: err itself when it is a
// *Problem (a fault of the request); a 422 naming the field for a game's
// *engine.InputError; a 503 for an overload or a shutdown; and for
// anything else the generic 500, the error logged under the request id
// and never shown. errClientGone has no answer; it maps to the 500 that
// would be logged if it ever reached a client.
func (s *Server) problemFor(r *http.Request, err error) *Problem {
	var p *Problem
	var ov *overloadError
	switch {
	case errors.As(err, &p):
		return p
	case errors.As(err, &ov):
		return overloaded(ov.reason)
	case errors.Is(err, errShuttingDown):
		return shuttingDown()
	case errors.Is(err, errPanicked):
		return internalError() // logged with its stack where it was recovered
	}
	if ie, ok := engine.AsInputError(err); ok {
		return invalid(ie.Error(), ProblemError{Location: "body." + ie.Field, Message: ie.Message, Value: ie.Value})
	}
	s.log.ErrorContext(r.Context(), "request failed", slog.String("request_id", RequestID(r.Context())),
		slog.Any("error", err))
	return internalError()
}

// fail answers r with the problem for err, unless the client went away.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, errClientGone) {
		return
	}
	writeProblem(w, r, s.problemFor(r, err))
}
