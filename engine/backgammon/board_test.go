package backgammon

import "testing"

func TestWinKind(t *testing.T) {
	tests := []struct {
		name string
		b    Board
		s    int
		want int
	}{
		{"not over", StartBoard, 0, 0},
		{"single", Board{{}, {0: 14}}, 0, Single},
		{"gammon", Board{{}, {0: 15}}, 0, Gammon},
		{"gammon, a checker on its 18 point", Board{{}, {0: 14, 17: 1}}, 0, Gammon},
		{"backgammon from the winner's home board", Board{{}, {0: 14, 18: 1}}, 0, Backgammon},
		{"backgammon from the bar", Board{{}, {0: 14, BarIndex: 1}}, 0, Backgammon},
		{"side 1 wins a gammon", Board{{3: 15}, {}}, 1, Gammon},
	}
	for _, tt := range tests {
		if got := tt.b.WinKind(tt.s); got != tt.want {
			t.Errorf("%s: WinKind(%d) = %d, want %d", tt.name, tt.s, got, tt.want)
		}
	}
}

func TestPipsAndContact(t *testing.T) {
	b := StartBoard
	if got := b.Pips(0); got != 167 {
		t.Errorf("opening pips = %d, want 167", got)
	}
	if !b.Contact() {
		t.Error("the opening position has contact")
	}
	race := Board{{0: 5, 5: 10}, {2: 15}}
	if race.Contact() {
		t.Error("home boards only: no contact")
	}
	// Side 0's checker on its 13 point is side 1's 12 point; side 1's
	// checker on its 13 point is behind it.
	passing := Board{{12: 1, 0: 14}, {12: 1, 0: 14}}
	if !passing.Contact() {
		t.Error("checkers still to pass each other: contact")
	}
	bar := Board{{BarIndex: 1, 0: 14}, {0: 15}}
	if !bar.Contact() {
		t.Error("a checker on the bar is behind everything: contact")
	}
}

func TestValidate(t *testing.T) {
	bad := []Board{
		{{0: 16}, {}},
		{{0: -1}, {}},
		{{3: 1}, {20: 1}}, // side 0's point 4 is side 1's point 21
	}
	for i, b := range bad {
		if b.Validate() == nil {
			t.Errorf("board %d: Validate accepted %v", i, b)
		}
	}
	if err := StartBoard.Validate(); err != nil {
		t.Errorf("opening position: %v", err)
	}
}

// TestShotsPublished checks the shot count against the published numbers of
// rolls (of 36) that hit a lone blot at each distance from a lone attacker
// with every point between open (e.g. Robertie, "Backgammon for Winners").
func TestShotsPublished(t *testing.T) {
	want := map[int]int{1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3,
		13: 0, 14: 0, 15: 1, 16: 1, 17: 0, 18: 1, 19: 0, 20: 1, 21: 0, 22: 0, 23: 0, 24: 1}
	for dist, n := range want {
		// The victim (side 0) has one blot, on its 24 point (the
		// attacker's index 0); the attacker one checker dist pips
		// above it (index 24, the bar, for 24); the rest are off.
		var b Board
		b[0][23] = 1
		b[1][dist] = 1
		if got := shots(&b, 0); got != n {
			t.Errorf("distance %d: %d shots, published %d", dist, got, n)
		}
	}
}
