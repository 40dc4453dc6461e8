package gomoku_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"movesvc/engine"
	"movesvc/engine/gomoku"
)

// puzzle is one line of testdata/puzzles.jsonl.
type puzzle struct {
	Moves  []string `json:"moves"`
	ToMove string   `json:"to_move"`
	First  string   `json:"first"`
	Plies  int      `json:"plies"`
	Kind   string   `json:"kind"`
}

func loadPuzzles(t testing.TB) []puzzle {
	t.Helper()
	f, err := os.Open("testdata/puzzles.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []puzzle
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var p puzzle
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	if len(out) != 600 {
		t.Fatalf("%d puzzles, want 600", len(out))
	}
	return out
}

// solve searches a puzzle and reports whether the engine's move keeps a
// forced win: it is the known first move, or the engine proved a win.
func solve(t testing.TB, p puzzle, depth int, deadline time.Duration) (bool, engine.Result) {
	t.Helper()
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: p.Moves})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, deadline)
		defer cancel()
	}
	res := engine.Search(ctx, st, engine.Params{Depth: depth})
	if st.FormatMove(res.Move) == p.First {
		return true, res
	}
	return res.Outcome == engine.OutcomeWin && winsAfter(st, res.Move), res
}

// winsAfter checks independently that after m the side that played it
// still wins: the opponent's search proves a loss.
func winsAfter(st engine.State, m engine.Move) bool {
	c := st.Clone()
	c.Play(m)
	if c.Outcome() == engine.OutcomeLoss {
		return true
	}
	res := engine.Search(context.Background(), c, engine.Params{Depth: 8})
	return res.Outcome == engine.OutcomeLoss
}

func BenchmarkPuzzles(b *testing.B) {
	ps := loadPuzzles(b)
	for b.Loop() {
		solved := map[string]int{}
		var nodes uint64
		for _, p := range ps {
			ok, res := solve(b, p, 8, 2*time.Second)
			nodes += res.Nodes
			if ok {
				solved[p.Kind]++
			} else if testing.Verbose() {
				b.Logf("unsolved %s plies %d: %v first %s", p.Kind, p.Plies, p.Moves, p.First)
			}
		}
		b.ReportMetric(float64(solved["vcf"]), "vcf-solved")
		b.ReportMetric(float64(solved["win3"]), "win3-solved")
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	}
}
