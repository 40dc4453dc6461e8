package backgammon

import (
	"context"
	"errors"
	"testing"

	"movesvc/engine"
)

// testNets are small random networks, so that the search tests do not
// depend on the trained weights.
func testNets() Nets {
	return Nets{Contact: NewNet(NumInputs, 16, 1, 0.3), Race: NewNet(NumInputs, 8, 2, 0.3)}
}

func rolled(b Board, d1, d2 int) Position {
	p := NewPosition()
	p.Board = b
	p.Dice = [2]int8{int8(d1), int8(d2)}
	return p
}

func TestSearchNeedsDice(t *testing.T) {
	p := NewPosition()
	if _, err := Search(context.Background(), &p, Limits{Nets: testNets()}); !errors.Is(err, ErrNoRoll) {
		t.Errorf("error %v, want ErrNoRoll", err)
	}
}

func TestSearchDeterministic(t *testing.T) {
	t.Parallel()
	p := rolled(StartBoard, 4, 2)
	lim := Limits{Depth: 3, MaxNodes: 4000, Nets: testNets(), MultiPV: 5}
	a, err := Search(context.Background(), &p, lim)
	if err != nil {
		t.Fatal(err)
	}
	lim.Table = NewTable(1 << 20)
	b, _ := Search(context.Background(), &p, lim)
	if a.Move != b.Move || a.Equity != b.Equity || a.Nodes != b.Nodes || a.Depth != b.Depth {
		t.Errorf("two searches: %+v and %+v", a, b)
	}
	if a.Nodes > lim.MaxNodes+1 {
		t.Errorf("%d evaluations, limit %d", a.Nodes, lim.MaxNodes)
	}
}

func TestSearchDeadline(t *testing.T) {
	p := rolled(StartBoard, 5, 5)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Search(ctx, &p, Limits{Nets: testNets()})
	if err != nil {
		t.Fatal(err)
	}
	var g MoveGen
	if int(r.Move) >= len(p.Plays(&g)) || r.Depth != 1 || r.Complete || !r.DeadlineHit {
		t.Errorf("cancelled search: move %d, depth %d, complete %v, deadline %v", r.Move, r.Depth, r.Complete, r.DeadlineHit)
	}
}

func TestSearchTakesTheWin(t *testing.T) {
	p := rolled(mkBoard(map[int]int{2: 1, 1: 1}, map[int]int{1: 15}), 2, 1)
	r, err := Search(context.Background(), &p, Limits{Nets: testNets(), Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != engine.OutcomeWin || r.PliesToEnd != 1 || r.Play != "2/off 1/off" || r.Equity != 2 {
		t.Errorf("winning roll: %+v", r)
	}
}

func TestSearchMultiPV(t *testing.T) {
	p := rolled(StartBoard, 3, 1)
	r, err := Search(context.Background(), &p, Limits{Nets: testNets(), Depth: 2, MultiPV: 16})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Plays) != 16 || r.Plays[0].Move != r.Move {
		t.Fatalf("%d plays, first %v, move %v", len(r.Plays), r.Plays[0].Move, r.Move)
	}
	for i := 1; i < len(r.Plays); i++ {
		a, b := r.Plays[i-1], r.Plays[i]
		if a.Ply < b.Ply || (a.Ply == b.Ply && a.Equity < b.Equity) {
			t.Errorf("plays %d and %d out of order: %+v, %+v", i-1, i, a, b)
		}
	}
	if r.Plays[0].Ply != 1 {
		t.Errorf("the best play was evaluated at %d-ply, want 1", r.Plays[0].Ply)
	}
}

// TestSearchPlies checks the deeper iterations against a direct
// computation: the 1-ply value of a play is the average over the 21 rolls
// of the opponent's best 0-ply reply.
func TestSearchPlies(t *testing.T) {
	nets := testNets()
	p := rolled(StartBoard, 6, 5)
	var g MoveGen
	plays := p.Plays(&g)
	ev := NewEvaluator(nets)
	s := newSearcher(context.Background(), Limits{Nets: nets})
	for i := range plays {
		sw := plays[i].Result.Swapped()
		var want Probs
		var g2 MoveGen
		for d1 := 1; d1 <= 6; d1++ {
			for d2 := d1; d2 <= 6; d2++ {
				_, best := BestPlay0(ev, &g2, &sw, d1, d2)
				for k := range want {
					want[k] += rollWeight(d1, d2) * best[k]
				}
			}
		}
		got := s.evalPly(&sw, 1)
		for k := range want {
			if d := got[k] - want[k]; d > 1e-5 || d < -1e-5 {
				t.Fatalf("play %s output %d: %v, direct %v", FormatPlay(&plays[i]), k, got[k], want[k])
			}
		}
	}
}

func TestEvalPlyAllocs(t *testing.T) {
	s := newSearcher(context.Background(), Limits{Nets: testNets(), Table: NewTable(64)})
	b := StartBoard
	s.evalPly(&b, 2)
	small := testing.AllocsPerRun(1, func() { s.evalPly(&b, 1) })
	large := testing.AllocsPerRun(1, func() { s.evalPly(&b, 2) })
	if small != 0 || large != 0 {
		t.Errorf("evalPly allocates %.0f (1-ply) and %.0f (2-ply) times", small, large)
	}
}

func TestTrainerDeterministic(t *testing.T) {
	t.Parallel()
	run := func() Nets {
		n := testNets()
		tr := NewTrainer(n, 7, 0.1, 0.7)
		for i := 0; i < 1; i++ {
			tr.PlayGame()
		}
		return n
	}
	a, b := run(), run()
	for i := range a.Contact.W1 {
		if a.Contact.W1[i] != b.Contact.W1[i] {
			t.Fatalf("weight %d differs: %v, %v", i, a.Contact.W1[i], b.Contact.W1[i])
		}
	}
	if a.Contact.W1[0] == testNets().Contact.W1[0] && a.Contact.B2[0] == testNets().Contact.B2[0] {
		t.Error("training changed nothing")
	}
}

func TestUpdateReducesError(t *testing.T) {
	n := NewNet(NumInputs, 16, 3, 0.3)
	tr := NewTrainer(Nets{Contact: n, Race: n}, 1, 0.1, 0)
	var in Inputs
	b := StartBoard
	in.Encode(&b)
	target := Probs{0.9, 0.3, 0.05, 0.1, 0.01}
	before := tr.update(n, &in, &target)
	after := tr.update(n, &in, &target)
	if after >= before {
		t.Errorf("squared error %v after a step towards the target, %v before", after, before)
	}
}

func TestProbsFlipEquity(t *testing.T) {
	p := Probs{0.6, 0.2, 0.02, 0.1, 0.01}
	if q := p.Flip(); q.Flip() != p {
		t.Error("Flip is not an involution")
	}
	if e, f := p.Equity(), p.Flip(); e+f.Equity() > 1e-6 || e+f.Equity() < -1e-6 {
		t.Errorf("equity %v, flipped %v: not opposite", e, f.Equity())
	}
	if e := p.Equity(); e < 0.309 || e > 0.311 { // 2*0.6-1 + 0.2-0.1 + 0.02-0.01
		t.Errorf("equity %v, want 0.31", e)
	}
}

func TestLevels(t *testing.T) {
	t.Parallel()
	nets := testNets()
	r := NewRand(4)
	differ := 0
	table := NewTable(1 << 16)
	for i := 0; i < 6; i++ {
		d1, d2 := r.Dice()
		p := rolled(StartBoard, d1, d2)
		full, _ := Search(context.Background(), &p, Limits{Nets: nets, Depth: 1})
		for level := 1; level <= 10; level++ {
			lim := LevelLimits(level)
			lim.Nets, lim.Table = nets, table
			if lim.MaxNodes == 0 || lim.MaxNodes > 2000 {
				lim.MaxNodes = 2000
			}
			a, _ := Search(context.Background(), &p, lim)
			b, _ := Search(context.Background(), &p, lim)
			if a.Move != b.Move {
				t.Fatalf("level %d: moves %d and %d for one position", level, a.Move, b.Move)
			}
			if level == 1 && a.Move != full.Move {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Error("level 1 always plays the 0-ply best play")
	}
	over := rolled(mkBoard(nil, map[int]int{1: 3}), 3, 1)
	if _, err := Search(context.Background(), &over, Limits{Nets: nets}); !errors.Is(err, ErrOver) {
		t.Errorf("finished game: %v, want ErrOver", err)
	}
}

// TestPlayProbsIncremental: evaluating plays from the position before them
// (only the inputs a play changes) gives the full evaluation.
func TestPlayProbsIncremental(t *testing.T) {
	t.Parallel()
	nets := testNets()
	inc, full := NewEvaluator(nets), NewEvaluator(nets)
	r := NewRand(8)
	var g MoveGen
	b := StartBoard
	for i := 0; i < 300; i++ {
		d1, d2 := r.Dice()
		plays := g.Generate(&b, d1, d2)
		for k := range plays {
			got := inc.PlayProbs(&b, &plays[k])
			sw := plays[k].Result.Swapped()
			want := full.Probs(&sw)
			want = want.Flip()
			if plays[k].Result.OnBoard(0) == 0 {
				want = overProbs(&plays[k].Result)
			}
			for o := range got {
				if d := got[o] - want[o]; d > 1e-5 || d < -1e-5 {
					t.Fatalf("play %s output %d: %v incrementally, %v in full", FormatPlay(&plays[k]), o, got[o], want[o])
				}
			}
		}
		p := plays[r.Intn(len(plays))]
		if p.Result.OnBoard(0) == 0 {
			b = StartBoard
			continue
		}
		b = p.Result.Swapped()
	}
}

// TestSearchThreads: with no limit hit, two threads answer as one does.
func TestSearchThreads(t *testing.T) {
	nets := testNets()
	for _, d := range [][2]int{{4, 2}, {6, 6}} {
		p := rolled(StartBoard, d[0], d[1])
		one, _ := Search(context.Background(), &p, Limits{Nets: nets, Depth: 2})
		two, _ := Search(context.Background(), &p, Limits{Nets: nets, Depth: 2, Threads: 2})
		if one.Move != two.Move || one.Equity != two.Equity || one.Depth != two.Depth {
			t.Errorf("%d-%d: one thread %s %.4f, two %s %.4f", d[0], d[1], one.Play, one.Equity, two.Play, two.Equity)
		}
		lim := Limits{Nets: nets, Depth: 3, Threads: 2, MaxNodes: 3000}
		r, _ := Search(context.Background(), &p, lim)
		if r.Nodes > lim.MaxNodes+2*pollEvals {
			t.Errorf("%d-%d: %d evaluations under a limit of %d", d[0], d[1], r.Nodes, lim.MaxNodes)
		}
	}
}
