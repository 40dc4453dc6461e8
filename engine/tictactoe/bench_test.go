package tictactoe_test

import (
	"context"
	"testing"

	"movesvc/engine"
)

// BenchmarkSolveEmptyBoard solves tic-tac-toe from the empty board with the
// generic search (the engine's negamax, not the solution table): the whole
// game tree, to a proved draw.
func BenchmarkSolveEmptyBoard(b *testing.B) {
	st := generic{newState(b)}
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		res := engine.Search(context.Background(), st, engine.Limits{})
		if res.Outcome != engine.OutcomeDraw {
			b.Fatalf("empty board: %v", res.Outcome)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkTableAnswer answers the empty board as the service does, from
// the solution table.
func BenchmarkTableAnswer(b *testing.B) {
	st := newState(b)
	b.ReportAllocs()
	for b.Loop() {
		if res := engine.Search(context.Background(), st, engine.Limits{}); res.Outcome != engine.OutcomeDraw {
			b.Fatalf("empty board: %v", res.Outcome)
		}
	}
}
