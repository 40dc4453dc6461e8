package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"movesvc/engine"
)

// DefaultMaxBatch is how many positions POST /moves takes when
// Config.MaxBatch is zero.
const DefaultMaxBatch = 16

// batchRequest is the body of POST /moves: move requests, each as POST
// /move takes it, and the deadline of the whole batch.
type batchRequest struct {
	Requests  []rawRequest `json:"requests" validate:"required,min=1"`
	TimeoutMS *int         `json:"timeout_ms" validate:"omitnil,min=1"`
}

// batchItem is the answer to one request of a batch: its index, its HTTP
// status, and either the move response (200) or a problem.
type batchItem struct {
	Index   int           `json:"index"`
	Status  int           `json:"status"`
	Result  *moveResponse `json:"result,omitempty"`
	Problem *Problem      `json:"problem,omitempty"`
}

// batchResponse is the body of a 200 answer to POST /moves.
type batchResponse struct {
	Results []batchItem `json:"results"`
}

// handleMoves answers POST /moves: every request of the batch validated on
// its own, then the valid ones searched in order under one search slot,
// each given an equal share of the time left to the batch's deadline (and
// at most its own timeout_ms). A request that fails gets its problem in its
// place, a search that panics a generic 500 (runItem); the batch fails
// only as a whole request does (a malformed body, too many requests, no
// search slot).
func (s *Server) handleMoves(w http.ResponseWriter, r *http.Request) {
	arrived := time.Now()
	var req batchRequest
	if p := decodeJSON(w, r, s.cfg.MaxBodyBytes, &req, nil); p != nil {
		s.fail(w, r, p)
		return
	}
	key := keyOf(r.Context())
	timeout, err := s.checkBatch(&req)
	if err == nil {
		timeout, err = key.capBatch(len(req.Requests), req.TimeoutMS, timeout)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}

	out := batchResponse{Results: make([]batchItem, len(req.Requests))}
	jobs := make([]*moveJob, len(req.Requests))
	valid := 0
	for i, raw := range req.Requests {
		out.Results[i].Index = i
		job, err := s.prepareItem(raw, key)
		if err != nil {
			out.Results[i].setProblem(r, i, s.problemFor(r, err))
			continue
		}
		jobs[i] = job
		valid++
	}

	deadline := arrived.Add(timeout)
	ctx, cancel := context.WithDeadline(r.Context(), deadline)
	defer cancel()
	var lease *Lease
	if valid > 0 {
		lease, err = s.lease(ctx, batchNeed(jobs), arrived)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		defer lease.Release()
	}
	for i, job := range jobs {
		if job == nil {
			continue
		}
		var own time.Duration
		if job.timeoutGiven {
			own = job.timeout
		}
		ictx, icancel := context.WithDeadline(ctx, itemDeadline(time.Now(), deadline, valid, own))
		resp, err := s.runItem(ictx, r, i, job, lease)
		icancel()
		valid--
		if errors.Is(err, errClientGone) || r.Context().Err() != nil {
			return
		}
		if err != nil {
			out.Results[i].setProblem(r, i, s.problemFor(r, err))
			continue
		}
		out.Results[i].Status, out.Results[i].Result = http.StatusOK, &resp
	}
	writeJSON(w, http.StatusOK, out)
}

// checkBatch validates a batch as a whole and returns its timeout: a 422
// *Problem for no request, more than -max-batch, or a timeout_ms out of
// range.
func (s *Server) checkBatch(req *batchRequest) (time.Duration, error) {
	if err := s.validate.Struct(req); err != nil {
		return 0, validationProblem(err)
	}
	if n := len(req.Requests); n > s.cfg.MaxBatch {
		msg := "must have at most " + itoa(s.cfg.MaxBatch) + " items, the server's maximum"
		return 0, invalid("requests "+msg, ProblemError{Location: "body.requests", Message: msg, Value: n})
	}
	return requestTimeout(req.TimeoutMS, s.cfg)
}

// runItem searches item i of a batch, admitted, until ctx's deadline and
// renders its answer, as POST /move does (runSearch). A panic in the
// search is recovered here, logged with the request id and the item's
// index and counted as the middleware does, and becomes the item's generic
// 500 problem, so that the batch's other items are still searched and
// answered: what the search held (its memory reservation, the in-flight
// gauge) is given back by the deferred calls as the panic unwinds, and the
// batch keeps its search slot.
func (s *Server) runItem(ctx context.Context, r *http.Request, i int, job *moveJob, l *Lease) (resp moveResponse, err error) {
	defer func() {
		if s.recovered(r, recover(), slog.Int("item", i), slog.String("game", job.game.Name)) {
			resp, err = moveResponse{}, errPanicked
		}
	}()
	resp, _, err = s.runSearch(ctx, r, job, l)
	return resp, err
}

// batchNeed returns the memory the searches of a batch's jobs (nil for a
// refused item) hold: the most any one holds, for they run one after the
// other under one lease, each reusing what the one before handed back.
func batchNeed(jobs []*moveJob) int64 {
	var n int64
	for _, j := range jobs {
		if j != nil {
			n = max(n, j.need())
		}
	}
	return n
}

// itemDeadline returns the deadline of the next item of a batch, searched
// from now: an equal share of the time from now to the batch's deadline
// among the left items still to search (the last of them gets all of it),
// and no later than now + own when the item set its own timeout_ms (own >
// 0). It is never later than the batch's deadline. Items searched one after
// the other with the deadlines it gives never overrun the batch's
// deadline, and each finds at least its equal share of the batch's time
// when the ones before it used no more than theirs: time an item leaves
// unused (it completed, or its own timeout_ms was shorter) goes to the
// items after it.
func itemDeadline(now, batch time.Time, left int, own time.Duration) time.Time {
	return engine.ShareOf(now, batch, 1, max(left, 1), own)
}

// prepareItem decodes and validates one request of a batch, by the rules
// of POST /move: a JSON object (not null) with only known fields and game
// options, each once and spelt exactly (decodeObject), then prepare's
// checks, under the limits of key k (nil: none). The problem's locations
// start at "body", for setProblem to place.
func (s *Server) prepareItem(raw rawRequest, k *clientKey) (*moveJob, error) {
	var req moveRequest
	if p := decodeObject(raw, &req, s.options); p != nil {
		return nil, p
	}
	return s.prepare(&req, k)
}

// setProblem answers the batch's request i with p: its locations and
// detail name body.requests[i], and it carries the batch's instance and
// request id.
func (item *batchItem) setProblem(r *http.Request, i int, p *Problem) {
	prefix := "body.requests[" + strconv.Itoa(i) + "]"
	for j, e := range p.Errors {
		if rest, ok := strings.CutPrefix(e.Location, "body"); ok {
			p.Errors[j].Location = prefix + rest
		}
	}
	p.Detail = "requests[" + strconv.Itoa(i) + "]: " + p.Detail
	p.Instance, p.RequestID = r.URL.Path, RequestID(r.Context())
	item.Status, item.Problem = p.Status, p
}
