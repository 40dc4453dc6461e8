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
	// mem, when set, is the memory already reserved for the search by
	// the caller, which releases it (a stream reserves before it answers
	// 200); runJob reserves and releases its own otherwise.
	mem *engine.Reservation
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
		return nil, unknownGame(req.Game, s.games.Names())
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
	job := &moveJob{g: game, game: desc, st: st, timeout: timeout, timeoutGiven: req.TimeoutMS != nil, analysis: req.Analysis,
		params: strength.Params{Params: engine.Params{Depth: depth, TableBits: s.cfg.TableBits}}}
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
		Detail: "this instance is shutting down; retry on another", retryAfter: 1}
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
// waitUntil (admission.acquire): a 503 *Problem when it cannot. On success
// the caller must call release, which gives the slot back and tells
// admission control how long it was held.
func (s *Server) admit(ctx context.Context, waitUntil time.Time) (release func(), p *Problem) {
	if !s.ready.Load() {
		return nil, shuttingDown()
	}
	searchEnd, _ := ctx.Deadline()
	wait, cancel := context.WithDeadline(ctx, waitUntil)
	defer cancel()
	h, err := s.admission.acquire(wait, searchEnd)
	if err != nil {
		s.metrics.Rejections.Inc()
		return nil, overloaded("every search slot is busy and the wait for one would not leave the search its time; retry later")
	}
	return func() { s.admission.release(h) }, nil
}

// reserveMemory reserves from the memory budget what the job's search
// holds. When the budget has no room now it waits, no later than
// job.waitUntil (and ctx), unless the expected wait (memoryWait) does not
// fit that by admission's rule (fits): then, and when the wait ends
// without room, it returns a 503 *Problem, counted as a rejection. The
// caller must release the reservation.
func (s *Server) reserveMemory(ctx context.Context, job *moveJob) (*engine.Reservation, *Problem) {
	n := engine.SearchMemory(job.g, job.params.Params)
	if mem, ok := s.memory.TryReserve(n); ok {
		return mem, nil
	}
	if !job.waitUntil.IsZero() {
		if !fits(s.memoryWait(), job.waitUntil) {
			s.metrics.Rejections.Inc()
			return nil, memoryFull()
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, job.waitUntil)
		defer cancel()
	}
	mem, err := s.memory.Reserve(ctx, n)
	if err != nil {
		s.metrics.Rejections.Inc()
		return nil, memoryFull()
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

// memoryFull is the 503 for a search the memory budget had no room for
// in the time it may wait.
func memoryFull() *Problem {
	return overloaded("the searches running now hold the whole memory budget and would not free it in time; retry later")
}

// jobResult is what running a job found: the search result, the analysis
// when asked for, whether the client went away meanwhile, and whether the
// memory budget had no room for the search in the time it may wait.
type jobResult struct {
	res        engine.Result
	analysis   []engine.MoveScore
	canceled   bool
	memoryFull bool
}

// runJob searches an admitted job until ctx's deadline and records the
// metrics; the caller holds the search slot. With analysis the move's
// search gets half the time and the analysis the rest (and whatever the
// search left). clientCtx is the request's own context, to tell a client
// that went away from a deadline.
func (s *Server) runJob(ctx, clientCtx context.Context, job *moveJob) jobResult {
	var out jobResult
	mem := job.mem
	if mem == nil {
		var p *Problem
		if mem, p = s.reserveMemory(ctx, job); p != nil {
			out.memoryFull = true
			return out
		}
		defer mem.Release()
	}
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
		out.canceled = true
	case deadlineHit:
		s.metrics.DeadlineHits.WithLabelValues(name).Inc()
	}
	return out
}

// response renders a job's result, or returns a 503 *Problem when the
// memory budget had no room for the search, a 500 (logged) when the search
// found no move.
func (s *Server) response(r *http.Request, job *moveJob, jr jobResult) (moveResponse, *Problem) {
	if jr.memoryFull {
		return moveResponse{}, memoryFull()
	}
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
