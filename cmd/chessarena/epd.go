package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"movesvc/engine/chess"
)

// epdCase is one test position: its FEN, best moves and moves to avoid
// (as UCI strings) and its id.
type epdCase struct {
	id, fen string
	best    []string
	avoid   []string
}

// readEPD reads an EPD test suite: four FEN fields, then operations
// separated by semicolons, of which bm (best moves, SAN), am (moves to
// avoid) and id are used.
func readEPD(r io.Reader) ([]epdCase, error) {
	var out []epdCase
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 5 {
			return nil, fmt.Errorf("line %d: too short", n)
		}
		c := epdCase{fen: strings.Join(f[:4], " ") + " 0 1", id: fmt.Sprintf("line %d", n)}
		p, err := chess.ParseFEN(c.fen, chess.Standard)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		for _, op := range strings.Split(strings.Join(f[4:], " "), ";") {
			words := strings.Fields(op)
			if len(words) < 2 {
				continue
			}
			switch words[0] {
			case "id":
				c.id = strings.Trim(strings.Join(words[1:], " "), `"`)
			case "bm", "am":
				for _, san := range words[1:] {
					m, err := p.ParseMove(san)
					if err != nil {
						return nil, fmt.Errorf("line %d: %s %s: %v", n, words[0], san, err)
					}
					if words[0] == "bm" {
						c.best = append(c.best, p.UCI(m))
					} else {
						c.avoid = append(c.avoid, p.UCI(m))
					}
				}
			}
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// solves reports whether the engine's move is a best move and not one to
// avoid.
func (c epdCase) solves(move string) bool {
	return (len(c.best) == 0 || slices.Contains(c.best, move)) && !slices.Contains(c.avoid, move)
}

// runEPD asks p for a move in each case, concurrency engines at a time,
// and reports the solved count and the failures to w.
func runEPD(w io.Writer, p player, cases []epdCase, concurrency int) (int, error) {
	jobs := make(chan int)
	got := make([]string, len(cases))
	errs := make([]error, max(concurrency, 1))
	var wg sync.WaitGroup
	for k := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := startEngine(p.argv, p.options)
			if err != nil {
				errs[k] = err
				for range jobs {
				}
				return
			}
			defer e.close()
			for i := range jobs {
				e.send("ucinewgame")
				goCmd, wait := p.goCommand([2]time.Duration{p.base, p.base}, true)
				a, err := e.think("position fen "+cases[i].fen, goCmd, wait)
				if err != nil {
					errs[k] = fmt.Errorf("%s: %v", cases[i].id, err)
					continue
				}
				got[i] = a.move
			}
		}()
	}
	for i := range cases {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return 0, err
		}
	}
	solved := 0
	var failed []string
	for i, c := range cases {
		if c.solves(got[i]) {
			solved++
		} else {
			failed = append(failed, fmt.Sprintf("%s (%s, want %s)", c.id, got[i], strings.Join(c.best, " ")))
		}
	}
	_, _ = fmt.Fprintf(w, "%s: %d of %d solved\n", p.spec, solved, len(cases))
	if len(failed) > 0 {
		_, _ = fmt.Fprintf(w, "not solved: %s\n", strings.Join(failed, ", "))
	}
	return solved, nil
}
