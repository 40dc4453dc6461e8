package chess_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/chess"
	"movesvc/engine/enginetest"
	"movesvc/internal/longtest"
)

// TestConformance runs the service's State contract checks on ten random
// games of chess in the long run (engine/games plays one in the quick run:
// a random game lasts hundreds of plies).
func TestConformance(t *testing.T) {
	longtest.Skip(t)
	enginetest.Conformance(t, chess.Game{}, 10, 3)
}

func newState(t *testing.T, setup engine.Setup) engine.State {
	t.Helper()
	st, err := chess.Game{}.NewState(setup)
	if err != nil {
		t.Fatalf("NewState(%+v): %v", setup, err)
	}
	return st
}

// TestNewStateRejects checks that every bad setup is refused with an
// *engine.InputError at the request field, its message saying why.
func TestNewStateRejects(t *testing.T) {
	cases := []struct {
		name  string
		setup engine.Setup
		field string
		msg   string
	}{
		{"board", engine.Setup{Board: []string{"........"}}, "board", "fen"},
		{"variant", engine.Setup{Options: map[string]any{"variant": "crazyhouse"}}, "variant", "chess960"},
		{"fen fields", engine.Setup{Position: "8/8 w", PositionField: "fen"}, "fen", "fields"},
		{"fen placement", engine.Setup{Position: "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", PositionField: "fen"}, "fen", "piece placement"},
		{"position field", engine.Setup{Position: "8/8/8/8/8/8/8/8 w - - 0 1", PositionField: "position"}, "position", "king"},
		{"side", engine.Setup{Position: "4k3/8/8/8/8/8/8/4K3 x - - 0 1", PositionField: "fen"}, "fen", "side"},
		{"not to move in check", engine.Setup{Position: "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", PositionField: "fen"}, "fen", "check"},
		{"castling", engine.Setup{Position: "4k3/8/8/8/8/8/8/4K3 w K - 0 1", PositionField: "fen"}, "fen", "castling"},
		{"en passant", engine.Setup{Position: "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", PositionField: "fen"}, "fen", "en passant"},
		{"illegal move", engine.Setup{FromMoves: true, Moves: []string{"e4", "e5", "Ke3"}}, "moves[2]", "not legal"},
		{"ambiguous", engine.Setup{Position: "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1", PositionField: "fen", FromMoves: true, Moves: []string{"Ne2"}}, "moves[0]", "ambiguous"},
		{"after mate", engine.Setup{FromMoves: true, Moves: []string{"f3", "e5", "g4", "Qh4#", "e4"}}, "moves[4]", "over"},
		{"mated", engine.Setup{FromMoves: true, Moves: []string{"f3", "e5", "g4", "Qh4#"}}, "moves[3]", "checkmate"},
		{"stalemate", engine.Setup{Position: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", PositionField: "fen"}, "fen", "stalemate"},
		{"insufficient", engine.Setup{Position: "7k/8/6K1/8/8/8/8/8 b - - 0 1", PositionField: "fen"}, "fen", "insufficient-material"},
		{"fifty moves", engine.Setup{Position: "7k/8/6K1/8/8/8/8/7R b - - 100 80", PositionField: "fen"}, "fen", "fifty-move"},
		{"repetition", engine.Setup{FromMoves: true, Moves: []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}}, "moves[7]", "repetition"},
		{"to_move", engine.Setup{FromMoves: true, Moves: []string{"e4"}, ToMove: "x"}, "to_move", "black is to move"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := chess.Game{}.NewState(c.setup)
			ie, ok := engine.AsInputError(err)
			if !ok {
				t.Fatalf("error %v, want an *engine.InputError", err)
			}
			if ie.Field != c.field || !strings.Contains(ie.Message, c.msg) {
				t.Errorf("got %s: %s; want field %s, a message with %q", ie.Field, ie.Message, c.field, c.msg)
			}
		})
	}
}

// TestDescribeMove checks the details a client enters moves by: SAN,
// squares (a castling to the king's destination) and the promotion.
func TestDescribeMove(t *testing.T) {
	cases := []struct {
		fen, variant, move string
		want               engine.MoveView
	}{
		{chess.StartFEN, "standard", "g1f3", engine.MoveView{SAN: "Nf3", From: "g1", To: "f3"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "standard", "e1g1", engine.MoveView{SAN: "O-O", From: "e1", To: "g1"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "standard", "O-O-O", engine.MoveView{SAN: "O-O-O", From: "e8", To: "c8"}},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "standard", "a7b8n", engine.MoveView{SAN: "axb8=N", From: "a7", To: "b8", Promotion: "n"}},
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "chess960", "e1b1", engine.MoveView{SAN: "O-O-O", From: "e1", To: "c1"}},
	}
	for _, c := range cases {
		st := newState(t, engine.Setup{Position: c.fen, PositionField: "fen", Options: map[string]any{"variant": c.variant}})
		m, err := st.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		if got := st.(engine.MoveDescriber).DescribeMove(m); !slices.Equal(got.Steps, c.want.Steps) ||
			got.SAN != c.want.SAN || got.From != c.want.From || got.To != c.want.To || got.Promotion != c.want.Promotion {
			t.Errorf("%s in %s: %+v, want %+v", c.move, c.fen, got, c.want)
		}
	}
}

// TestView checks the ChessView of a position with a king in check.
func TestView(t *testing.T) {
	st := newState(t, engine.Setup{FromMoves: true, Moves: []string{"e4", "f5", "Qh5+"}})
	v := st.(engine.Viewer).View().(engine.ChessView)
	if v.Check != "e8" || v.Rows[3] != ".....p.Q" || v.Castling != "KQkq" || v.Fullmove != 2 || v.Halfmove != 1 {
		t.Errorf("view %+v", v)
	}
	if r := st.(engine.Ender).EndReason(); r != "" {
		t.Errorf("EndReason %q while the game goes on", r)
	}
}

// TestSearchThroughTheContract checks engine.Search on a chess State: a
// mate in two (WAC.004) found with its distance and exact score, a
// node-limited search repeated gives the same answer, and the position is
// restored.
func TestSearchThroughTheContract(t *testing.T) {
	st := newState(t, engine.Setup{Position: "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", PositionField: "fen"})
	fen := st.(engine.Positioner).Position()
	res := engine.Search(context.Background(), st, engine.Limits{Depth: 8})
	if got := st.FormatMove(res.Move); got != "h6h7" || res.Mate != 2 || res.Outcome != engine.OutcomeWin || res.PliesToEnd != 3 {
		t.Errorf("WAC.004: %s mate %d outcome %v plies %d, want h6h7 mate 2 win in 3 plies", got, res.Mate, res.Outcome, res.PliesToEnd)
	}
	if res.Score != 32000-3 {
		t.Errorf("score %d, want the exact score %d", res.Score, 32000-3)
	}
	lim := engine.Limits{MaxNodes: 10000}
	a := engine.Search(context.Background(), st, lim)
	b := engine.Search(context.Background(), st, lim)
	if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes || !slices.Equal(a.PV, b.PV) {
		t.Errorf("two node-limited searches differ: %+v and %+v", a, b)
	}
	if got := st.(engine.Positioner).Position(); got != fen {
		t.Errorf("position after the searches %q, want %q", got, fen)
	}
}

// TestAnalyze checks that analysis scores every legal move, best first,
// each with its line starting with the move.
func TestAnalyze(t *testing.T) {
	st := newState(t, engine.Setup{FromMoves: true, Moves: []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Nd4"}})
	legal := st.LegalMoves(nil)
	scores := engine.Analyze(context.Background(), st, engine.Limits{Depth: 4}, 0)
	if len(scores) != len(legal) {
		t.Fatalf("%d scores for %d legal moves", len(scores), len(legal))
	}
	for i, s := range scores {
		if i > 0 && s.Score > scores[i-1].Score {
			t.Errorf("entry %d scores %d, above the one before (%d)", i, s.Score, scores[i-1].Score)
		}
		if len(s.PV) == 0 || s.PV[0] != s.Move || s.WDL == nil {
			t.Errorf("entry %d: move %d, pv %v, wdl %v", i, s.Move, s.PV, s.WDL)
		}
	}
	three := engine.Analyze(context.Background(), st, engine.Limits{Depth: 4}, 3)
	if len(three) != 3 {
		t.Errorf("%d entries for multipv 3", len(three))
	}
}

// TestSearchMemoryCoversTheTable checks that the memory a search reports
// covers the table it borrows: the engine's table size for the bits.
func TestSearchMemoryCoversTheTable(t *testing.T) {
	for _, bits := range []int{0, 12, 20} {
		lim := engine.Limits{TableBits: bits}
		got, table := chess.Game{}.SearchMemory(lim), engine.TableBytes(lim.Bits())
		if got < table {
			t.Errorf("bits %d: SearchMemory %d below the table's %d bytes", bits, got, table)
		}
	}
}

// FuzzNewState feeds the game any FEN, comma-separated move list, variant
// and to_move. It must never panic; a refusal is an *engine.InputError at
// a request field; an accepted position is not over, its FEN reads back
// to itself, and its legal moves read back from their notations.
func FuzzNewState(f *testing.F) {
	f.Add(chess.StartFEN, "e4,e5,Nf3", "standard", "")
	f.Add("", "f3,e5,g4,Qh4#", "standard", "x")
	f.Add("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "e1b1", "chess960", "o")
	f.Add("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1", "Ne2", "bughouse", "")
	f.Fuzz(func(t *testing.T, fen, moves, variant, toMove string) {
		setup := engine.Setup{Position: fen, PositionField: "fen", ToMove: toMove,
			Options: map[string]any{"variant": variant}}
		if moves != "" {
			setup.FromMoves, setup.Moves = true, strings.Split(moves, ",")
		}
		st, err := chess.Game{}.NewState(setup)
		if err != nil {
			if ie, ok := engine.AsInputError(err); !ok || ie.Field == "" || ie.Message == "" {
				t.Fatalf("NewState(%q, %q, %q, %q) = %v, want an *engine.InputError at a field", fen, moves, variant, toMove, err)
			}
			return
		}
		if st.Outcome() != engine.OutcomeUnknown {
			t.Fatalf("NewState accepted a finished game: %q %q", fen, moves)
		}
		pos := st.(engine.Positioner).Position()
		back, err := chess.Game{}.NewState(engine.Setup{Position: pos, PositionField: "fen", Options: map[string]any{"variant": variant}})
		if err != nil || back.(engine.Positioner).Position() != pos {
			t.Fatalf("the position %q does not read back: %v", pos, err)
		}
		for _, m := range st.LegalMoves(nil) {
			n := st.FormatMove(m)
			if got, err := st.ParseMove(n); err != nil || got != m {
				t.Fatalf("move %q of %q does not read back: %v", n, pos, err)
			}
		}
	})
}
