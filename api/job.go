package api

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"movesvc/engine"
	"movesvc/engine/strength"
)

// moveJob is a request to POST /move (or one item of POST /moves) that
// passed validation: its game, position, search parameters and deadline.
type moveJob struct {
	g       engine.Game
	game    engine.Description
	st      engine.State
	options map[string]any // the game options, checked (engine.Setup.Options)
	params  strength.Params
	timeout time.Duration
	// timeoutGiven is true when the request set timeout_ms itself.
	timeoutGiven bool
	analysis     bool
	multiPV      int // 0: the game's default
	// waitUntil, when set, is the latest moment the job may still wait for
	// its search slot and its search memory (Server.waitUntil); past it the
	// search would keep too little of its time.
	waitUntil time.Time
}

// prepare validates a decoded request and builds its position. Its error
// is a *Problem naming the field at fault, or the game's
// *engine.InputError, or (a bug) another error; problemFor maps each.
func (s *Server) prepare(req *moveRequest) (*moveJob, error) {
	if err := s.validate.Struct(req); err != nil {
		return nil, validationProblem(err)
	}
	game, ok := s.games.Lookup(req.Game)
	if !ok {
		return nil, unknownGame(req.Game, s.games.Names())
	}
	desc := game.Describe()
	options, err := gameOptions(desc, req.Options)
	if err != nil {
		return nil, err
	}
	depth, err := req.depth(desc)
	if err != nil {
		return nil, err
	}
	timeout, err := requestTimeout(req.TimeoutMS, s.cfg)
	if err != nil {
		return nil, err
	}
	if err := req.checkAnalysis(); err != nil {
		return nil, err
	}
	st, err := game.NewState(req.setup(options))
	if err != nil {
		return nil, err
	}
	job := &moveJob{g: game, game: desc, st: st, options: options, timeout: timeout, timeoutGiven: req.TimeoutMS != nil,
		analysis: req.Analysis, params: strength.Params{Params: engine.Params{Depth: depth, TableBits: s.cfg.TableBits}}}
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

// unknownGame is the 422 for a game that is not one of names.
func unknownGame(game string, names []string) *Problem {
	return invalid("unknown game "+quote(game), ProblemError{Location: "body.game", Value: game,
		Message: "must be one of: " + strings.Join(names, ", ")})
}

// cacheable reports whether the job's answer may come from, and go to, the
// cache of proved answers: a full-strength search without analysis.
func (j *moveJob) cacheable() bool {
	return !j.analysis && (j.params.Level == 0 || j.params.Level == engine.MaxLevel)
}

// shuttingDown is the 503 for work that arrives once the server stopped
// taking it.
func shuttingDown() *Problem {
	return &Problem{Type: typeShuttingDown, Title: "Shutting down", Status: http.StatusServiceUnavailable,
		Detail: errShuttingDown.Error(), retryAfter: 1,
		Errors: []ProblemError{{Location: "server", Message: "is shutting down"}}}
}

// waitUntil returns the latest moment a request that arrived at arrived
// with the given time to its deadline may still wait for a search slot and
// memory: after 1/maxWaitShare of its time, and after Config.QueueWait when
// that is set and shorter.
func (s *Server) waitUntil(arrived time.Time, timeout time.Duration) time.Time {
	wait := timeout / maxWaitShare
	if s.cfg.QueueWait > 0 {
		wait = min(wait, s.cfg.QueueWait)
	}
	return arrived.Add(wait)
}

// admit checks that the server takes work and takes a search slot, for a
// search whose deadline is ctx's, for a request that may wait for one until
// waitUntil (admission.acquire): errShuttingDown, or the admission's
// *overloadError, counted as a rejection, when it cannot. On success the
// caller must call release, which gives the slot back and tells admission
// control how long it was held.
func (s *Server) admit(ctx context.Context, waitUntil time.Time) (release func(), err error) {
	if !s.ready.Load() {
		return nil, errShuttingDown
	}
	searchEnd, _ := ctx.Deadline()
	wait, cancel := context.WithDeadline(ctx, waitUntil)
	defer cancel()
	h, err := s.admission.acquire(wait, searchEnd)
	if err != nil {
		s.metrics.Rejections.Inc()
		return nil, err
	}
	return func() { s.admission.release(h) }, nil
}

// reserveMemory reserves from the memory budget what the job's search
// holds; every search reserves here, before it runs, and its caller
// releases the reservation once the search is done. When the budget has no
// room now it waits, no later than job.waitUntil (and ctx), unless the
// expected wait (memoryWait) does not fit that by admission's rule (fits):
// then, and when the wait ends without room, the error is errNoMemory,
// counted as a rejection.
func (s *Server) reserveMemory(ctx context.Context, job *moveJob) (*engine.Reservation, error) {
	n := engine.SearchMemory(job.g, job.params.Params)
	if mem, ok := s.memory.TryReserve(n); ok {
		return mem, nil
	}
	if !job.waitUntil.IsZero() {
		if !fits(s.memoryWait(), job.waitUntil) {
			s.metrics.Rejections.Inc()
			return nil, errNoMemory
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, job.waitUntil)
		defer cancel()
	}
	mem, err := s.memory.Reserve(ctx, n)
	if err != nil {
		s.metrics.Rejections.Inc()
		return nil, errNoMemory
	}
	return mem, nil
}

// memoryWait estimates how long a search that finds no room in the memory
// budget waits for it: one average slot hold (admission.averageHold) for
// each search already waiting and itself, spread over the searches that
// run and will give their memory back.
func (s *Server) memoryWait() time.Duration {
	waiting := s.memory.Waiting()
	running := max(s.admission.busy()-waiting-1, 1)
	return s.admission.averageHold() * time.Duration(waiting+1) / time.Duration(running)
}

// jobResult is what running a job found: the search result and the
// analysis when asked for.
type jobResult struct {
	res      engine.Result
	analysis []engine.MoveScore
}

// runJob searches an admitted job, under the memory mem reserved for it,
// until ctx's deadline and records the metrics; the caller holds the
// search slot and releases mem. With analysis the move's search gets half
// the time and the analysis the rest (and whatever the search left).
// clientCtx is the request's own context: when the client went away and
// the search stopped for it, the error is errClientGone.
func (s *Server) runJob(ctx, clientCtx context.Context, job *moveJob, mem *engine.Reservation) (jobResult, error) {
	var out jobResult
	job.params.Memory = mem
	job.params.Threads = min(s.cfg.SearchThreads, 1+s.admission.idle())
	s.metrics.SearchesInFlight.Inc()
	defer s.metrics.SearchesInFlight.Dec()
	name := job.game.Name
	searchCtx, cancel := ctx, context.CancelFunc(func() {})
	if job.analysis {
		searchCtx, cancel = engine.ShareDeadline(ctx, 2)
	}
	out.res = strength.Search(searchCtx, job.st, job.params)
	cancel()
	nodes, deadlineHit := out.res.Nodes, out.res.DeadlineHit
	if job.analysis && clientCtx.Err() == nil {
		full := job.params.Params
		full.Progress = nil
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
		return out, errClientGone
	case deadlineHit:
		s.metrics.DeadlineHits.WithLabelValues(name).Inc()
	}
	return out, nil
}

// response renders a job's result; a search that found no move is
// errNoMove, logged with the position.
func (s *Server) response(r *http.Request, job *moveJob, jr jobResult) (moveResponse, error) {
	if jr.res.Move == engine.NoMove {
		s.log.ErrorContext(r.Context(), "search returned no move", slog.String("request_id", RequestID(r.Context())),
			slog.String("game", job.game.Name), slog.Any("board", job.st.Board()))
		return moveResponse{}, errNoMove
	}
	resp := newMoveResponse(job.game.Name, job.st, jr.res)
	if job.analysis {
		resp.Analysis = newAnalysis(job.st, jr.analysis)
	}
	return resp, nil
}

// runSearch is what every answer of a search runs once its job is
// admitted: reserve the job's memory, search, render. The error is
// errNoMemory, errClientGone or errNoMove.
func (s *Server) runSearch(ctx context.Context, r *http.Request, job *moveJob) (moveResponse, jobResult, error) {
	mem, err := s.reserveMemory(ctx, job)
	if err != nil {
		return moveResponse{}, jobResult{}, err
	}
	defer mem.Release()
	jr, err := s.runJob(ctx, r.Context(), job, mem)
	if err != nil {
		return moveResponse{}, jr, err
	}
	resp, err := s.response(r, job, jr)
	return resp, jr, err
}
