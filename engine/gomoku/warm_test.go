package gomoku

import "testing"

func TestWarmBuildsBothRulesTables(t *testing.T) {
	Game{}.Warm()
	for _, r := range []Rule{Freestyle, Standard} {
		if tables[r] == nil {
			t.Errorf("rule %d: no pattern table after Warm", r)
		}
	}
}
