package main

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"movesvc/engine/chess"
)

// randomPositions returns n positions from random games, quiet or not.
func randomPositions(n int) []*chess.Position {
	rng := rand.New(rand.NewPCG(3, 4))
	var out []*chess.Position
	for len(out) < n {
		p, _ := chess.ParseFEN(chess.StartFEN, chess.Standard)
		var u chess.Undo
		for ply := 0; ply < 80; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.IntN(len(moves))], &u)
			if ply%7 == 6 && !p.InCheck() {
				q, _ := chess.ParseFEN(p.FEN(), chess.Standard)
				out = append(out, q)
			}
		}
	}
	return out[:n]
}

// TestModelMatchesEvaluate checks that the fit's linear model, built from
// the trace, scores positions as Evaluate does (within the engine's
// integer rounding).
func TestModelMatchesEvaluate(t *testing.T) {
	var text strings.Builder
	positions := randomPositions(200)
	for _, p := range positions {
		fmt.Fprintf(&text, "%s;0\n", p.FEN())
	}
	samples, err := readSamples(strings.NewReader(text.String()))
	if err != nil {
		t.Fatal(err)
	}
	w := chess.Weights()
	mg, eg := make([]float64, len(w)), make([]float64, len(w))
	for i, s := range w {
		mg[i], eg[i] = float64(s.MG), float64(s.EG)
	}
	for i, p := range positions {
		want := float64(p.Evaluate())
		if p.SideToMove() == chess.Black {
			want = -want
		}
		if got := samples[i].eval(mg, eg); math.Abs(got-want) > 2 {
			t.Errorf("%s: model %.1f, Evaluate %.0f", p.FEN(), got, want)
		}
	}
}

// TestFit checks that fitting to targets the current weights do not meet
// (Stockfish-like scores a fifth larger than the evaluation's) lowers the
// error, and that the weights written parse back as Go of the right size.
func TestFit(t *testing.T) {
	var text strings.Builder
	for _, p := range randomPositions(300) {
		v := float64(p.Evaluate())
		if p.SideToMove() == chess.Black {
			v = -v
		}
		fmt.Fprintf(&text, "%s;%d\n", p.FEN(), int(1.2*v))
	}
	samples, _ := readSamples(strings.NewReader(text.String()))
	var out, log bytes.Buffer
	if err := fitWeights(strings.NewReader(text.String()), &out, 30, 1, 0, &log); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	var before, after float64
	_, _ = fmt.Sscanf(lines[0][strings.Index(lines[0], "error"):], "error %f", &before)
	_, _ = fmt.Sscanf(lines[len(lines)-2][strings.Index(lines[len(lines)-2], "error"):], "error %f", &after)
	if !(after < before) || len(samples) != 300 {
		t.Errorf("error %f before, %f after:\n%s", before, after, log.String())
	}
	if n := len(regexp.MustCompile(`(?m)^\t\{-?\d+, -?\d+\}, +// `).FindAllString(out.String(), -1)); n != chess.NumWeights {
		t.Errorf("%d weights written, want %d", n, chess.NumWeights)
	}
}

// TestInfoScore checks Stockfish's scores as the labels read them.
func TestInfoScore(t *testing.T) {
	for line, want := range map[string]int{
		"info depth 10 seldepth 14 multipv 1 score cp 35 nodes 20011 pv e2e4": 35,
		"info depth 10 score cp -5000 nodes 20011 pv e2e4":                    -mateCP,
		"info depth 10 score mate 3 nodes 20011 pv e2e4":                      mateCP,
		"info depth 10 score mate -1 nodes 20011 pv e2e4":                     -mateCP,
	} {
		if got, ok := infoScore(line); !ok || got != want {
			t.Errorf("%q: %d %v, want %d", line, got, ok, want)
		}
	}
	if _, ok := infoScore("info depth 3 score cp 10 upperbound nodes 5"); ok {
		t.Error("a bound read as a score")
	}
}

// TestWDLFit checks the PGN reading of scored moves and that the fit
// recovers a model from results drawn from it.
func TestWDLFit(t *testing.T) {
	t.Parallel()
	pgn := `[Event "x"]
[White "movesvc"]
[Black "other"]
[Result "1-0"]

1. e4 e5 2. Nf3 {+0.30/10 0.100s} 2... Nc6 {-0.20/9 0.1s} 3. Bb5 {+0.45/11 0.1s}
3... a6 {-0.40/9 0.1s} 4. Ba4 {+M3/12 0.1s} 1-0
`
	points, err := readWDLPoints(strings.NewReader(pgn), "movesvc", 1500)
	if err != nil {
		t.Fatal(err)
	}
	if len(points) != 2 || points[0] != (wdlPoint{score: 30, ply: 2, result: 1}) || points[1].ply != 4 {
		t.Fatalf("%+v", points)
	}
	truth := wdlModel{40, 120, 15, 50}
	rng := rand.New(rand.NewPCG(5, 6))
	var sample []wdlPoint
	for i := 0; i < 20000; i++ {
		p := wdlPoint{score: rng.Float64()*800 - 400, ply: rng.IntN(160)}
		win, draw, _ := truth.probs(p.score, p.ply)
		switch u := rng.Float64(); {
		case u < win:
			p.result = 1
		case u < win+draw:
			p.result = 0.5
		}
		sample = append(sample, p)
	}
	fit := fitWDL(sample, wdlModel{50, 150, 10, 60})
	if fit.logLoss(sample) > truth.logLoss(sample)+0.002 {
		t.Errorf("fit %v (loss %.4f), truth %v (%.4f)", fit, fit.logLoss(sample), truth, truth.logLoss(sample))
	}
}

// TestPGNPositions checks that the quiet positions of a PGN game are
// written once each, from ply 8 on: five of the six before the last move,
// not the one after 5. O-O, where Black wins the e4 pawn.
func TestPGNPositions(t *testing.T) {
	pgn := `[Event "x"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O {+0.20/10 0.1s} Be7 6. Re1 b5
7. Bb3 d6 1/2-1/2
`
	var out, log bytes.Buffer
	if err := pgnPositions(strings.NewReader(pgn), &out, &log); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 || strings.Contains(out.String(), "RNBQ1RK1 b") || !strings.HasPrefix(lines[0], "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq") {
		t.Errorf("%d positions: %q", len(lines), lines)
	}
}
