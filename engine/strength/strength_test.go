package strength

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"movesvc/engine"
)

// nim is a minimal position for this package's tests: a Nim heap of n
// stones, take 1 or 2, taking the last stone wins.
type nim struct{ n, ply int }

func (s *nim) ToMove() engine.Player { return engine.Player(s.ply % 2) }
func (s *nim) Ply() int              { return s.ply }
func (s *nim) Outcome() engine.Outcome {
	if s.n == 0 {
		return engine.OutcomeLoss
	}
	return engine.OutcomeUnknown
}
func (s *nim) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	for m := 1; m <= min(2, s.n); m++ {
		buf = append(buf, engine.Move(m))
	}
	return buf
}
func (s *nim) MaxMoves() int                         { return 2 }
func (s *nim) RemainingPlies() int                   { return s.n }
func (s *nim) Play(m engine.Move)                    { s.n -= int(m); s.ply++ }
func (s *nim) Undo(m engine.Move)                    { s.n += int(m); s.ply-- }
func (s *nim) Evaluate() int32                       { return 0 }
func (s *nim) Hash() uint64                          { return uint64(s.n)*2654435761 + uint64(s.ply%2) }
func (s *nim) ParseMove(string) (engine.Move, error) { return engine.NoMove, errors.New("no notation") }
func (s *nim) FormatMove(m engine.Move) string       { return string(rune('0' + m)) }
func (s *nim) Cell(m engine.Move) (int, int)         { return 0, int(m) }
func (s *nim) Board() []string                       { return nil }
func (s *nim) Clone() engine.State                   { c := *s; return &c }

// scored builds an analysis, best first, from (score, outcome) pairs; the
// moves are numbered in order.
func scored(entries ...engine.MoveScore) []engine.MoveScore {
	for i := range entries {
		entries[i].Move = engine.Move(i)
	}
	engine.SortMoveScores(entries)
	return entries
}

func unknown(score int) engine.MoveScore {
	return engine.MoveScore{Score: score, Outcome: engine.OutcomeUnknown}
}

// picks returns how often chooseMove returned each move over n seeds.
func picks(moves []engine.MoveScore, k, margin int, p float64, n int) map[engine.Move]int {
	got := map[engine.Move]int{}
	for seed := range uint64(n) {
		got[chooseMove(moves, k, margin, drawLevel(rand.New(rand.NewPCG(seed, 1)), p)).Move]++
	}
	return got
}

// TestChooseMoveStaysNearTheBest checks the margin: with every move drawn
// for (p = 1), only moves within the margin of the best score are played,
// all of them sometimes, the ones closer to the best more often; a margin
// of 0 plays only moves as good as the best.
func TestChooseMoveStaysNearTheBest(t *testing.T) {
	moves := scored(unknown(100), unknown(95), unknown(80), unknown(-200), unknown(-300))
	got := picks(moves, 6, 20, 1, 2000)
	for m, n := range got {
		if moves[m].Score < 80 {
			t.Errorf("played %d (score %d) %d times, more than 20 below the best", m, moves[m].Score, n)
		}
	}
	if got[0] == 0 || got[1] == 0 || got[2] == 0 {
		t.Errorf("picks %v: want each move within the margin played sometimes", got)
	}
	// Weights 21, 16 and 1 of 38.
	if !(got[0] > got[1] && got[1] > 5*got[2]) {
		t.Errorf("picks %v: want the moves closer to the best more often", got)
	}
	tied := scored(unknown(7), unknown(7), unknown(6))
	if got := picks(tied, 6, 0, 1, 500); got[2] != 0 || got[0] == 0 || got[1] == 0 {
		t.Errorf("margin 0: picks %v, want only the two moves scoring 7", got)
	}
}

// TestChooseMoveKeepsToTheBestRanks checks k: however wide the margin, only
// the k best-ranked moves are played.
func TestChooseMoveKeepsToTheBestRanks(t *testing.T) {
	moves := scored(unknown(10), unknown(10), unknown(10), unknown(10), unknown(10))
	got := picks(moves, 3, 1000, 1, 1000)
	if got[3] != 0 || got[4] != 0 || len(got) != 3 {
		t.Errorf("k = 3: picks %v", got)
	}
}

// TestChooseMoveChance checks p: with p = 0 the best is always played;
// with p = 0.5 about half the time at least, since the draw includes it.
func TestChooseMoveChance(t *testing.T) {
	moves := scored(unknown(10), unknown(10))
	if got := picks(moves, 6, 5, 0, 500); got[0] != 500 {
		t.Errorf("p = 0: picks %v, want the best only", got)
	}
	got := picks(moves, 6, 5, 0.5, 2000)
	if got[0] < 1250 || got[0] > 1750 || got[1] == 0 {
		t.Errorf("p = 0.5, two equal moves: picks %v, want the best about 3 times in 4", got)
	}
}

// TestChooseMoveProvedResults checks the proved outcomes: a proved win is
// always played, a proved loss never while a move is not lost, even one far
// below the margin; when every move loses, the slowest loss.
func TestChooseMoveProvedResults(t *testing.T) {
	win := scored(engine.MoveScore{Score: 5, Outcome: engine.OutcomeWin, PliesToEnd: 3}, unknown(900), unknown(800))
	if got := picks(win, 6, 1000, 1, 300); got[0] != 300 {
		t.Errorf("proved win: picks %v", got)
	}
	// The only move that is not lost scores far below the losses' scores.
	block := scored(engine.MoveScore{Score: -990, Outcome: engine.OutcomeLoss, PliesToEnd: 2}, unknown(-5000),
		engine.MoveScore{Score: -980, Outcome: engine.OutcomeLoss, PliesToEnd: 4})
	if got := picks(block, 6, 100000, 1, 300); got[1] != 300 {
		t.Errorf("one move not lost: picks %v, want it every time", got)
	}
	lost := scored(engine.MoveScore{Score: -990, Outcome: engine.OutcomeLoss, PliesToEnd: 2},
		engine.MoveScore{Score: -980, Outcome: engine.OutcomeLoss, PliesToEnd: 4})
	if got := picks(lost, 6, 100000, 1, 300); got[1] != 300 {
		t.Errorf("every move lost: picks %v, want the slowest loss", got)
	}
	draw := scored(engine.MoveScore{Score: 0, Outcome: engine.OutcomeDraw, PliesToEnd: 4}, unknown(-1),
		engine.MoveScore{Score: -3, Outcome: engine.OutcomeLoss, PliesToEnd: 3})
	if got := picks(draw, 6, 10, 1, 300); got[2] != 0 || got[1] == 0 {
		t.Errorf("a draw, a move within the margin and a loss: picks %v", got)
	}
}

// TestChooseMoveIsReproducible checks that the choice depends only on the
// random source: the same seed, the same move.
func TestChooseMoveIsReproducible(t *testing.T) {
	moves := scored(unknown(10), unknown(9), unknown(8), unknown(7))
	for seed := range uint64(50) {
		a := chooseMove(moves, 6, 5, drawLevel(rand.New(rand.NewPCG(seed, 42)), 0.9))
		b := chooseMove(moves, 6, 5, drawLevel(rand.New(rand.NewPCG(seed, 42)), 0.9))
		if a.Move != b.Move {
			t.Fatalf("seed %d: %d then %d", seed, a.Move, b.Move)
		}
	}
}

// TestLevelsAreGraded checks the level tables: as the level drops, the
// default margin widens, the chance of not playing the best grows and
// there are at least as many candidates; MaxLevel has no margin.
func TestLevelsAreGraded(t *testing.T) {
	for level := 2; level < engine.MaxLevel; level++ {
		if DefaultMargin(level) >= DefaultMargin(level-1) {
			t.Errorf("margin at level %d (%d) not below level %d's (%d)", level, DefaultMargin(level), level-1, DefaultMargin(level-1))
		}
		if Chance(level) >= Chance(level-1) {
			t.Errorf("chance at level %d not below level %d's", level, level-1)
		}
		if Candidates(level) > Candidates(level-1) {
			t.Errorf("more candidates at level %d than at %d", level, level-1)
		}
	}
	if DefaultMargin(engine.MaxLevel) != 0 || Chance(engine.MaxLevel) != 0 {
		t.Error("MaxLevel chooses")
	}
}

// candidatesState is a position with ten quiet moves, 0 to 9, whose own
// search (Searcher) plays 9, scoring 45, and whose analysis scores only
// moves 0 (50) and 1 (40): a game whose analysis may leave the search's
// move out. partial says whether it reports so (PartialAnalyzer).
type candidatesState struct {
	nim
	partial bool
}

func (s *candidatesState) Outcome() engine.Outcome { return engine.OutcomeUnknown }
func (s *candidatesState) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	for m := range engine.Move(10) {
		buf = append(buf, m)
	}
	return buf
}
func (s *candidatesState) MaxMoves() int       { return 10 }
func (s *candidatesState) RemainingPlies() int { return 10 }
func (s *candidatesState) Play(engine.Move)    { s.ply++ }
func (s *candidatesState) Undo(engine.Move)    { s.ply-- }
func (s *candidatesState) Clone() engine.State { c := *s; return &c }
func (s *candidatesState) Search(_ context.Context, params engine.Limits) engine.Result {
	return engine.Result{Move: 9, Score: 45, Depth: params.Depth, Complete: true, Nodes: 100, PV: []engine.Move{9}}
}
func (s *candidatesState) Analyze(_ context.Context, params engine.Limits, _ int) []engine.MoveScore {
	return []engine.MoveScore{
		{Move: 0, Score: 50, Depth: params.Depth, Complete: true, Nodes: 10, PV: []engine.Move{0}},
		{Move: 1, Score: 40, Depth: params.Depth, Complete: true, Nodes: 10, PV: []engine.Move{1}},
	}
}
func (s *candidatesState) AnalyzesSomeMoves() bool { return s.partial }

// TestLevelsOfPartialAnalyzersSearchFirst checks the levels of a game
// whose analysis scores only some moves: a level that does not deviate
// plays its search's move even where the analysis rates others higher;
// one that deviates chooses among the analysed moves and the search's,
// playing each sometimes; its nodes count both. A game whose analysis
// covers every move (partial false) plays the analysis' best instead.
func TestLevelsOfPartialAnalyzersSearchFirst(t *testing.T) {
	for _, level := range []int{1, 5, 9} {
		got := map[engine.Move]int{}
		for seed := range uint64(300) {
			st := &candidatesState{partial: true}
			draw := drawLevel(rand.New(rand.NewPCG(seed, st.Hash())), Chance(level))
			res := Search(context.Background(), st, Params{Level: level, Seed: seed})
			got[res.Move]++
			switch {
			case !draw.deviate && res.Move != 9:
				t.Fatalf("level %d seed %d: played %d without deviating, want the search's 9", level, seed, res.Move)
			case draw.deviate && res.Nodes != 120:
				t.Errorf("level %d seed %d: %d nodes, want the search's 100 and the analysis' 20", level, seed, res.Nodes)
			case !draw.deviate && res.Nodes != 100:
				t.Errorf("level %d seed %d: %d nodes, want the search's 100 alone", level, seed, res.Nodes)
			}
		}
		if level == 1 && (got[0] == 0 || got[1] == 0 || got[9] == 0) {
			t.Errorf("level 1 always deviates: picks %v, want 0, 1 and 9 each sometimes", got)
		}
		if level == 9 && got[9] < 250 {
			t.Errorf("level 9: picks %v, want the search's move nearly always", got)
		}
	}
	whole := &candidatesState{partial: false}
	for seed := range uint64(20) {
		if drawLevel(rand.New(rand.NewPCG(seed, whole.Hash())), Chance(9)).deviate {
			continue
		}
		if res := Search(context.Background(), whole, Params{Level: 9, Seed: seed}); res.Move != 0 {
			t.Errorf("analysis of every move, level 9, seed %d: played %d, want its best, 0", seed, res.Move)
		}
	}
}

// nodeLimitedState is a candidatesState whose game bounds its levels'
// searches by nodes (LevelNoder: 1000 a level), whose search stops at 3
// plies whatever the depth asked, and which records the params its search
// and analysis were given.
type nodeLimitedState struct {
	candidatesState
	searched, analysed []engine.Limits
}

func (s *nodeLimitedState) LevelNodes(level int) uint64 { return 1000 * uint64(level) }
func (s *nodeLimitedState) Search(ctx context.Context, params engine.Limits) engine.Result {
	s.searched = append(s.searched, params)
	res := s.candidatesState.Search(ctx, params)
	res.Depth, res.Complete = 3, false
	return res
}
func (s *nodeLimitedState) Analyze(ctx context.Context, params engine.Limits, n int) []engine.MoveScore {
	s.analysed = append(s.analysed, params)
	return s.candidatesState.Analyze(ctx, params, n)
}

// TestLevelsPassTheirNodeLimit checks that a level of a LevelNoder game
// gives its node limit to its search and, when it deviates, to the
// analysis of its candidates, which searches only as deep as the
// node-limited search completed (at least 2 plies); and that a game
// without one sets no limit.
func TestLevelsPassTheirNodeLimit(t *testing.T) {
	for _, level := range []int{2, 5, 9} {
		deviated, kept := false, false
		for seed := uint64(0); seed < 200 && !(deviated && kept); seed++ {
			st := &nodeLimitedState{candidatesState: candidatesState{partial: true}}
			draw := drawLevel(rand.New(rand.NewPCG(seed, st.Hash())), Chance(level))
			Search(context.Background(), st, Params{Level: level, Seed: seed})
			want := uint64(1000 * level)
			if len(st.searched) != 1 || st.searched[0].MaxNodes != want || st.searched[0].Depth != Depth(st, level) {
				t.Fatalf("level %d: searches %+v, want one to depth %d with a limit of %d nodes", level, st.searched, Depth(st, level), want)
			}
			if !draw.deviate {
				kept = true
				if len(st.analysed) != 0 {
					t.Errorf("level %d seed %d: analysed without deviating", level, seed)
				}
				continue
			}
			deviated = true
			depth := min(Depth(st, level), 3)
			if len(st.analysed) != 1 || st.analysed[0].MaxNodes != want || st.analysed[0].Depth != depth {
				t.Errorf("level %d seed %d: analyses %+v, want one to depth %d with a limit of %d nodes", level, seed, st.analysed, depth, want)
			}
		}
		if !deviated || !kept {
			t.Errorf("level %d: deviated %v, kept to the search %v in 200 seeds, want both", level, deviated, kept)
		}
	}
	if n := Nodes(&candidatesState{}, 5); n != 0 {
		t.Errorf("a game without LevelNodes: limit %d, want none", n)
	}
}
