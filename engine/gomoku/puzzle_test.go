package gomoku_test

import (
	"bufio"
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

// puzzleState returns the position of p.
func puzzleState(t testing.TB, p puzzle) *gomoku.State {
	t.Helper()
	st, err := gomoku.Game{}.NewState(engine.Setup{FromMoves: true, Moves: p.Moves})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*gomoku.State)
}

// puzzleNodes is the node limit of one puzzle search.
const puzzleNodes = 150_000

// solve searches a puzzle to depth 8 within puzzleNodes and reports whether
// the engine's move keeps the forced win: it is the known first move, or
// the engine proved a win and the opponent's own search proves its loss.
func solve(t testing.TB, p puzzle) (bool, engine.Result) {
	t.Helper()
	st := puzzleState(t, p)
	res := search(st, 8, gomoku.Options{MaxNodes: puzzleNodes})
	if st.FormatMove(res.Move) == p.First {
		return true, res
	}
	return res.Outcome == engine.OutcomeWin && stillWins(st, res.Move), res
}

// TestPuzzleSample solves every tenth puzzle (60 of them) within the node
// limit. All 600 run in BenchmarkPuzzles.
func TestPuzzleSample(t *testing.T) {
	ps := loadPuzzles(t)
	solved, total := 0, 0
	for i := 0; i < len(ps); i += 10 {
		total++
		if ok, res := solve(t, ps[i]); ok {
			solved++
		} else {
			t.Logf("puzzle %d (%s, %d plies, first %s) unsolved: %+v", i, ps[i].Kind, ps[i].Plies, ps[i].First, res)
		}
	}
	if solved < total-3 {
		t.Errorf("solved %d of %d puzzles", solved, total)
	}
}

// BenchmarkPuzzles solves all 600 puzzles within the node limit and reports
// how many were solved, of each kind, and the time per puzzle.
func BenchmarkPuzzles(b *testing.B) {
	ps := loadPuzzles(b)
	for b.Loop() {
		solved := map[string]int{}
		var nodes uint64
		var searching time.Duration
		for i, p := range ps {
			ok, res := solve(b, p)
			searching += res.Elapsed
			nodes += res.Nodes
			if ok {
				solved[p.Kind]++
			} else if testing.Verbose() {
				b.Logf("puzzle %d unsolved: %s plies %d first %s got %s", i, p.Kind, p.Plies, p.First, puzzleState(b, p).FormatMove(res.Move))
			}
		}
		b.ReportMetric(float64(solved["vcf"]+solved["win3"]), "solved")
		b.ReportMetric(float64(solved["vcf"]), "vcf-solved")
		b.ReportMetric(float64(solved["win3"]), "win3-solved")
		b.ReportMetric(float64(searching.Microseconds())/float64(len(ps)), "µs/puzzle")
		b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
	}
}
