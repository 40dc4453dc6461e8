package chess_test

import (
	"errors"
	"strings"
	"testing"

	"movesvc/engine/chess"
)

// TestParseFENRejects checks that each malformed FEN field and each
// impossible position gets an *chess.Error at "fen" whose message names
// the FEN field and the reason.
func TestParseFENRejects(t *testing.T) {
	for _, c := range []struct {
		fen     string
		variant chess.Variant
		want    string
	}{
		{"", 0, "has 0 fields"},
		{"8/8/8/8/8/8/8/8 w - - 0 1 x", 0, "has 7 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 0, "piece placement: has 7 ranks, want 8"},
		{"rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, `piece placement: rank 3: '9' is neither`},
		{"rnbqkbnr/pppppppp/8/8/8/p8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "piece placement: rank 3 has 9 squares, want 8"},
		{"rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, "piece placement: rank 3 has 7 squares, want 8"},
		{"rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, `piece placement: rank 7: 'x' is neither`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 0, `side to move: "x", want w or b`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", 0, `castling: 'x' is not K, Q, k, q`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", 0, "castling: white's king-side right is given twice"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 0, `en passant: "e9" is not a square`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", 0, `halfmove clock: "-1"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 0, `halfmove clock: "x"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", 0, `fullmove number: "0"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", 0, `fullmove number: "1.5"`},
		// Impossible positions.
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", 0, "piece placement: black has no king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", 0, "piece placement: white has 2 kings, want 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNP w Qkq - 0 1", 0, "piece placement: a pawn on h1, on the first or last rank"},
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", 0, "piece placement: a pawn on h8"},
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", 0, "piece placement: black has 9 pawns"},
		{"4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", 0, "piece placement: the side not to move (white) is in check"},
		{"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", 0, "castling: 'K', but white has no rook on the king side"},
		{"4k3/8/8/8/8/8/8/R2K3R w K - 0 1", 0, "castling: 'K' needs the white king on e1 and a rook on h1"},
		{"4k3/8/8/8/8/8/8/R3K1R1 w K - 0 1", 0, "castling: 'K' needs the white king on e1 and a rook on h1"},
		{"4k3/8/8/8/8/8/4K3/R6R w Q - 0 1", 0, "castling: 'Q', but the white king is not on its first rank"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQC - 0 1", 0, "castling: 'C', but white has no rook on c1"},
		{"4k3/8/8/8/8/8/8/K6R w K - 0 1", chess.Chess960, "castling: 'K', but the white king is on a1, in a corner"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", 0, "en passant: e6 is not on rank 3"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", 0, "en passant: no double step of a white pawn explains e3"},
		{"rnbqkbnr/ppp1pppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", 0, "en passant: no double step of a black pawn explains e6"},
	} {
		_, err := chess.ParseFEN(c.fen, c.variant)
		var e *chess.Error
		if !errors.As(err, &e) {
			t.Errorf("ParseFEN(%q) = %v, want a *chess.Error", c.fen, err)
			continue
		}
		if e.Field != "fen" || !strings.Contains(e.Message, c.want) {
			t.Errorf("ParseFEN(%q): field %q, message %q; want fen and %q", c.fen, e.Field, e.Message, c.want)
		}
	}
}

// TestFENRoundTrip checks FEN output on positions that round-trip as they
// are, and the normalisations: the clocks added to an EPD-style FEN, an
// en-passant square no pawn can capture on dropped, X-FEN castling.
func TestFENRoundTrip(t *testing.T) {
	for _, c := range []struct {
		in      string
		variant chess.Variant
		want    string
	}{
		{chess.StartFEN, 0, chess.StartFEN},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0, ""},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0, ""},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"4k3/8/8/8/8/8/8/4K3 b - -", 0, "4k3/8/8/8/8/8/8/4K3 b - - 0 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 0, chess.StartFEN},
		// Chess960: an inner rook is written by its file (X-FEN).
		{"rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", chess.Chess960, ""},
		{"rk2r2r/8/8/8/8/8/8/RK2R2R w EAea - 0 1", chess.Chess960, "rk2r2r/8/8/8/8/8/8/RK2R2R w EQeq - 0 1"},
		{"1r1kr3/8/8/8/8/8/8/1R1KR3 w EBeb - 0 1", chess.Chess960, "1r1kr3/8/8/8/8/8/8/1R1KR3 w KQkq - 0 1"},
	} {
		p, err := chess.ParseFEN(c.in, c.variant)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", c.in, err)
			continue
		}
		want := c.want
		if want == "" {
			want = c.in
		}
		if got := p.FEN(); got != want {
			t.Errorf("FEN of %q = %q, want %q", c.in, got, want)
		}
	}
}
