package gomoku_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/internal/longtest"
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
		res := st.SearchWith(context.Background(), engine.Params{Depth: depth, TableBits: 18}, opt)
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
// other: the game's later positions take fewer nodes to depth 7 with the
// table carried over than from an empty one, and the same searches made
// with a fresh session give the same moves in the same nodes (a search's
// result depends on the position, the settings and the searches before it
// in the session, nothing else).
func TestSessionCarriesTable(t *testing.T) {
	n, depth := longtest.Pick(2, 3), longtest.Pick(5, 7)
	alone := sessionGame(t, n, depth, gomoku.Options{})
	carried := sessionGame(t, n, depth, gomoku.Options{Session: new(gomoku.Session)})
	again := sessionGame(t, n, depth, gomoku.Options{Session: new(gomoku.Session)})
	if carried[0].Nodes != alone[0].Nodes || carried[0].Move != alone[0].Move {
		t.Errorf("first search: %d nodes with a new session, %d without", carried[0].Nodes, alone[0].Nodes)
	}
	var sumAlone, sumCarried uint64
	for i := range carried {
		if carried[i].Move != again[i].Move || carried[i].Nodes != again[i].Nodes {
			t.Errorf("search %d: %d in %d nodes, then %d in %d with another session", i, carried[i].Move, carried[i].Nodes, again[i].Move, again[i].Nodes)
		}
		if i > 0 {
			sumAlone += alone[i].Nodes
			sumCarried += carried[i].Nodes
		}
	}
	if sumCarried*10 > sumAlone*9 {
		t.Errorf("later searches: %d nodes with the table carried over, %d without; want at most nine tenths", sumCarried, sumAlone)
	}
	for i := range carried {
		t.Logf("search %d: %d nodes with the session, %d without", i, carried[i].Nodes, alone[i].Nodes)
	}
}

// BenchmarkSessionGame measures the searches of sessionGame (three
// positions of one game, depth 8) without a session and with one: ns/op and
// nodes/op are the three searches'.
func BenchmarkSessionGame(b *testing.B) {
	for _, keep := range []bool{false, true} {
		b.Run(fmt.Sprintf("session=%v", keep), func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				opt := gomoku.Options{}
				if keep {
					opt.Session = new(gomoku.Session)
				}
				for _, r := range sessionGame(b, 3, 8, opt) {
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
	params := engine.Params{Depth: 6, TableBits: 18}
	with := small.SearchWith(context.Background(), params, gomoku.Options{Session: sess})
	without := small.SearchWith(context.Background(), params, gomoku.Options{})
	if with.Move != without.Move || with.Nodes != without.Nodes {
		t.Errorf("13x13 after 15x15: %d in %d nodes with the session, %d in %d without", with.Move, with.Nodes, without.Move, without.Nodes)
	}
}
