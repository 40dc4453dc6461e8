package chess_test

import (
	"errors"
	"testing"

	"movesvc/engine/chess"
)

// FuzzParseFEN feeds ParseFEN any string under either variant. It must
// never panic; a rejection is an *chess.Error at "fen"; an accepted
// position's FEN must parse to the same FEN and key, and its moves must be
// generated, played and taken back (perft 2) leaving it unchanged.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"rk2r2r/8/8/8/8/8/8/RK2R2R w EAea - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
		"4k3/8/8/8/8/8/8/4K3 b - - 99 1",
		"rnbqkbnr/pppppppp/8/8/8/p8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, fen string, c960 bool) {
		v := chess.Standard
		if c960 {
			v = chess.Chess960
		}
		p, err := chess.ParseFEN(fen, v)
		if err != nil {
			var e *chess.Error
			if !errors.As(err, &e) || e.Field != "fen" || e.Message == "" {
				t.Fatalf("ParseFEN(%q) = %v, want an *Error at fen", fen, err)
			}
			return
		}
		out := p.FEN()
		q, err := chess.ParseFEN(out, v)
		if err != nil || q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("%q gave %q, which reads back as %v, %v", fen, out, q, err)
		}
		p.Perft(2)
		if p.FEN() != out {
			t.Fatalf("perft changed %q to %q", out, p.FEN())
		}
	})
}

// FuzzParseMove feeds ParseMove any string in a few positions (promotions,
// en passant, castling of both variants, ambiguities). It must never panic;
// a rejection is an *chess.Error at "move"; an accepted move must be legal
// and read back from its UCI and SAN.
func FuzzParseMove(f *testing.F) {
	positions := []struct {
		fen string
		v   chess.Variant
	}{
		{chess.StartFEN, chess.Standard},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", chess.Standard},
		{"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", chess.Standard},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", chess.Standard},
		{"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", chess.Standard},
		{"2k5/8/8/8/8/8/8/RK2R3 w KQ - 0 1", chess.Chess960},
	}
	for i, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "exd8=Q+", "e8Q", "e7e8q", "exf6 e.p.", "Qh4e1", "Q4h2", "b1a1", "e1h1", "Nxf7!?", "Ra8#"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		pos := positions[int(which)%len(positions)]
		p, err := chess.ParseFEN(pos.fen, pos.v)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(s)
		if err != nil {
			var e *chess.Error
			if !errors.As(err, &e) || e.Field != "move" || e.Message == "" {
				t.Fatalf("ParseMove(%q) = %v, want an *Error at move", s, err)
			}
			return
		}
		for _, back := range []string{p.UCI(m), p.SAN(m)} {
			if got, err := p.ParseMove(back); err != nil || got != m {
				t.Fatalf("%q is %s, whose notation %q reads back as %v, %v", s, p.UCI(m), back, got, err)
			}
		}
	})
}
