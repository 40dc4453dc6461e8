package chess_test

import (
	"errors"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/chess"
)

// TestStatus checks each way a game ends, and positions that go on,
// reached from a FEN and a move list.
func TestStatus(t *testing.T) {
	for _, c := range []struct {
		name    string
		fen     string
		moves   string
		outcome engine.Outcome
		reason  chess.Reason
	}{
		{"fool's mate", "", "f3 e5 g4 Qh4#", engine.OutcomeLoss, chess.ReasonCheckmate},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", engine.OutcomeDraw, chess.ReasonStalemate},
		{"stalemate by a move", "7k/8/8/6K1/8/8/8/5Q2 w - - 0 1", "Qf7", engine.OutcomeDraw, chess.ReasonStalemate},
		{"fifty moves in the FEN", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "", engine.OutcomeDraw, chess.ReasonFiftyMove},
		{"fifty moves by a move", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "Ra2", engine.OutcomeDraw, chess.ReasonFiftyMove},
		{"a pawn move resets the clock", "4k3/8/8/8/8/8/P7/4K3 w - - 99 80", "a3", engine.OutcomeUnknown, chess.ReasonNone},
		{"mate on the hundredth ply", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "Ra8", engine.OutcomeLoss, chess.ReasonCheckmate},
		{"twofold goes on", "", "Nf3 Nf6 Ng1 Ng8", engine.OutcomeUnknown, chess.ReasonNone},
		{"threefold", "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", engine.OutcomeDraw, chess.ReasonRepetition},
		{"threefold of a later position", "", "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7", engine.OutcomeDraw, chess.ReasonRepetition},
		// After Ke2 Ke7 Ke1 Ke8 the start-like position lacks the castling
		// rights it had, so the first one does not count.
		{"castling rights differ", "", "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8", engine.OutcomeUnknown, chess.ReasonNone},
		{"king against king", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", "", engine.OutcomeDraw, chess.ReasonInsufficientMaterial},
		{"king and knight", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", "", engine.OutcomeDraw, chess.ReasonInsufficientMaterial},
		{"bishops on one colour", "8/8/4k3/6b1/8/3K4/8/2B1B3 w - - 0 1", "", engine.OutcomeDraw, chess.ReasonInsufficientMaterial},
		{"bishops on both colours", "8/8/4k3/7b/8/3K4/8/2B5 w - - 0 1", "", engine.OutcomeUnknown, chess.ReasonNone},
		{"two knights", "8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1", "", engine.OutcomeUnknown, chess.ReasonNone},
		{"a capture leaves kings", "8/8/4k3/8/8/3K4/8/4r3 w - - 0 1", "", engine.OutcomeUnknown, chess.ReasonNone},
	} {
		var moves []string
		if c.moves != "" {
			moves = strings.Fields(c.moves)
		}
		p, err := chess.NewGame(c.fen, moves, chess.Standard)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if o, r := p.Status(); o != c.outcome || r != c.reason {
			t.Errorf("%s: Status() = %v, %q; want %v, %q", c.name, o, r, c.outcome, c.reason)
		}
	}
}

// TestNewGameRejects checks that a bad move or a move after the end of
// the game is reported at its index.
func TestNewGameRejects(t *testing.T) {
	for _, c := range []struct {
		fen       string
		variant   chess.Variant
		moves     string
		field     string
		inMessage string
	}{
		{"", 0, "e4 e5 Ke3", "moves[2]", "Ke3 is not legal here"},
		{"", 0, "Nf3 Nf6 d3 d6 Nd2", "moves[4]", "Nd2 is ambiguous: Nbd2, Nfd2"},
		{"", 0, "f3 e5 g4 Qh4 a3", "moves[4]", "a3: the game is already over (checkmate)"},
		{"", 0, "e4 zz", "moves[1]", `"zz" is not a move`},
		{"bad", 0, "e4", "fen", "has 1 fields"},
		// The king would cross e1, which Black's rook attacks (Chess960).
		{"1r1kr3/8/8/8/8/8/8/1R1KR3 w KQkq - 0 1", chess.Chess960, "O-O", "moves[0]", "O-O is not legal here"},
		// After O-O-O the rook on b1 would leave the king on c1 to the
		// queen on a1.
		{"4k3/8/8/8/8/8/8/qR1K3R w KQ - 0 1", chess.Chess960, "O-O-O", "moves[0]", "O-O-O is not legal here"},
	} {
		_, err := chess.NewGame(c.fen, strings.Fields(c.moves), c.variant)
		var e *chess.Error
		if !errors.As(err, &e) || e.Field != c.field || !strings.Contains(e.Message, c.inMessage) {
			t.Errorf("NewGame(%q, %q) = %v; want %s: ...%s...", c.fen, c.moves, err, c.field, c.inMessage)
		}
	}
}
