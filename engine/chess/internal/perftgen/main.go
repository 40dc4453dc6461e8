// Command perftgen writes engine/chess's perft test set: the standard perft
// positions (https://www.chessprogramming.org/Perft_Results: the start,
// Kiwipete, positions 3 to 6) and positions made by random play (a fixed
// seed) from them and from Chess960 starts, each with its perft counts at
// every depth up to a limit as Stockfish's "go perft" gives them. The
// counts are Stockfish's, an independent move generator; only the
// positions come from engine/chess. Run from the repository root:
//
//	go run ./engine/chess/internal/perftgen -o engine/chess/testdata/perft.txt
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"movesvc/engine/chess"
)

// standard are the chessprogramming wiki's perft positions with the depth
// the set goes to.
var standard = []struct {
	name, fen string
	depth     int
}{
	{"start", chess.StartFEN, 6},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5},
	{"position4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5},
}

func main() {
	out := flag.String("o", "engine/chess/testdata/perft.txt", "the file to write")
	sfPath := flag.String("stockfish", "/usr/games/stockfish", "the Stockfish binary")
	random := flag.Int("random", 120, "positions made by random play")
	flag.Parse()
	sf, err := startStockfish(*sfPath)
	if err != nil {
		log.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Perft counts by Stockfish 15.1 (Debian, %s): after \"setoption name UCI_Chess960 value true\",\n", *sfPath)
	b.WriteString("# \"position fen FEN\" and \"go perft DEPTH\" for each depth from 1. Made by\n")
	fmt.Fprintf(&b, "#   go run ./engine/chess/internal/perftgen -o engine/chess/testdata/perft.txt -random %d\n", *random)
	b.WriteString("# name;variant;fen;counts at depths 1, 2, ...\n")
	for _, s := range standard {
		write(&b, sf, s.name, "standard", s.fen, s.depth)
	}
	rng := rand.New(rand.NewPCG(46, 2026))
	for i := 0; i < *random; i++ {
		name, variant, fen := randomPosition(rng, i)
		write(&b, sf, name, variant, fen, 4)
	}
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

// write appends the line of one position: its counts from depth 1 to depth.
func write(b *strings.Builder, sf *stockfish, name, variant, fen string, depth int) {
	counts := make([]string, depth)
	for d := 1; d <= depth; d++ {
		counts[d-1] = strconv.FormatUint(sf.perft(fen, d), 10)
	}
	fmt.Fprintf(b, "%s;%s;%s;%s\n", name, variant, fen, strings.Join(counts, ","))
	log.Printf("%s %s %s", name, fen, counts[depth-1])
}

// randomPosition returns the i-th random position: random legal moves from
// a standard position or (every third) a Chess960 start, retried until
// the game goes on.
func randomPosition(rng *rand.Rand, i int) (name, variant, fen string) {
	for {
		start, v, variant := standard[rng.IntN(len(standard))].fen, chess.Standard, "standard"
		if i%3 == 2 {
			start, v, variant = chess.Chess960FEN(rng.IntN(960)), chess.Chess960, "chess960"
		}
		p, err := chess.ParseFEN(start, v)
		if err != nil {
			log.Fatal(err)
		}
		plies := 2 + rng.IntN(60)
		var u chess.Undo
		buf := make([]chess.Move, 0, chess.MaxMoves)
		ok := true
		for j := 0; j < plies && ok; j++ {
			moves := p.LegalMoves(buf)
			if ok = len(moves) > 0; ok {
				p.Make(moves[rng.IntN(len(moves))], &u)
			}
		}
		if len(p.LegalMoves(buf)) > 0 && p.Perft(4) < 20_000_000 {
			return fmt.Sprintf("random%d", i), variant, p.FEN()
		}
	}
}

// stockfish is a running Stockfish, driven through UCI.
type stockfish struct {
	in  io.Writer
	out *bufio.Scanner
}

// startStockfish starts the engine in Chess960 mode (which reads every
// castling field and counts standard positions the same).
func startStockfish(path string) (*stockfish, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sf := &stockfish{in: in, out: bufio.NewScanner(out)}
	_, _ = fmt.Fprintln(in, "uci\nsetoption name UCI_Chess960 value true\nisready")
	sf.until("readyok")
	return sf, nil
}

// until reads lines until one starts with prefix and returns it.
func (sf *stockfish) until(prefix string) string {
	for sf.out.Scan() {
		if line := sf.out.Text(); strings.HasPrefix(line, prefix) {
			return line
		}
	}
	log.Fatalf("stockfish ended before %q", prefix)
	return ""
}

// perft returns Stockfish's perft count of fen at depth.
func (sf *stockfish) perft(fen string, depth int) uint64 {
	_, _ = fmt.Fprintf(sf.in, "position fen %s\ngo perft %d\n", fen, depth)
	line := sf.until("Nodes searched:")
	n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(line, "Nodes searched:")), 10, 64)
	if err != nil {
		log.Fatal(err)
	}
	return n
}
