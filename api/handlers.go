package api

import (
	"context"
	"net/http"
	"strconv"
	"time"

	movesvc "movesvc"
	"movesvc/engine"
)

// handleMove answers POST /move: decode, validate, build the position, wait
// for a lease (a search slot and memory), search until the deadline, answer; as
// a stream of server-sent events when the client accepts text/event-stream
// (stream.go). Every step that fails returns an error, which fail answers.
func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	// The deadline covers the whole request, queueing included.
	arrived := time.Now()
	var req moveRequest
	if p := decodeJSON(w, r, s.cfg.MaxBodyBytes, &req, s.options); p != nil {
		s.fail(w, r, p)
		return
	}
	job, err := s.prepare(&req, keyOf(r.Context()))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if s.draining.Load() {
		s.fail(w, r, errShuttingDown)
		return
	}
	stream := acceptsEventStream(r)
	var key string
	if s.cache != nil && !stream && job.cacheable() {
		key = cacheKey(job)
		if resp, ok := s.cache.get(key); ok {
			s.metrics.CacheHits.Inc()
			resp.Cached, resp.ElapsedMS = true, 0
			writeJSON(w, http.StatusOK, resp)
			return
		}
	}
	ctx, cancel := context.WithDeadline(r.Context(), arrived.Add(job.timeout))
	defer cancel()
	lease, err := s.lease(ctx, job.need(), arrived)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer lease.Release()
	if stream {
		s.streamMove(ctx, w, r, job, lease)
		return
	}
	resp, jr, err := s.runSearch(ctx, r, job, lease)
	lease.Release() // before the answer is written: a client's next request finds the slot free
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if key != "" && !jr.res.DeadlineHit {
		s.cache.put(key, resp)
	}
	writeJSON(w, http.StatusOK, resp)
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
