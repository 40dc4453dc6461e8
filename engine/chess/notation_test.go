package chess_test

import (
	"errors"
	"strings"
	"testing"

	"movesvc/engine/chess"
)

// TestParseMove checks UCI and SAN input against the move it names, given
// in UCI, and that move's SAN.
func TestParseMove(t *testing.T) {
	const (
		kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
		promo    = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1"
		epFEN    = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
		knights  = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
		queens   = "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1"
		rooks    = "k7/8/8/4R3/8/8/8/4RK2 w - - 0 1"
		c960     = "2k5/8/8/8/8/8/8/RK2R3 w KQ - 0 1"
		mateIn1  = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
	)
	for _, c := range []struct {
		fen     string
		variant chess.Variant
		in      string
		uci     string
		san     string
	}{
		{chess.StartFEN, 0, "e2e4", "e2e4", "e4"},
		{chess.StartFEN, 0, "Nf3", "g1f3", "Nf3"},
		{chess.StartFEN, 0, "g1f3", "g1f3", "Nf3"},
		{chess.StartFEN, 0, "Nf3!?", "g1f3", "Nf3"},
		{kiwipete, 0, "O-O", "e1g1", "O-O"},
		{kiwipete, 0, "0-0-0", "e1c1", "O-O-O"},
		{kiwipete, 0, "e1h1", "e1g1", "O-O"}, // king takes rook, accepted in standard chess
		{kiwipete, 0, "Bxa6", "e2a6", "Bxa6"},
		{kiwipete, 0, "dxe6", "d5e6", "dxe6"},
		{kiwipete, 0, "Nxf7", "e5f7", "Nxf7"},
		{promo, 0, "exd8=Q+", "e7d8q", "exd8=Q+"},
		{promo, 0, "exd8N", "e7d8n", "exd8=N"},
		{promo, 0, "e8Q+", "e7e8q", "e8=Q+"},
		{promo, 0, "e7e8r", "e7e8r", "e8=R+"},
		{promo, 0, "e7e8B", "e7e8b", "e8=B"},
		{epFEN, 0, "exf6", "e5f6", "exf6"},
		{epFEN, 0, "exf6 e.p.", "e5f6", "exf6"},
		{knights, 0, "Nbd2", "b1d2", "Nbd2"},
		{knights, 0, "Nfd2", "f1d2", "Nfd2"},
		{rooks, 0, "R1e2", "e1e2", "R1e2"},
		{rooks, 0, "R5e2", "e5e2", "R5e2"},
		{queens, 0, "Qh4e1", "h4e1", "Qh4e1"},
		{queens, 0, "Qh4h2", "h4h2", "Q4h2"},
		{mateIn1, 0, "Ra8", "a1a8", "Ra8#"},
		{c960, chess.Chess960, "O-O", "b1e1", "O-O"},
		{c960, chess.Chess960, "b1a1", "b1a1", "O-O-O"},
		{c960, chess.Chess960, "Kc1", "b1c1", "Kc1"},
		{"1r1kr3/8/8/8/8/8/8/1R1KR3 w KQkq - 0 1", chess.Chess960, "O-O-O", "d1b1", "O-O-O+"},
	} {
		p, err := chess.ParseFEN(c.fen, c.variant)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.in)
		if err != nil {
			t.Errorf("%s: ParseMove(%q): %v", c.fen, c.in, err)
			continue
		}
		if got := p.UCI(m); got != c.uci {
			t.Errorf("%s: ParseMove(%q) is %s, want %s", c.fen, c.in, got, c.uci)
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s: SAN of %s is %q, want %q", c.fen, c.in, got, c.san)
		}
	}
}

// TestParseMoveRejects checks the errors for malformed, illegal and
// ambiguous moves.
func TestParseMoveRejects(t *testing.T) {
	const (
		knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
		promo   = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1"
		pinned  = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"
	)
	for _, c := range []struct {
		fen, in, want string
	}{
		{chess.StartFEN, "e2e5", "e2e5 is not legal here"},
		{chess.StartFEN, "Nf4", "Nf4 is not legal here"},
		{chess.StartFEN, "xyz", `"xyz" is not a move in SAN`},
		{chess.StartFEN, "", `"" is not a move in SAN`},
		{chess.StartFEN, "O-O", "O-O is not legal here"},
		{chess.StartFEN, "Nxf3", "Nxf3 marks a capture, but f3 is empty"},
		{knights, "Nd2", "Nd2 is ambiguous: Nbd2, Nfd2"},
		{promo, "e8", "e8 is not legal here: a pawn reaching the last rank needs a promotion piece (e8=Q)"},
		{promo, "e7e8", "e7e8 is not legal here: a pawn reaching the last rank needs a promotion letter (e7e8q)"},
		{promo, "e8=K", `"e8=K" is not a move`},
		{pinned, "Nc3", "Nc3 is not legal here"},
	} {
		p, err := chess.ParseFEN(c.fen, chess.Standard)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.ParseMove(c.in)
		var e *chess.Error
		if !errors.As(err, &e) || e.Field != "move" || !strings.Contains(e.Message, c.want) {
			t.Errorf("%s: ParseMove(%q) = %v, want a move error with %q", c.fen, c.in, err, c.want)
		}
	}
}
