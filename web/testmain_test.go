package web_test

import (
	"testing"

	"movesvc/internal/race"
)

// TestMain exits without the race runtime's second of sleep (race.Exit).
func TestMain(m *testing.M) { race.Exit(m.Run()) }
