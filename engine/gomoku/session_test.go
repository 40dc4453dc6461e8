package gomoku_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/internal/longtest"
	"movesvc/internal/race"
)

// sessionGame searches n positions of a game in turn, as a player does:
// the middle-game position, then the one after the two moves of the last
// search's principal variation (its move and the reply it expects), and so
// on, each at depth, with opt. It returns the results.
func sessionGame(t testing.TB, n, depth int, opt gomoku.Options) []engine.Result {
	t.Helper()
	st := middlegameState(t)
	var out []engine.Result
	for range n {
		res := st.SearchWith(context.Background(), engine.Limits{Depth: depth, TableBits: 18}, opt)
		out = append(out, res)
		if len(res.PV) < 2 {
			t.Fatalf("search %d: variation %v, want two moves to go on with", len(out), squares(st, res.PV))
		}
		st.Play(res.PV[0])
		st.Play(res.PV[1])
	}
	return out
}

// TestSessionCarriesTable checks that a session's searches build on each
// other: after a search of the middle-game position to depth, the position
// after the two moves of its principal variation (its move and the reply
// it expects) takes at most half the nodes to depth-2 with the table
// carried over as from an empty one, since that subtree is in the table;
// and that the searches of a game made with a fresh session give the same
// moves in the same nodes (a search's result depends on the position, the
// settings and the searches before it in the session, nothing else).
// From one search to the next at the same depth the carried table saves
// nodes or not by the luck of move order: its entries reorder the moves,
// and so change which are reduced.
func TestSessionCarriesTable(t *testing.T) {
	t.Parallel()
	// Depth 6 under the race detector: some thirty times slower.
	n, depth := longtest.Pick(2, 3), longtest.Pick(race.Pick(8, 6), 12)
	session := new(gomoku.Session)
	st := middlegameState(t)
	res := st.SearchWith(context.Background(), engine.Limits{Depth: depth, TableBits: 18}, gomoku.Options{Session: session})
	if len(res.PV) < 2 {
		t.Fatalf("variation %v, want two moves to go on with", squares(st, res.PV))
	}
	st.Play(res.PV[0])
	st.Play(res.PV[1])
	params := engine.Limits{Depth: depth - 2, TableBits: 18}
	alone := st.SearchWith(context.Background(), params, gomoku.Options{})
	carried := st.SearchWith(context.Background(), params, gomoku.Options{Session: session})
	if carried.Nodes*2 > alone.Nodes {
		t.Errorf("the expected position to depth %d: %d nodes with the table carried over, %d without; want at most half",
			depth-2, carried.Nodes, alone.Nodes)
	}
	t.Logf("the expected position to depth %d: %d nodes with the table carried over, %d without", depth-2, carried.Nodes, alone.Nodes)

	first := sessionGame(t, n, depth, gomoku.Options{Session: new(gomoku.Session)})
	again := sessionGame(t, n, depth, gomoku.Options{Session: new(gomoku.Session)})
	without := sessionGame(t, 1, depth, gomoku.Options{})
	if first[0].Nodes != without[0].Nodes || first[0].Move != without[0].Move {
		t.Errorf("first search: %d nodes with a new session, %d without", first[0].Nodes, without[0].Nodes)
	}
	for i := range first {
		if first[i].Move != again[i].Move || first[i].Nodes != again[i].Nodes {
			t.Errorf("search %d: %d in %d nodes, then %d in %d with another session", i, first[i].Move, first[i].Nodes, again[i].Move, again[i].Nodes)
		}
	}
}

// BenchmarkSessionGame measures the searches of sessionGame (three
// positions of one game, depth 13) without a session and with one: ns/op
// and nodes/op are the three searches'.
func BenchmarkSessionGame(b *testing.B) {
	for _, keep := range []bool{false, true} {
		b.Run(fmt.Sprintf("session=%v", keep), func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				opt := gomoku.Options{}
				if keep {
					opt.Session = new(gomoku.Session)
				}
				for _, r := range sessionGame(b, 3, 13, opt) {
					nodes += r.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// TestSessionNewBoard checks that a session's table is not carried to a
// board of another size: the search there visits what a search without a
// session does.
func TestSessionNewBoard(t *testing.T) {
	sess := new(gomoku.Session)
	sessionGame(t, 1, 4, gomoku.Options{Session: sess})
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: strings.Fields("g7 g8 h8 f6 i9 h7"),
		Options: map[string]any{"size": 13}})
	if err != nil {
		t.Fatal(err)
	}
	small := st.(*gomoku.State)
	params := engine.Limits{Depth: 6, TableBits: 18}
	with := small.SearchWith(context.Background(), params, gomoku.Options{Session: sess})
	without := small.SearchWith(context.Background(), params, gomoku.Options{})
	if with.Move != without.Move || with.Nodes != without.Nodes {
		t.Errorf("13x13 after 15x15: %d in %d nodes with the session, %d in %d without", with.Move, with.Nodes, without.Move, without.Nodes)
	}
}
