package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// game is one game of the arena's output: its moves from the empty board,
// how many of them were the opening's (placed before the players' moves)
// and the winner's colour (0 x, 1 o, -1 a draw).
type game struct {
	moves   []string
	opening int
	winner  int
}

// readGames calls fn with every game in the arena's verbose output r, whose
// game lines read "x=a o=b a wins after 34 moves: h8 i9 j7 | k8 l9 ...";
// other lines (the match report) and games a player forfeited (an outside
// brain that did not answer in time: not a result of the play) are
// skipped.
func readGames(r io.Reader, fn func(game) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if !strings.HasPrefix(text, "x=") || strings.Contains(text, " forfeits") {
			continue
		}
		g, err := parseGame(text)
		if err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		if err := fn(g); err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
	}
	return sc.Err()
}

// parseGame reads one game line.
func parseGame(text string) (game, error) {
	head, body, ok := strings.Cut(text, ": ")
	fields := strings.Fields(head)
	if !ok || len(fields) < 4 {
		return game{}, fmt.Errorf("not a game line")
	}
	g := game{winner: -1}
	x := strings.TrimPrefix(fields[0], "x=")
	switch {
	case fields[2] == "draw":
	case fields[3] == "wins" && fields[2] == x:
		g.winner = 0
	case fields[3] == "wins":
		g.winner = 1
	default:
		return game{}, fmt.Errorf("no result in %q", head)
	}
	for _, m := range strings.Fields(body) {
		if m == "|" {
			g.opening = len(g.moves)
		} else {
			g.moves = append(g.moves, m)
		}
	}
	return g, nil
}

// samples are labelled feature vectors.
type samples struct {
	features [][gomoku.NumFeatures]int32
	results  []float64 // 1 the side to move won, 0 lost, 0.5 a draw
}

func (s *samples) len() int { return len(s.results) }

// add replays g and keeps the positions the search would evaluate
// (gomoku.State.Quiet), labelled with the result.
func (s *samples) add(g game) error {
	start, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true})
	if err != nil {
		return err
	}
	st := start.(*gomoku.State)
	for i, notation := range g.moves {
		if st.Quiet() {
			result := 0.5
			if g.winner >= 0 {
				result = 0
				if g.winner == i&1 {
					result = 1
				}
			}
			s.features = append(s.features, st.EvalFeatures())
			s.results = append(s.results, result)
		}
		m, err := st.ParseMove(notation)
		if err != nil {
			return fmt.Errorf("move %d (%s): %w", i+1, notation, err)
		}
		st.Play(m)
	}
	return nil
}
