package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"

	"movesvc/engine"
	"movesvc/engine/chess"
)

// Self-play for positions: the first randomPlies plies (2 to 7) at random,
// then searches of nodes nodes, with a random move at rate randomRate; a
// game ends at its end, at maxPlies, or once a search scores beyond
// decided; quiet positions from ply sampleFrom on are kept at rate
// sampleRate.
const (
	maxRandomPlies = 7
	randomRate     = 0.05
	maxPlies       = 240
	decided        = 1500
	sampleFrom     = 12
	sampleRate     = 0.25
)

// generate writes n quiet positions (FENs) from self-play games to w.
func generate(w io.Writer, n int, seed, nodes uint64, log io.Writer) error {
	bw := bufio.NewWriter(w)
	rng := rand.New(rand.NewPCG(seed, 0x63686573))
	tt := chess.NewTable(4 << 20)
	written := 0
	for games := 0; written < n; games++ {
		for _, fen := range playRandomGame(rng, tt, nodes) {
			if written < n {
				_, _ = fmt.Fprintln(bw, fen)
				written++
			}
		}
		if games%500 == 0 {
			_, _ = fmt.Fprintf(log, "%d games, %d positions\n", games, written)
		}
	}
	return bw.Flush()
}

// playRandomGame plays one game and returns the FENs it samples.
func playRandomGame(rng *rand.Rand, tt *chess.Table, nodes uint64) []string {
	p, _ := chess.ParseFEN(chess.StartFEN, chess.Standard)
	p.Reserve(maxPlies + 8)
	tt.Clear()
	randomPlies := 2 + rng.IntN(maxRandomPlies-1)
	var out []string
	var u chess.Undo
	buf := make([]chess.Move, 0, chess.MaxMoves)
	for ply := 0; ply < maxPlies; ply++ {
		if o, _ := p.Status(); o != engine.OutcomeUnknown {
			break
		}
		if ply >= sampleFrom && rng.Float64() < sampleRate && p.Quiet() {
			out = append(out, p.FEN())
		}
		moves := p.LegalMoves(buf)
		m := moves[rng.IntN(len(moves))]
		if ply >= randomPlies && rng.Float64() >= randomRate {
			res := chess.Search(context.Background(), p, chess.Limits{MaxNodes: nodes, Table: tt})
			if res.Mate != 0 || res.Score > decided || res.Score < -decided {
				break
			}
			m = res.Move
		}
		p.Make(m, &u)
	}
	return out
}
