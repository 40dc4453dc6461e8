package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"movesvc/api"
	"movesvc/engine"
	"movesvc/engine/games"
)

// analysisEntry is a decoded entry of a response's analysis.
type analysisEntry struct {
	Move struct {
		Notation string `json:"notation"`
		Row      int    `json:"row"`
		Col      int    `json:"col"`
	} `json:"move"`
	Score      int      `json:"score"`
	Outcome    string   `json:"outcome"`
	PliesToEnd *int     `json:"plies_to_end"`
	Depth      int      `json:"depth"`
	Complete   bool     `json:"complete"`
	PV         []string `json:"pv"`
}

// analysisResponse is a decoded 200 answer with an analysis.
type analysisResponse struct {
	moveResponse
	Analysis []analysisEntry `json:"analysis"`
}

func outcomeRank(o string) int {
	switch o {
	case "win":
		return 2
	case "loss":
		return 0
	}
	return 1
}

// checkSorted fails unless the entries are best first: wins, then draws
// and unproved moves, then losses, each by decreasing score.
func checkSorted(t *testing.T, entries []analysisEntry) {
	t.Helper()
	for i := 1; i < len(entries); i++ {
		a, b := entries[i-1], entries[i]
		ra, rb := outcomeRank(a.Outcome), outcomeRank(b.Outcome)
		if ra < rb || ra == rb && a.Score < b.Score {
			t.Errorf("analysis not sorted best first: %s (%s %d) before %s (%s %d)",
				a.Move.Notation, a.Outcome, a.Score, b.Move.Notation, b.Outcome, b.Score)
		}
	}
}

// childResult plays notation in the position of moves and searches the
// position after it with a plain search (no deadline) to depth.
func childResult(t *testing.T, game string, moves []string, notation string, depth int) (engine.State, engine.Result, bool) {
	t.Helper()
	g, _ := games.Registry().Lookup(game)
	st, err := g.NewState(engine.Setup{FromMoves: true, Moves: moves})
	if err != nil {
		t.Fatal(err)
	}
	m, err := st.ParseMove(notation)
	if err != nil {
		t.Fatalf("analysis move %q: %v", notation, err)
	}
	parent := st.Clone()
	st.Play(m)
	if st.Outcome() != engine.OutcomeUnknown {
		return parent, engine.Result{Outcome: st.Outcome()}, true
	}
	return parent, engine.Search(context.Background(), st, engine.Params{Depth: depth}), false
}

// TestAnalysisAgreesWithChildSearches checks every entry of an exact
// analysis (tic-tac-toe, Connect Four) against a plain search of the
// position after the move, and the depth-limited tic-tac-toe analysis
// against depth-limited searches.
func TestAnalysisAgreesWithChildSearches(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	cases := []struct {
		game  string
		moves []string
		depth int // 0: exact
		legal int
	}{
		{"tictactoe", []string{"a3", "c3"}, 0, 7},
		{"tictactoe", []string{"b2"}, 0, 8},
		{"tictactoe", []string{"a1"}, 3, 8},
		{"connect4", []string{"4", "4", "5"}, 0, 7},
		{"connect4", []string{"4", "4", "4", "4", "4", "4", "3", "3", "5"}, 0, 6},
		{"connect4", []string{"1", "2", "3", "4", "5", "6", "7", "1", "2", "3", "4", "5", "6", "7"}, 0, 7},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s/%s/%d", tc.game, strings.Join(tc.moves, ""), tc.depth), func(t *testing.T) {
			body := fmt.Sprintf(`{"game":%q,"moves":[%s],"analysis":true,"timeout_ms":10000}`, tc.game, quoteAll(tc.moves))
			if tc.depth > 0 {
				body = fmt.Sprintf(`{"game":%q,"moves":[%s],"analysis":true,"depth":%d}`, tc.game, quoteAll(tc.moves), tc.depth)
			}
			r := ts.post(t, body)
			if r.status != http.StatusOK {
				t.Fatalf("status %d: %s", r.status, r.body)
			}
			var got analysisResponse
			r.decode(t, &got)
			if len(got.Analysis) != tc.legal {
				t.Fatalf("%d entries, want one per legal move (%d)", len(got.Analysis), tc.legal)
			}
			checkSorted(t, got.Analysis)
			if best := got.Analysis[0]; best.Score != got.Score || best.Outcome != got.Outcome {
				t.Errorf("best entry %s %s %d, response %s %d", best.Move.Notation, best.Outcome, best.Score, got.Outcome, got.Score)
			}
			seen := map[string]bool{}
			for _, e := range got.Analysis {
				if seen[e.Move.Notation] {
					t.Errorf("move %s listed twice", e.Move.Notation)
				}
				seen[e.Move.Notation] = true
				if !e.Complete || len(e.PV) == 0 || e.PV[0] != e.Move.Notation {
					t.Errorf("entry %+v: want complete, pv starting with the move", e)
				}
				childDepth := 0
				if tc.depth > 0 {
					childDepth = tc.depth - 1
				}
				parent, child, over := childResult(t, tc.game, tc.moves, e.Move.Notation, childDepth)
				wantOutcome, wantPlies := child.Outcome.Flip(), child.PliesToEnd+1
				if over {
					wantPlies = 1
					if child.Outcome == engine.OutcomeLoss {
						wantOutcome = engine.OutcomeWin
					}
				}
				if e.Outcome != wantOutcome.String() {
					t.Errorf("%s: outcome %s, the child's search says %s", e.Move.Notation, e.Outcome, wantOutcome)
					continue
				}
				if wantOutcome == engine.OutcomeUnknown {
					if e.Score != -child.Score || e.PliesToEnd != nil {
						t.Errorf("%s: score %d plies %v, the child's depth-%d search scores %d", e.Move.Notation, e.Score, deref(e.PliesToEnd), childDepth, child.Score)
					}
					continue
				}
				wantScore := parent.(engine.ExactScorer).ExactScore(wantOutcome, wantPlies)
				if e.PliesToEnd == nil || *e.PliesToEnd != wantPlies || e.Score != wantScore {
					t.Errorf("%s: score %d plies %v, want %d in %d plies", e.Move.Notation, e.Score, deref(e.PliesToEnd), wantScore, wantPlies)
				}
			}
		})
	}
}

func quoteAll(moves []string) string {
	q := make([]string, len(moves))
	for i, m := range moves {
		q[i] = fmt.Sprintf("%q", m)
	}
	return strings.Join(q, ",")
}

// TestGomokuAnalysis checks the multipv bound and order, and that an
// immediate five heads the analysis.
func TestGomokuAnalysis(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	var got analysisResponse
	r := ts.post(t, `{"game":"gomoku","moves":["h8","h9","i9"],"analysis":true,"multipv":3,"depth":2}`)
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	r.decode(t, &got)
	if len(got.Analysis) != 3 {
		t.Fatalf("%d entries, want multipv 3", len(got.Analysis))
	}
	checkSorted(t, got.Analysis)

	var def analysisResponse
	ts.post(t, `{"game":"gomoku","moves":["h8","h9","i9"],"analysis":true,"depth":2}`).decode(t, &def)
	if len(def.Analysis) != 5 {
		t.Errorf("%d entries, want the default 5", len(def.Analysis))
	}

	var win analysisResponse
	ts.post(t, `{"game":"gomoku","moves":["h8","a1","i8","a2","j8","a3","k8","c5"],"analysis":true,"depth":2}`).decode(t, &win)
	if e := win.Analysis[0]; e.Outcome != "win" || e.PliesToEnd == nil || *e.PliesToEnd != 1 ||
		e.Move.Notation != "g8" && e.Move.Notation != "l8" {
		t.Errorf("open four: analysis starts with %+v, want a five", e)
	}
}

// TestLevelAndSeed checks that a weaker level with a seed answers the same
// move every time, and takes an immediate win.
func TestLevelAndSeed(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	body := `{"game":"connect4","moves":["4","4"],"level":2,"seed":99}`
	var first moveResponse
	ts.post(t, body).decode(t, &first)
	for range 3 {
		var again moveResponse
		ts.post(t, body).decode(t, &again)
		if again.Move != first.Move || again.Score != first.Score {
			t.Fatalf("same seed, moves %s and %s", first.Move.Notation, again.Move.Notation)
		}
	}
	var win moveResponse
	ts.post(t, `{"game":"tictactoe","moves":["a1","a2","b1","b2"],"level":1,"seed":3}`).decode(t, &win)
	if win.Move.Notation != "c1" || win.Outcome != "win" {
		t.Errorf("level 1 with a win at c1 played %s (%s)", win.Move.Notation, win.Outcome)
	}
}

// TestNewFieldsValidation checks that the new fields' bad values are 422s
// (400 for the wrong JSON type) naming the field.
func TestNewFieldsValidation(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	cases := []struct {
		body     string
		status   int
		location string
	}{
		{`{"game":"tictactoe","moves":[],"level":0}`, 422, "body.level"},
		{`{"game":"tictactoe","moves":[],"level":11}`, 422, "body.level"},
		{`{"game":"gomoku","moves":[],"analysis":true,"multipv":0}`, 422, "body.multipv"},
		{`{"game":"gomoku","moves":[],"analysis":true,"multipv":11}`, 422, "body.multipv"},
		{`{"game":"gomoku","moves":[],"multipv":3}`, 422, "body.multipv"},
		{`{"game":"chess","moves":[],"analysis":true}`, 422, "body.game"},
		{`{"game":"tictactoe","moves":[],"level":"hard"}`, 400, "body.level"},
		{`{"game":"tictactoe","moves":[],"seed":-1}`, 400, "body.seed"},
		{`{"game":"tictactoe","moves":[],"analysis":"yes"}`, 400, "body.analysis"},
	}
	for _, tc := range cases {
		r := ts.post(t, tc.body)
		var p problem
		r.decode(t, &p)
		if r.status != tc.status || len(p.Errors) == 0 || p.Errors[0].Location != tc.location {
			t.Errorf("%s: %d %+v, want %d naming %s", tc.body, r.status, p.Errors, tc.status, tc.location)
		}
	}
}
