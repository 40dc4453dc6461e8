package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"movesvc/api"
	"movesvc/engine"
	"movesvc/engine/chess"
	"movesvc/internal/longtest"
)

// TestLevelPlaysAsTheService checks that Level and Seed play what the
// service plays: for levels 1 and 4 (the long checks add 2 and 6), two
// seeds and three positions (the start, a middle game given as a FEN, one
// given as moves), the bestmove equals the move of POST /move with that
// level and seed.
func TestLevelPlaysAsTheService(t *testing.T) {
	prom := prometheus.NewRegistry()
	srv := httptest.NewServer(api.New(api.Config{DefaultTimeout: time.Minute, MaxTimeout: time.Minute},
		engine.NewRegistry(chess.Game{}), slog.New(slog.NewTextHandler(io.Discard, nil)), prom, prom))
	defer srv.Close()
	positions := []struct {
		fen   string
		moves []string
	}{
		{chess.StartFEN, nil},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", nil},
		{chess.StartFEN, []string{"d2d4", "g8f6", "c2c4", "e7e6", "b1c3", "f8b4"}},
	}
	e := start(t)
	levels := longtest.Pick([]int{1, 4}, []int{1, 2, 4, 6})
	for _, level := range levels {
		for _, seed := range []uint64{0, 7} {
			for _, p := range positions {
				body, _ := json.Marshal(map[string]any{"game": "chess", "fen": p.fen, "moves": p.moves, "level": level, "seed": seed})
				resp, err := http.Post(srv.URL+"/move", "application/json", bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				var answer struct {
					Move struct{ Notation string }
				}
				err = json.NewDecoder(resp.Body).Decode(&answer)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusOK {
					t.Fatalf("POST /move %s: %d %v", body, resp.StatusCode, err)
				}
				e.send("setoption name Level value " + itoa(level))
				e.send("setoption name Seed value " + itoa(int(seed)))
				cmd := "position fen " + p.fen
				if len(p.moves) > 0 {
					cmd += " moves " + strings.Join(p.moves, " ")
				}
				e.send(cmd)
				e.send("go movetime 60000")
				lines := e.until("bestmove")
				if got := strings.Fields(lines[len(lines)-1])[1]; got != answer.Move.Notation {
					t.Errorf("level %d seed %d %s %v: bestmove %s, the service plays %s", level, seed, p.fen, p.moves, got, answer.Move.Notation)
				}
			}
		}
	}
}
