package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"movesvc/engine"
	"movesvc/engine/kalah"
)

// apiClient asks a running server (POST /move) for the answer to each
// position instead of solving it in this process: what a client sees,
// queueing and HTTP included.
type apiClient struct {
	url       string
	timeoutMS int
	r         kalah.Rules
	http      *http.Client
}

// apiAnswer is the part of POST /move's answer the measurement reads.
type apiAnswer struct {
	Move struct {
		Pit int `json:"pit"`
	} `json:"move"`
	Score     int    `json:"score"`
	Nodes     uint64 `json:"nodes"`
	StoppedBy string `json:"stopped_by"`
}

// solve asks the server for p's move under its deadline and returns the
// move, the score, the nodes, whether the answer is exact (stopped_by
// "solved") and the wall time from sending to the whole answer.
func (a *apiClient) solve(p *kalah.Position) (engine.Move, int, uint64, bool, time.Duration, error) {
	capture := kalah.CaptureStandard
	if a.r.EmptyCapture {
		capture = kalah.CaptureEmpty
	}
	body, _ := json.Marshal(map[string]any{"game": "kalah", "position": p.String(), "pits": a.r.Pits,
		"seeds": a.r.Seeds, "capture": capture, "timeout_ms": a.timeoutMS})
	start := time.Now()
	resp, err := a.http.Post(a.url+"/move", "application/json", bytes.NewReader(body))
	if err != nil {
		return engine.NoMove, 0, 0, false, 0, err
	}
	defer func() { _ = resp.Body.Close() }() // the body is read whole
	var ans apiAnswer
	err = json.NewDecoder(resp.Body).Decode(&ans)
	wall := time.Since(start)
	if err != nil || resp.StatusCode != http.StatusOK || ans.Move.Pit < 1 {
		return engine.NoMove, 0, 0, false, wall, fmt.Errorf("POST /move %s: status %d: %v", body, resp.StatusCode, err)
	}
	m, err := p.ParseMove(strconv.Itoa(ans.Move.Pit))
	return m, ans.Score, ans.Nodes, ans.StoppedBy == "solved", wall, err
}
