package lab

import (
	"sync"

	"movesvc/engine/gomoku"
)

// Options are the experiments' settings of a search: the baselines the
// arena measures the engine's techniques against, and the tables it
// measures fitted evaluations and orderings by. The zero Options is the
// engine's own search.
type Options struct {
	// NoThreatSearch turns off VCF and VCT at the root and inside the tree,
	// leaving PVS over the pattern evaluation with the threat-aware move
	// generation, the quiescence search and the wins found without search:
	// the baseline the arena measures the threat search against.
	NoThreatSearch bool
	// Plain turns off everything that knows about threats: VCF and VCT,
	// the forced block of a four, the open-three defences, the extension of
	// forced replies, the quiescence search and the wins found without
	// search; and the evaluation weighs the line patterns alone, by hand-set
	// weights (PatternWeights), not the cell classes such as four-three.
	// What is left is plain alpha-beta (PVS with the table, killers and
	// history) over every cell within two of a stone, the engine a Gomoku
	// programmer writes first: the arena's baseline for what the threat
	// knowledge adds. Weights, when set, replace its weights too; Table and
	// Lines do not apply.
	Plain bool
	// NoPruning searches every move of every node a ply below it: no
	// move-count pruning, razoring, futility pruning or late-move
	// reductions; the baseline the arena measures them against.
	NoPruning bool
	// Weights, when set, replace the engine's weights: the arena's way of
	// measuring tuned weights against others.
	Weights *EvalWeights
	// Table, when set (and Weights not), evaluates by this cell table
	// instead of the weights: the arena's way of measuring fitted tables.
	Table *CellTable
	// Lines, when set, adds this line table's values to the evaluation:
	// the arena's way of measuring fitted line tables.
	Lines *LineTable
	// Policy, when set, replaces the engine's ordering of the candidates of
	// quiet nodes (PolicyOf).
	Policy *CellTable
}

// Variant returns the engine's form of opt, for gomoku.Options.Variant.
// The tables' engine forms are made once for each table and kept, so that
// a search with them allocates nothing after the first; a table must not
// change once a search has used it.
func (opt Options) Variant() gomoku.Variant {
	v := gomoku.Variant{NoThreatSearch: opt.NoThreatSearch, Plain: opt.Plain, NoPruning: opt.NoPruning}
	switch {
	case opt.Weights != nil:
		v.Weights = (*[gomoku.NumFeatures]int32)(opt.Weights)
	case opt.Plain:
		v.Weights = (*[gomoku.NumFeatures]int32)(&patternWeights)
	case opt.Table != nil:
		v.Cells = cellValues.of(opt.Table)
	}
	if opt.Lines != nil && !opt.Plain {
		v.Lines = lineValues.of(opt.Lines)
	}
	if opt.Policy != nil {
		v.Policy = cellValues.of(opt.Policy)
	}
	return v
}

// engineForms keeps the engine's form F of each table T a search has been
// given, made by form, so that later searches with the table allocate
// nothing.
type engineForms[T, F any] struct {
	form  func(*T) *F
	forms sync.Map // *T -> *F
}

// of returns t's engine form, made the first time t is seen. A table must
// not change once a search has used it.
func (e *engineForms[T, F]) of(t *T) *F {
	if f, ok := e.forms.Load(t); ok {
		return f.(*F)
	}
	f, _ := e.forms.LoadOrStore(t, e.form(t))
	return f.(*F)
}
