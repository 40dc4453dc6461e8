package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"movesvc/engine"
)

// eventStream is the media type of server-sent events.
const eventStream = "text/event-stream"

// acceptsEventStream reports whether the request's Accept header lists
// text/event-stream (with a non-zero quality).
func acceptsEventStream(r *http.Request) bool {
	for _, h := range r.Header.Values("Accept") {
		for _, part := range strings.Split(h, ",") {
			mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err != nil || mt != eventStream {
				continue
			}
			if q, given := params["q"]; given {
				if v, err := strconv.ParseFloat(q, 64); err != nil || v <= 0 {
					continue
				}
			}
			return true
		}
	}
	return false
}

// progressEvent is the data of a "progress" event: one completed iteration.
type progressEvent struct {
	Depth      int      `json:"depth"`
	Score      int      `json:"score"`
	Outcome    string   `json:"outcome"`
	PliesToEnd *int     `json:"plies_to_end,omitempty"`
	Move       moveJSON `json:"move"`
	PV         []string `json:"pv"`
	PVSAN      []string `json:"pv_san,omitempty"`
	Nodes      uint64   `json:"nodes"`
	ElapsedMS  float64  `json:"elapsed_ms"`
}

// streamMove answers an admitted job as server-sent events: a "progress"
// event after each completed search iteration, then one "result" event
// whose data is the JSON response's body, or an "error" event holding a
// problem. The search stops when the client closes the connection.
//
// What can be refused is refused before the stream starts, as the plain
// answer would be: the caller holds the job's lease (its slot and memory)
// before the stream starts, so a refusal is a 503 problem, not a stream.
// Once the 200 headers are out, a failure can only be told as an "error" event:
// a panic in the search (logged with the request id and the stack, counted
// in the panics metric, shown as a generic internal error) or a search
// that found no move.
//
// The stream releases the lease once the search has ended and before it
// sends the "result" event, so that a client which reads that event and
// sends its next request at once finds the slot free (the caller's
// deferred Release then does nothing).
func (s *Server) streamMove(ctx context.Context, w http.ResponseWriter, r *http.Request, job *moveJob, l *Lease) {
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", eventStream)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // proxies must not hold events back
	w.WriteHeader(http.StatusOK)
	_ = rc.Flush()

	view := job.st.Clone() // for notations while the search uses job.st
	seq := 0
	send := func(event string, v any) {
		seq++
		data, err := json.Marshal(v)
		if err != nil {
			return
		}
		// A write error means the client is gone; its context ends the search.
		if _, err := fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", seq, event, data); err == nil {
			_ = rc.Flush()
		}
	}
	sendProblem := func(p *Problem) {
		p.Instance, p.RequestID = r.URL.Path, RequestID(r.Context())
		send("error", p)
	}
	defer func() {
		if s.recovered(r, recover()) {
			sendProblem(internalError())
		}
	}()
	job.params.Progress = func(p engine.Progress) {
		if p.Move == engine.NoMove {
			return
		}
		ev := progressEvent{Depth: p.Depth, Score: p.Score, Outcome: p.Outcome.String(), Move: moveOf(view, p.Move),
			Nodes: p.Nodes, ElapsedMS: float64(p.Elapsed.Microseconds()) / 1000}
		ev.PV, ev.PVSAN = formatLines(view, p.PV)
		if p.Outcome != engine.OutcomeUnknown && p.PliesToEnd > 0 {
			ev.PliesToEnd = &p.PliesToEnd
		}
		send("progress", ev)
	}
	jr, err := s.runJob(ctx, r.Context(), job, l)
	l.Release()
	if errors.Is(err, errClientGone) {
		return
	}
	var resp moveResponse
	if err == nil {
		resp, err = s.response(r, job, jr)
	}
	if err != nil {
		sendProblem(s.problemFor(r, err))
		return
	}
	send("result", resp)
}
