package connect4

import (
	"strings"
	"testing"

	"movesvc/engine"
)

// FuzzNewState feeds arbitrary boards and move lists to the parser: it must
// either reject them with an InputError or return a position that is not
// over, has a legal move, and round-trips through Board.
func FuzzNewState(f *testing.F) {
	for _, seed := range []string{
		".......\n.......\n.......\n.......\n.......\n...x...",
		".......\n.......\n...x...\n.......\n.......\n.......",
		"4 4 5 3", "1 1 1 1 1 1 1", "0 8 a", "4 1 4 2 4 3 4", "",
	} {
		f.Add(seed, seed)
	}
	f.Fuzz(func(t *testing.T, board, moves string) {
		for _, setup := range []engine.Setup{
			{Board: strings.Split(board, "\n")},
			{FromMoves: true, Moves: strings.Fields(moves)},
		} {
			st, err := Game{}.NewState(setup)
			if err != nil {
				if _, ok := engine.AsInputError(err); !ok {
					t.Fatalf("non-input error %v", err)
				}
				continue
			}
			if st.Outcome() != engine.OutcomeUnknown || len(st.LegalMoves(nil)) == 0 {
				t.Fatalf("accepted a finished position %q", st.(*State).Board())
			}
			again, err := Game{}.NewState(engine.Setup{Board: st.(*State).Board()})
			if err != nil || again.Hash() != st.Hash() {
				t.Fatalf("board %q does not round-trip: %v", st.(*State).Board(), err)
			}
		}
	})
}
