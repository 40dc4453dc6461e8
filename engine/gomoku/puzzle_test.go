package gomoku_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
	"time"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/internal/longtest"
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
	defer func() { _ = f.Close() }()
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

// Node limits of the puzzle searches: the sample in TestPuzzleSample and
// every puzzle in BenchmarkPuzzles; and their nominal depth, in plies of
// the fractional search, whose reductions and pruning make a ply cheaper
// than a whole-ply search's (depth 12 takes about the nodes depth 6 took
// before the rebuild).
const (
	sampleNodes = 1_000_000
	allNodes    = 10_000_000
	puzzleDepth = 12
)

// solve searches a puzzle to puzzleDepth within maxNodes and reports whether
// the engine's move keeps the forced win: it is the known first move, or
// the engine proved a win and either the opponent's own search proves its
// loss or the engine wins the game out against the opponent's best replies.
func solve(t testing.TB, p puzzle, maxNodes uint64) (bool, engine.Result) {
	t.Helper()
	return solveWith(t, p, maxNodes, gomoku.Options{})
}

// solveWith is solve with the engine's search options opt.
func solveWith(t testing.TB, p puzzle, maxNodes uint64, opt gomoku.Options) (bool, engine.Result) {
	t.Helper()
	st := puzzleState(t, p)
	res := search(st, puzzleDepth, maxNodes, opt)
	if st.FormatMove(res.Move) == p.First {
		return true, res
	}
	return res.Outcome == engine.OutcomeWin && (lostAfter(st, res.Move, 1_000_000) || winsPlayout(st, res.Move)), res
}

// winsPlayout plays m and then the game out (winsOut) and reports whether
// the side that played m wins.
func winsPlayout(st *gomoku.State, m engine.Move) bool {
	c := st.Clone().(*gomoku.State)
	c.Play(m)
	return winsOut(c, st.ToMove())
}

// winsOut plays the game from st out, the attacker searching 2 million
// nodes a move and the defender 1 million at full width (no move-count
// pruning, the most thorough defence), and reports whether the attacker
// makes five within 80 plies.
func winsOut(st *gomoku.State, attacker engine.Player) bool {
	c := st.Clone().(*gomoku.State)
	for ply := 0; ply < 80 && c.Outcome() == engine.OutcomeUnknown; ply++ {
		nodes, opt := uint64(1_000_000), gomoku.Options{Variant: gomoku.Variant{NoPruning: true}}
		if c.ToMove() == attacker {
			nodes, opt = 2_000_000, gomoku.Options{}
		}
		c.Play(search(c, puzzleDepth, nodes, opt).Move)
	}
	// After the attacker's five the side to move, the loser, is the
	// defender.
	return c.Outcome() == engine.OutcomeLoss && c.ToMove() != attacker
}

// TestPuzzleSample solves every tenth puzzle (60 of them; in the quick run
// every 150th from the 50th, within sampleNodes) within the benchmark's
// node limit; each must be solved. All 600 run in BenchmarkPuzzles.
func TestPuzzleSample(t *testing.T) {
	ps := loadPuzzles(t)
	first, step, nodes := longtest.Pick(50, 0), longtest.Pick(150, 10), longtest.Pick[uint64](sampleNodes, allNodes)
	for i := first; i < len(ps); i += step {
		if ok, res := solve(t, ps[i], nodes); !ok {
			t.Errorf("puzzle %d (%s, %d plies, first %s) unsolved: %+v", i, ps[i].Kind, ps[i].Plies, ps[i].First, res)
		}
	}
}

// BenchmarkPuzzles solves all 600 puzzles and reports how many were solved,
// of each kind, the time and nodes per puzzle, and how many a search
// limited to 150,000 nodes solves. An unsolved puzzle fails the benchmark.
func BenchmarkPuzzles(b *testing.B) {
	ps := loadPuzzles(b)
	for b.Loop() {
		solved := map[string]int{}
		quick := 0
		var nodes uint64
		var searching time.Duration
		for i, p := range ps {
			ok, res := solve(b, p, allNodes)
			searching += res.Elapsed
			nodes += res.Nodes
			if !ok {
				b.Errorf("puzzle %d unsolved: %s plies %d first %s got %s", i, p.Kind, p.Plies, p.First, puzzleState(b, p).FormatMove(res.Move))
				continue
			}
			solved[p.Kind]++
			if res.Nodes <= 150_000 {
				quick++
			}
		}
		b.ReportMetric(float64(solved["vcf"]+solved["win3"]), "solved")
		b.ReportMetric(float64(solved["vcf"]), "vcf-solved")
		b.ReportMetric(float64(solved["win3"]), "win3-solved")
		b.ReportMetric(float64(quick), "solved-in-150k-nodes")
		b.ReportMetric(float64(searching.Microseconds())/float64(len(ps)), "µs/puzzle")
		b.ReportMetric(float64(nodes)/float64(len(ps)), "nodes/puzzle")
		b.ReportMetric(float64(nodes)/searching.Seconds(), "nodes/s")
	}
}
