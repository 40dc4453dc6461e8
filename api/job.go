package api

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"movesvc/engine"
)

// moveJob is a request to POST /move (or one item of POST /moves) that
// passed validation: its game, position, search parameters and deadline.
type moveJob struct {
	game    engine.Description
	st      engine.State
	params  engine.Params
	timeout time.Duration
	// timeoutGiven is true when the request set timeout_ms itself.
	timeoutGiven bool
	analysis     bool
	multiPV      int // 0: the game's default
}

// prepare validates a decoded request and builds its position: a 422
// *Problem naming the field at fault (or a 500 for a game's internal
// failure) when it cannot be searched.
func (s *Server) prepare(r *http.Request, req *moveRequest) (*moveJob, *Problem) {
	if err := s.validate.Struct(req); err != nil {
		return nil, validationProblem(err)
	}
	game, ok := s.games.Lookup(req.Game)
	if !ok {
		return nil, invalid("unknown game "+quote(req.Game), ProblemError{Location: "body.game", Value: req.Game,
			Message: "must be one of: " + strings.Join(s.games.Names(), ", ")})
	}
	desc := game.Describe()
	if p := req.checkOptions(desc); p != nil {
		return nil, p
	}
	depth, timeout, p := req.limits(desc, s.cfg)
	if p != nil {
		return nil, p
	}
	if p := req.checkAnalysis(); p != nil {
		return nil, p
	}
	st, err := game.NewState(req.setup())
	if err != nil {
		return nil, s.stateProblem(r, err)
	}
	job := &moveJob{game: desc, st: st, timeout: timeout, timeoutGiven: req.TimeoutMS != nil, analysis: req.Analysis,
		params: engine.Params{Depth: depth, TableBits: s.cfg.TableBits}}
	if req.Level != nil {
		job.params.Level = *req.Level
	}
	if req.Seed != nil {
		job.params.Seed = *req.Seed
	}
	if req.MultiPV != nil {
		job.multiPV = *req.MultiPV
	}
	return job, nil
}

// admit checks that the server takes work and takes a search slot for a
// request whose deadline is ctx's: a 503 *Problem when it cannot. On
// success the caller must call s.admission.release.
func (s *Server) admit(ctx context.Context) *Problem {
	if !s.ready.Load() {
		return &Problem{Type: typeShuttingDown, Title: "Shutting down", Status: http.StatusServiceUnavailable,
			Detail: "this instance is shutting down; retry on another", retryAfter: 1}
	}
	if err := s.admission.acquire(ctx); err != nil {
		s.metrics.Rejections.Inc()
		return overloaded("every search slot is busy and the wait queue is full; retry later")
	}
	return nil
}

// jobResult is what running a job found: the search result, the analysis
// when asked for, and whether the client went away meanwhile.
type jobResult struct {
	res      engine.Result
	analysis []engine.MoveScore
	canceled bool
}

// runJob searches an admitted job until ctx's deadline and records the
// metrics; the caller holds the search slot. With analysis the move's
// search gets half the time and the analysis the rest (and whatever the
// search left). clientCtx is the request's own context, to tell a client
// that went away from a deadline.
func (s *Server) runJob(ctx, clientCtx context.Context, job *moveJob) jobResult {
	s.metrics.SearchesInFlight.Inc()
	defer s.metrics.SearchesInFlight.Dec()
	name := job.game.Name
	var out jobResult
	searchCtx, cancel := ctx, context.CancelFunc(func() {})
	if job.analysis {
		searchCtx, cancel = engine.ShareDeadline(ctx, 2)
	}
	out.res = engine.Search(searchCtx, job.st, job.params)
	cancel()
	nodes, deadlineHit := out.res.Nodes, out.res.DeadlineHit
	if job.analysis && clientCtx.Err() == nil {
		full := job.params
		full.Level, full.Progress = 0, nil
		out.analysis = engine.Analyze(ctx, job.st, full, job.multiPV)
		for _, e := range out.analysis {
			nodes += e.Nodes
			deadlineHit = deadlineHit || !e.Complete && ctx.Err() != nil
		}
	}
	s.metrics.SearchNodes.WithLabelValues(name).Add(float64(nodes))
	s.metrics.SearchDuration.WithLabelValues(name).Observe(out.res.Elapsed.Seconds())
	s.metrics.SearchDepth.WithLabelValues(name).Observe(float64(out.res.Depth))
	switch {
	case clientCtx.Err() != nil && (deadlineHit || job.analysis):
		// The client went away and the search stopped for it; there is
		// nobody to answer.
		s.metrics.Cancellations.WithLabelValues(name).Inc()
		out.canceled = true
	case deadlineHit:
		s.metrics.DeadlineHits.WithLabelValues(name).Inc()
	}
	return out
}

// response renders a job's result, or returns a 500 *Problem (logged) when
// the search found no move.
func (s *Server) response(r *http.Request, job *moveJob, jr jobResult) (moveResponse, *Problem) {
	if jr.res.Move == engine.NoMove {
		s.log.ErrorContext(r.Context(), "search returned no move", slog.String("request_id", RequestID(r.Context())),
			slog.String("game", job.game.Name), slog.Any("board", job.st.Board()))
		return moveResponse{}, internalError()
	}
	resp := newMoveResponse(job.game.Name, job.st, jr.res)
	if job.analysis {
		resp.Analysis = newAnalysis(job.st, jr.analysis)
	}
	return resp, nil
}
