package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"movesvc/engine/chess"
)

// pgnFrom is the first ply of a game whose positions are kept: the
// openings before it are the arena's.
const pgnFrom = 8

// pgnPositions writes the quiet positions (Position.Quiet) of every game in
// the PGN of r from ply pgnFrom on, each once, as FENs.
func pgnPositions(r io.Reader, w io.Writer, log io.Writer) error {
	bw := bufio.NewWriter(w)
	seen := map[string]bool{}
	games, written := 0, 0
	err := eachGame(r, func(fen string, sans []string) error {
		games++
		p, err := chess.NewGame(fen, nil, chess.Standard)
		if err != nil {
			return err
		}
		var u chess.Undo
		for ply, san := range sans {
			if ply >= pgnFrom && p.Quiet() {
				if f := p.FEN(); !seen[f] {
					seen[f] = true
					_, _ = fmt.Fprintln(bw, f)
					written++
				}
			}
			m, err := p.ParseMove(san)
			if err != nil {
				return fmt.Errorf("game %d, ply %d: %v", games, ply, err)
			}
			p.Make(m, &u)
		}
		return nil
	})
	if err != nil {
		return err
	}
	_, _ = fmt.Fprintf(log, "%d games, %d positions\n", games, written)
	return bw.Flush()
}

// eachGame calls fn with the starting FEN and the SAN moves of each game
// of a PGN file.
func eachGame(r io.Reader, fn func(fen string, sans []string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	fen := chess.StartFEN
	var movetext strings.Builder
	flush := func() error {
		if movetext.Len() == 0 {
			return nil
		}
		var sans []string
		for _, tok := range tokens(movetext.String()) {
			switch {
			case strings.HasPrefix(tok, "{"), strings.HasSuffix(tok, "."):
			case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
			default:
				sans = append(sans, tok)
			}
		}
		movetext.Reset()
		return fn(fen, sans)
	}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "[Event "):
			if err := flush(); err != nil {
				return err
			}
			fen = chess.StartFEN
		case strings.HasPrefix(line, "[FEN "):
			fen = tagValue(line)
		case strings.HasPrefix(line, "["):
		default:
			movetext.WriteString(line + " ")
		}
	}
	if err := flush(); err != nil {
		return err
	}
	return sc.Err()
}
