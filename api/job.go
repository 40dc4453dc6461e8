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
	// history is the request's position and move list, which the result
	// cache keys a game that does not place stones by (cacheKey).
	history []string
	// key is the API key of the request, whose limits apply (nil: none).
	key *clientKey
}

// prepare validates a decoded request of key k (nil: none) and builds its
// position. Its error is a *Problem naming the field at fault, or the
// game's *engine.InputError, or (a bug) another error; problemFor maps
// each.
func (s *Server) prepare(req *moveRequest, k *clientKey) (*moveJob, error) {
	if err := s.validate.Struct(req); err != nil {
		return nil, validationProblem(err)
	}
	game, ok := s.games.Lookup(req.Game)
	if !ok {
		return nil, unknownGame(req.Game, s.games.Names())
	}
	desc := game.Describe()
	if err := req.positionFields(desc); err != nil {
		return nil, err
	}
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
	if depth, timeout, err = k.capSearch(req, depth, timeout); err != nil {
		return nil, err
	}
	if err := req.checkAnalysis(); err != nil {
		return nil, err
	}
	st, err := game.NewState(req.setup(options))
	if err != nil {
		return nil, err
	}
	if c, ok := st.(engine.Chancer); ok && c.IsChance() {
		// Chance moves next, not a player: there is nothing to search,
		// unless the player decides first (the cube: double or roll).
		if d, ok := st.(engine.Decider); !ok || !d.Decides() {
			return nil, fieldProblem("dice", "is required: the side to move has yet to roll, and has no decision to make before it; give the roll to play, such as [3, 1]", nil)
		}
	}
	job := &moveJob{g: game, game: desc, st: st, options: options, timeout: timeout, timeoutGiven: req.TimeoutMS != nil,
		analysis: req.Analysis, key: k, params: strength.Params{Limits: engine.Limits{Depth: depth, TableBits: s.cfg.TableBits}}}
	if req.Level != nil {
		job.params.Level = *req.Level
	}
	if req.Seed != nil {
		job.params.Seed = *req.Seed
	}
	if req.MultiPV != nil {
		job.multiPV = *req.MultiPV
	}
	if _, grid := st.(engine.Celler); !grid {
		job.history = req.history()
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
func (j *moveJob) cacheable() bool { return !j.analysis && j.fullStrength() }

// fullStrength reports whether the job plays at full strength (no level,
// or the top one).
func (j *moveJob) fullStrength() bool {
	return j.params.Level == 0 || j.params.Level == engine.MaxLevel
}

// shuttingDown is the 503 for work that arrives once the server stopped
// taking it.
func shuttingDown() *Problem {
	return &Problem{Type: typeShuttingDown, Title: "Shutting down", Status: http.StatusServiceUnavailable,
		Detail: errShuttingDown.Error(), retryAfter: 1,
		Errors: []ProblemError{{Location: "server", Message: "is shutting down"}}}
}

// need returns the memory the job's search holds (engine.SearchMemory):
// what its lease reserves.
func (j *moveJob) need() int64 { return engine.SearchMemory(j.g, j.params.Limits) }

// jobResult is what running a job found: the search result and the
// analysis when asked for.
type jobResult struct {
	res      engine.Result
	analysis []engine.MoveScore
}

// runJob searches a job under its lease until ctx's deadline and records
// the metrics and the search span (tracing.go); the caller releases the
// lease. With analysis the move's search gets half the time and the
// analysis the rest (and whatever the search left); at full strength the
// answer then agrees with the analysis (engine.AgreeWithAnalysis). The search uses the
// lease's threads, or fewer when the job's key limits them.
// clientCtx is the request's own context: when the client went away and
// the search stopped for it, the error is errClientGone.
func (s *Server) runJob(ctx, clientCtx context.Context, job *moveJob, l *Lease) (jobResult, error) {
	var out jobResult
	job.params.Memory, job.params.Threads = l.Memory, job.key.threads(l.Threads)
	s.metrics.SearchesInFlight.Inc()
	defer s.metrics.SearchesInFlight.Dec()
	name := job.game.Name
	ctx, span := s.startSpan(ctx, "search", searchSpanStart(job))
	var nodes uint64
	defer func() { endSearchSpan(span, job, out, nodes) }() // a panic's too
	searchCtx, cancel := ctx, context.CancelFunc(func() {})
	if job.analysis {
		searchCtx, cancel = engine.TimeShare(ctx, 1, 2, 0)
	}
	out.res = strength.Search(searchCtx, job.st, job.params)
	cancel()
	nodes = out.res.Nodes
	deadlineHit := out.res.DeadlineHit
	if job.analysis && clientCtx.Err() == nil {
		full := job.params.Limits
		full.Progress = nil
		out.analysis = engine.Analyze(ctx, job.st, full, job.multiPV)
		for _, e := range out.analysis {
			nodes += e.Nodes
			deadlineHit = deadlineHit || !e.Complete && ctx.Err() != nil
		}
		if job.fullStrength() {
			// a weaker level's move is its own choice, not the best
			out.res = engine.AgreeWithAnalysis(out.res, out.analysis)
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
			slog.String("game", job.game.Name), slog.Any("position", positionText(job.st)))
		return moveResponse{}, errNoMove
	}
	resp := newMoveResponse(job.game, job.st, jr.res)
	if job.analysis {
		resp.Analysis = newAnalysis(job.st, jr.analysis)
	}
	return resp, nil
}

// runSearch is what every answer of a search runs under its lease:
// search, render. The error is errClientGone or errNoMove.
func (s *Server) runSearch(ctx context.Context, r *http.Request, job *moveJob, l *Lease) (moveResponse, jobResult, error) {
	jr, err := s.runJob(ctx, r.Context(), job, l)
	if err != nil {
		return moveResponse{}, jr, err
	}
	resp, err := s.response(r, job, jr)
	return resp, jr, err
}
