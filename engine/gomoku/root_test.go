package gomoku

import (
	"slices"
	"strings"
	"testing"

	"movesvc/engine"
)

// TestRootCandidatesAgainstContinuousFours checks the root's defence
// against the opponent's continuous fours, in a position from a game
// against Rapfi where the opponent would win by them were the side to
// move to pass: fewer candidates are kept than generated, each a distinct
// candidate, and after each the opponent has no continuous fours (by a
// search with several times the root's nodes). The kept moves once shared
// the move stack with the searches that checked them, which replaced some
// of them by moves of their own lists.
func TestRootCandidatesAgainstContinuousFours(t *testing.T) {
	moves := "g5 i6 g9 h5 j7 g6 i4 h6 f6 h4 h7 i5"
	st, err := Game{}.NewState(engine.Setup{FromMoves: true, Moves: strings.Fields(moves)})
	if err != nil {
		t.Fatal(err)
	}
	b := &st.(*State).b
	s := getSearcher(b, 18, nil, Options{}, nil)
	defer putSearcher(s, nil)
	n, _ := s.generate(0, -1)
	all := slices.Clone(s.moves[:n])
	s.sp = 0
	k := s.rootCandidates(MaxDepth)
	kept := slices.Clone(s.moves[:k])
	if k == 0 || k >= n || s.sp != k {
		t.Fatalf("%d of %d candidates kept, stack at %d", k, n, s.sp)
	}
	s.sp = 0
	for i, m := range kept {
		if slices.Contains(kept[:i], m) || !slices.Contains(all, m) {
			t.Errorf("kept move %d twice or not a candidate", m)
		}
		b.play(int(m))
		s.threatNodes, s.budget = 0, 4*maxRootThreatNodes
		if s.vcf(maxVCF) > 0 {
			t.Errorf("kept %d, after which the opponent wins by continuous fours", m)
		}
		b.undo(int(m))
	}
	t.Logf("%d of %d candidates kept", k, n)
}
