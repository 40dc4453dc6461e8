package api_test

import (
	"net/http"
	"slices"
	"testing"

	"movesvc/api"
)

// chessAnswer is the part of a chess answer these tests read.
type chessAnswer struct {
	Move struct {
		Notation string `json:"notation"`
		SAN      string `json:"san"`
		From     string `json:"from"`
		To       string `json:"to"`
	} `json:"move"`
	ToMove        string   `json:"to_move"`
	Score         int      `json:"score"`
	Outcome       string   `json:"outcome"`
	Mate          int      `json:"mate"`
	WDL           *[3]int  `json:"wdl"`
	PV            []string `json:"pv"`
	PVSAN         []string `json:"pv_san"`
	PositionAfter string   `json:"position_after"`
	Analysis      []struct {
		Move struct {
			Notation string `json:"notation"`
		} `json:"move"`
	} `json:"analysis"`
}

// TestChess plays chess through the API: a FEN in, a mate in one out with
// its SAN, squares, mate distance and the FEN after it; SAN moves in;
// analysis with multipv; a game that ends in the position request with
// its reason; and 422s naming the field.
func TestChess(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	var mate chessAnswer
	ts.post(t, `{"game":"chess","fen":"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4","depth":5}`).decode(t, &mate)
	if mate.Move.Notation != "f3f7" || mate.Move.SAN != "Qxf7#" || mate.Move.From != "f3" || mate.Move.To != "f7" ||
		mate.Mate != 1 || mate.Outcome != "win" || mate.ToMove != "white" || mate.WDL == nil || mate.WDL[0] != 1000 ||
		mate.PositionAfter != "r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4" {
		t.Fatalf("scholar's mate: %+v", mate)
	}
	var san chessAnswer
	ts.post(t, `{"game":"chess","moves":["e4","e5","Nf3","Nc6"],"analysis":true,"multipv":3,"depth":4}`).decode(t, &san)
	if san.ToMove != "white" || len(san.Analysis) != 3 || len(san.PV) == 0 || len(san.PVSAN) != len(san.PV) ||
		san.Analysis[0].Move.Notation != san.Move.Notation {
		t.Fatalf("analysis after 2...Nc6: %+v", san)
	}
	var over struct {
		Over   bool   `json:"over"`
		Winner string `json:"winner"`
		Reason string `json:"reason"`
		View   struct {
			Check string `json:"check"`
		} `json:"view"`
		LegalMoves []any `json:"legal_moves"`
	}
	ts.do(t, http.MethodPost, "/position", "application/json",
		[]byte(`{"game":"chess","moves":["f3","e5","g4","Qh4#"]}`)).decode(t, &over)
	if !over.Over || over.Winner != "black" || over.Reason != "checkmate" || over.View.Check != "e1" || len(over.LegalMoves) != 0 {
		t.Fatalf("fool's mate: %+v", over)
	}
	for _, tc := range []struct {
		name, body, location string
	}{
		{"fen placement", `{"game":"chess","fen":"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}`, "body.fen"},
		{"position field", `{"game":"chess","position":"8/8/8/8/8/8/8/8 w - - 0 1"}`, "body.position"},
		{"illegal", `{"game":"chess","moves":["e4","e5","Ke3"]}`, "body.moves[2]"},
		{"after the end", `{"game":"chess","moves":["f3","e5","g4","Qh4#"]}`, "body.moves[3]"},
		{"variant", `{"game":"chess","moves":[],"variant":"atomic"}`, "body.variant"},
		{"board", `{"game":"chess","board":["........"]}`, "body.board"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ts.post(t, tc.body)
			if r.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422: %s", r.status, r.body)
			}
			var p problem
			r.decode(t, &p)
			if len(p.Errors) == 0 || p.Errors[0].Location != tc.location {
				t.Fatalf("problem %+v, want location %s", p, tc.location)
			}
		})
	}
	if san.PVSAN[0] != san.Move.SAN || slices.Contains(san.PVSAN, "") {
		t.Errorf("pv_san %q for the move %s", san.PVSAN, san.Move.SAN)
	}
}
