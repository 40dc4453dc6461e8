package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// wdlPoint is one engine move of a game: the mover's score in
// centipawns, the game's ply and the game's result for the mover (1 a
// win, 0.5 a draw, 0 a loss).
type wdlPoint struct {
	score  float64
	ply    int
	result float64
}

// readWDLPoints reads the moves of engine (a White or Black tag's value)
// from PGN games whose moves carry cutechess-style comments ("{+0.35/12
// 0.101s}"), leaving out mates and scores beyond maxScore.
func readWDLPoints(r io.Reader, engine string, maxScore float64) ([]wdlPoint, error) {
	var out []wdlPoint
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var white, black, result string
	var movetext strings.Builder
	flush := func() {
		if movetext.Len() > 0 && result != "" && result != "*" {
			out = append(out, gamePoints(movetext.String(), white == engine, black == engine, result, maxScore)...)
		}
		movetext.Reset()
	}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "[Event "):
			flush()
			white, black, result = "", "", ""
		case strings.HasPrefix(line, "[White "):
			white = tagValue(line)
		case strings.HasPrefix(line, "[Black "):
			black = tagValue(line)
		case strings.HasPrefix(line, "[Result "):
			result = tagValue(line)
		case strings.HasPrefix(line, "["):
		default:
			movetext.WriteString(line + " ")
		}
	}
	flush()
	return out, sc.Err()
}

// tagValue returns the quoted value of a PGN tag line.
func tagValue(line string) string {
	_, v, _ := strings.Cut(line, `"`)
	v, _, _ = strings.Cut(v, `"`)
	return v
}

// gamePoints returns the scored moves of one game's movetext made by White
// (whiteOurs) or Black (blackOurs). A comment follows its move, and the
// side to move alternates from the first move with a comment, which the
// move number before it places.
func gamePoints(movetext string, whiteOurs, blackOurs bool, result string, maxScore float64) []wdlPoint {
	whiteResult := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[result]
	var out []wdlPoint
	ply := 0
	for _, tok := range tokens(movetext) {
		switch {
		case strings.HasPrefix(tok, "{"):
			fields := strings.Fields(strings.Trim(tok, "{}"))
			if len(fields) == 0 {
				continue
			}
			scoreText, _, ok := strings.Cut(fields[0], "/")
			if !ok || strings.Contains(scoreText, "M") {
				continue
			}
			pawns, err := strconv.ParseFloat(scoreText, 64)
			moverWhite := ply%2 == 1
			if err != nil || math.Abs(pawns*100) > maxScore || moverWhite && !whiteOurs || !moverWhite && !blackOurs {
				continue
			}
			res := whiteResult
			if !moverWhite {
				res = 1 - res
			}
			out = append(out, wdlPoint{score: pawns * 100, ply: ply - 1, result: res})
		case strings.HasSuffix(tok, "."):
			n, err := strconv.Atoi(strings.TrimRight(tok, "."))
			if err == nil {
				ply = 2 * (n - 1)
				if strings.HasSuffix(tok, "...") {
					ply++
				}
			}
		case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
		default:
			ply++
		}
	}
	return out
}

// tokens splits movetext into words, keeping each {comment} whole.
func tokens(s string) []string {
	var out []string
	for len(s) > 0 {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			break
		}
		if s[0] == '{' {
			end := strings.IndexByte(s, '}')
			if end < 0 {
				end = len(s) - 1
			}
			out = append(out, s[:end+1])
			s = s[end+1:]
			continue
		}
		end := strings.IndexAny(s, " \t{")
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

// wdlModel is WDL's model (engine/chess/wdl.go): the side with score s
// wins with probability 1/(1+exp((mid-s)/slope)), where mid and slope are
// linear in m = min(ply/2+1, 120)/32; the draw is what is left.
type wdlModel [4]float64 // midpoint a, b; slope a, b

// probs returns the win, draw and loss chances of a score at ply.
func (w wdlModel) probs(score float64, ply int) (win, draw, loss float64) {
	m := math.Min(float64(ply)/2+1, 120) / 32
	mid, slope := w[0]*m+w[1], w[2]*m+w[3]
	win = 1 / (1 + math.Exp((mid-score)/slope))
	loss = 1 / (1 + math.Exp((mid+score)/slope))
	return win, math.Max(1-win-loss, 1e-9), loss
}

// logLoss returns the mean negative log-likelihood of the results.
func (w wdlModel) logLoss(points []wdlPoint) float64 {
	var sum float64
	for _, p := range points {
		win, draw, loss := w.probs(p.score, p.ply)
		switch p.result {
		case 1:
			sum -= math.Log(win)
		case 0:
			sum -= math.Log(loss)
		default:
			sum -= math.Log(draw)
		}
	}
	return sum / float64(len(points))
}

// fitWDL fits the model to the points by coordinate search (each
// parameter stepped up and down, the step halved when nothing improves),
// from start.
func fitWDL(points []wdlPoint, start wdlModel) wdlModel {
	w, best := start, start.logLoss(points)
	steps := wdlModel{20, 20, 10, 10}
	for round := 0; round < 200; round++ {
		improved := false
		for i := range w {
			for _, dir := range []float64{1, -1} {
				c := w
				c[i] += dir * steps[i]
				if c[2]+c[3] <= 1 || c[3] <= 1 {
					continue
				}
				if l := c.logLoss(points); l < best {
					w, best, improved = c, l, true
				}
			}
		}
		if !improved {
			for i := range steps {
				steps[i] /= 2
			}
			if steps[3] < 0.05 {
				break
			}
		}
	}
	return w
}

// runWDL fits the WDL model to engine's moves in the PGN of r and prints
// the constants for engine/chess/params.go.
func runWDL(r io.Reader, w io.Writer, engine string, log io.Writer) error {
	points, err := readWDLPoints(r, engine, 1500)
	if err != nil {
		return err
	}
	if len(points) < 100 {
		return fmt.Errorf("%d scored moves of %q, too few", len(points), engine)
	}
	start := wdlModel{50, 150, 10, 60}
	fit := fitWDL(points, start)
	_, _ = fmt.Fprintf(log, "%d moves: log loss %.4f with the start values, %.4f fitted\n", len(points), start.logLoss(points), fit.logLoss(points))
	_, err = fmt.Fprintf(w, "wdlMidpoint = [2]float64{%.1f, %.1f}\nwdlSlope    = [2]float64{%.1f, %.1f}\n", fit[0], fit[1], fit[2], fit[3])
	return err
}
