package backgammon

import (
	"context"
	"testing"
)

// BenchmarkEvaluate measures one 0-ply evaluation of a contact position by
// the embedded network (encoding included).
func BenchmarkEvaluate(b *testing.B) {
	ev := NewEvaluator(DefaultNets())
	board := StartBoard
	b.ReportAllocs()
	for b.Loop() {
		ev.Probs(&board)
	}
}

// BenchmarkSearch2Ply measures a full 2-ply search of an opening roll.
func BenchmarkSearch2Ply(b *testing.B) {
	p := rolled(StartBoard, 4, 3)
	table := NewTable(8 << 20)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		r, _ := Search(context.Background(), &p, Limits{Depth: 3, Table: table})
		nodes = r.Nodes
		table = NewTable(8 << 20)
	}
	b.ReportMetric(float64(nodes), "evals/op")
}
