package api

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	movesvc "movesvc"
	"movesvc/engine"
)

// handleMove answers POST /move: decode, validate, build the position, wait
// for a search slot, search until the deadline, answer.
func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	// The deadline covers the whole request, queueing included.
	arrived := time.Now()
	var req moveRequest
	if p := decodeJSON(w, r, s.cfg.MaxBodyBytes, &req); p != nil {
		writeProblem(w, r, p)
		return
	}
	if err := s.validate.Struct(req); err != nil {
		writeProblem(w, r, validationProblem(err))
		return
	}
	game, ok := s.games.Lookup(req.Game)
	if !ok {
		writeProblem(w, r, invalid("unknown game "+quote(req.Game), ProblemError{Location: "body.game", Value: req.Game,
			Message: "must be one of: " + strings.Join(s.games.Names(), ", ")}))
		return
	}
	desc := game.Describe()
	if p := req.checkOptions(desc); p != nil {
		writeProblem(w, r, p)
		return
	}
	depth, timeout, p := req.limits(desc, s.cfg)
	if p != nil {
		writeProblem(w, r, p)
		return
	}
	st, err := game.NewState(req.setup())
	if err != nil {
		writeProblem(w, r, s.stateProblem(r, err))
		return
	}

	if !s.ready.Load() {
		writeProblem(w, r, &Problem{Type: typeShuttingDown, Title: "Shutting down", Status: http.StatusServiceUnavailable,
			Detail: "this instance is shutting down; retry on another", retryAfter: 1})
		return
	}
	var key string
	if s.cache != nil {
		key = cacheKey(desc.Name, &req, st, depth)
		if resp, ok := s.cache.get(key); ok {
			s.metrics.CacheHits.Inc()
			resp.Cached, resp.ElapsedMS = true, 0
			writeJSON(w, http.StatusOK, resp)
			return
		}
	}
	ctx, cancel := context.WithDeadline(r.Context(), arrived.Add(timeout))
	defer cancel()
	if err := s.admission.acquire(ctx); err != nil {
		s.metrics.Rejections.Inc()
		writeProblem(w, r, overloaded("every search slot is busy and the wait queue is full; retry later"))
		return
	}
	res, err := s.search(ctx, game, st, engine.Params{Depth: depth, TableBits: s.cfg.TableBits})
	if err != nil {
		s.metrics.Rejections.Inc()
		writeProblem(w, r, overloaded("the searches running now hold the whole memory budget; retry later"))
		return
	}

	s.metrics.SearchNodes.WithLabelValues(desc.Name).Add(float64(res.Nodes))
	s.metrics.SearchDuration.WithLabelValues(desc.Name).Observe(res.Elapsed.Seconds())
	s.metrics.SearchDepth.WithLabelValues(desc.Name).Observe(float64(res.Depth))
	if res.DeadlineHit {
		if r.Context().Err() != nil {
			// The client went away; there is nobody to answer.
			s.metrics.Cancellations.WithLabelValues(desc.Name).Inc()
			return
		}
		s.metrics.DeadlineHits.WithLabelValues(desc.Name).Inc()
	}
	if res.Move == engine.NoMove {
		s.log.ErrorContext(r.Context(), "search returned no move", slog.String("request_id", RequestID(r.Context())),
			slog.String("game", desc.Name), slog.Any("board", st.Board()))
		writeProblem(w, r, internalError())
		return
	}
	resp := newMoveResponse(desc.Name, st, res)
	if key != "" && !res.DeadlineHit {
		s.cache.put(key, resp)
	}
	writeJSON(w, http.StatusOK, resp)
}

// search runs one admitted search once its memory is reserved from the
// budget, waiting for it while ctx allows; the error says the wait ended
// first. The slot, the memory and the in-flight gauge are given back even
// if the search panics.
func (s *Server) search(ctx context.Context, game engine.Game, st engine.State, params engine.Params) (engine.Result, error) {
	admitted := time.Now()
	defer func() { s.admission.release(time.Since(admitted)) }()
	mem, err := s.memory.Reserve(ctx, engine.SearchMemory(game, params))
	if err != nil {
		return engine.Result{}, err
	}
	defer mem.Release()
	params.Memory = mem
	s.metrics.SearchesInFlight.Inc()
	defer s.metrics.SearchesInFlight.Dec()
	return engine.Search(ctx, st, params), nil
}

// stateProblem maps a game's rejection of the position to a 422 naming the
// field; anything else is an internal error, logged and not shown.
func (s *Server) stateProblem(r *http.Request, err error) *Problem {
	if ie, ok := engine.AsInputError(err); ok {
		return invalid(ie.Error(), ProblemError{Location: "body." + ie.Field, Message: ie.Message, Value: ie.Value})
	}
	s.log.ErrorContext(r.Context(), "building the position failed", slog.String("request_id", RequestID(r.Context())),
		slog.Any("error", err))
	return internalError()
}

// gameJSON is one entry of GET /games.
type gameJSON struct {
	engine.Description
	MaxTimeoutMS     int `json:"max_timeout_ms"`
	DefaultTimeoutMS int `json:"default_timeout_ms"`
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	out := struct {
		Games []gameJSON `json:"games"`
	}{}
	for _, g := range s.games.Games() {
		out.Games = append(out.Games, gameJSON{
			Description:      g.Describe(),
			MaxTimeoutMS:     int(s.cfg.MaxTimeout / time.Millisecond),
			DefaultTimeoutMS: int(s.cfg.DefaultTimeout / time.Millisecond),
		})
	}
	writeJSON(w, http.StatusOK, out)
}

type statusJSON struct {
	Status string `json:"status"`
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, statusJSON{Status: "ok"})
}

func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	if !s.ready.Load() {
		writeJSON(w, http.StatusServiceUnavailable, statusJSON{Status: "shutting down"})
		return
	}
	writeJSON(w, http.StatusOK, statusJSON{Status: "ready"})
}

func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/yaml")
	_, _ = w.Write(movesvc.OpenAPI)
}

// quote renders a client-supplied string for a message, cut to a sane length.
func quote(s string) string { return strconv.Quote(clip(s)) }

// clip cuts a client-supplied string to a sane length for a problem.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return s
}
