package gomoku_test

import (
	"testing"

	"movesvc/engine/enginetest"
	"movesvc/engine/gomoku"
)

func TestConformance(t *testing.T) {
	enginetest.Conformance(t, gomoku.Game{}, 2, 1)
}
