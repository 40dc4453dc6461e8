package gomoku

import (
	"strings"
	"testing"

	"movesvc/engine"
)

// quiesceAt returns the quiescence search's value of the freestyle position
// after moves, and its first move, with a full window.
func quiesceAt(t *testing.T, moves string) (int32, int) {
	t.Helper()
	st, err := Game{}.NewState(engine.Setup{FromMoves: true, Moves: strings.Fields(moves)})
	if err != nil {
		t.Fatal(err)
	}
	s := getSearcher(&st.(*State).b, 16, nil, Options{}, nil)
	defer putSearcher(s, nil)
	v := s.quiesce(0, -engine.WinScore-1, engine.WinScore+1, 0)
	move := -1
	if s.pvLen[0] > 0 {
		move = int(s.pv[0][0])
	}
	return v, move
}

// TestQuiescence checks what the search sees past its horizon: continuous
// fours of the side to move (puzzle 0, a five in nine plies from e8),
// played out to a proved win; and an open three of the opponent's, which
// it does not answer: the side to move stands on its static value.
func TestQuiescence(t *testing.T) {
	v, m := quiesceAt(t, "j12 f11 f10 i11 g10 j11 i10 e10 f9 h10 i9 j10 g8 j8 h8 e7 i8 i7")
	if v < engine.WinThreshold || engine.PliesToEnd(v) > 9 {
		t.Errorf("continuous fours: value %d, want a win within 9 plies", v)
	}
	if m < 0 {
		t.Errorf("continuous fours: no move in the variation")
	}
	// o's open three on row 12 (g12 h12 i12); x has no four to make.
	const three = "h8 g12 i9 h12 j7 i12"
	v, _ = quiesceAt(t, three)
	st, _ := Game{}.NewState(engine.Setup{FromMoves: true, Moves: strings.Fields(three)})
	if want := st.(*State).Evaluate(); v != want {
		t.Errorf("the opponent's open three: value %d, want the static value %d", v, want)
	}
}
