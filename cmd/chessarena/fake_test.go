package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"movesvc/engine/chess"
	"movesvc/internal/race"
)

// fakeEnv names the environment variable that makes the test binary a
// fake UCI engine (TestMain): "random" plays random legal moves from a
// fixed seed, "illegal" answers a1a1, "silent" never answers go.
const fakeEnv = "CHESSARENA_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		fakeEngine(os.Stdin, os.Stdout, mode)
		os.Exit(0)
	}
	race.NoExitSleep()
	race.Exit(m.Run())
}

// fakePlayer returns a player running this test binary as a fake engine.
func fakePlayer(t *testing.T, mode, name string) player {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeEnv, "")
	p := player{spec: "fake " + mode, name: name, argv: []string{"env", fakeEnv + "=" + mode, exe}, movetime: 1}
	return p
}

// fakeEngine speaks enough UCI to play: random legal moves with a score
// of 0, or the misbehaviour mode asks for.
func fakeEngine(in io.Reader, out io.Writer, mode string) {
	rng := rand.New(rand.NewPCG(1, 2))
	pos, _ := chess.ParseFEN(chess.StartFEN, chess.Standard)
	variant := chess.Standard
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			_, _ = fmt.Fprintln(out, "id name fake-"+mode+"\nuciok")
		case "isready":
			_, _ = fmt.Fprintln(out, "readyok")
		case "setoption":
			if strings.Contains(sc.Text(), "UCI_Chess960 value true") {
				variant = chess.Chess960
			}
		case "position":
			fen, moves := parsePosition(f[1:])
			pos, _ = chess.NewGame(fen, moves, variant)
		case "go":
			switch mode {
			case "illegal":
				_, _ = fmt.Fprintln(out, "bestmove a1a1")
			case "silent":
			default:
				moves := pos.LegalMoves(nil)
				_, _ = fmt.Fprintf(out, "info depth 1 score cp 0 pv %s\nbestmove %s\n", pos.UCI(moves[0]), pos.UCI(moves[rng.IntN(len(moves))]))
			}
		case "quit":
			return
		}
	}
}

// parsePosition splits the arguments of "position fen FEN moves ...".
func parsePosition(args []string) (string, []string) {
	fen := chess.StartFEN
	if len(args) > 0 && args[0] == "fen" {
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen = strings.Join(args[1:i], " ")
		args = args[i:]
	} else if len(args) > 0 {
		args = args[1:]
	}
	if len(args) > 0 && args[0] == "moves" {
		return fen, args[1:]
	}
	return fen, nil
}
