package gomoku

// The hook through which engine/gomoku/lab plugs the variants the arena
// and the tuner measure into a search (Options.Variant), in the spirit of
// CounterGo's NewEngine(evalBuilder): the lab owns the tables' file forms,
// their fits and the experiments' names; the engine takes values in its
// own terms (features, cell combinations, line keys) and switches for
// parts of its search. The evaluation and the move ordering are data, not
// calls: the board keeps the sums of a variant's tables up to date as it
// plays and undoes moves, so a variant costs no call per node, and the
// engine's own search pays a nil check.

// Variant changes a search for an experiment. Its zero value, which the
// server's searches have, is the engine's own search. A Variant's tables
// must not change once a search has used them.
type Variant struct {
	// NoThreatSearch turns off VCF and VCT at the root, leaving PVS over
	// the evaluation with the threat-aware move generation, the quiescence
	// search of fours and the wins found without search.
	NoThreatSearch bool
	// Plain turns off everything that knows about threats: VCF and VCT,
	// the forced block of a four, the open-three defences, the extension of
	// forced replies, the quiescence search and the wins found without
	// search; and with them the move-count pruning, null-move pruning,
	// late-move reductions and the root's symmetry: plain alpha-beta (PVS
	// with the table, killers and history) over every cell within two of a
	// stone. It does not change the evaluation.
	Plain bool
	// NoPruning searches every move of every node to the node's depth
	// less a ply: no move-count pruning (see moveCount), no razoring,
	// futility or null-move pruning, no late-move reductions.
	NoPruning bool
	// Weights, when set, weigh the features (State.EvalFeatures) instead of
	// the engine's fitted weights (DefaultWeights).
	Weights *[NumFeatures]int32
	// Cells, when set, evaluate instead of the weights: the sum over the
	// empty cells of the values of the combinations both players make
	// there.
	Cells *CellValues
	// Lines, when set, adds to the evaluation the sum over the empty cells
	// and the four directions of the values of their line keys.
	Lines *LineValues
	// Policy, when set, orders the candidates of quiet nodes instead of
	// the engine's ordering (DefaultPolicy).
	Policy *CellValues

	// Switches for the tests of the search's safeguards (export_test.go).
	pruneWidth   int  // when positive, the move count at every depth
	noReductions bool // late-move reductions off alone
	noSymmetry   bool // every root move of a symmetric position searched
}

// settings are the search options as the searcher applies them.
type settings struct {
	useThreats bool // threat search on
	plain      bool // no threat knowledge at all (Variant.Plain)
	prune      bool // move-count pruning, razoring and futility pruning
	pruneWidth int  // Variant.pruneWidth
	reduce     bool // late-move reductions (part of prune unless Variant.noReductions)
	symmetric  bool // one root move of each set a symmetry of the position maps together
	// weights are the linear weights the evaluation weighs the counts by
	// (the fitted ones or Variant.Weights); nil when values, the cell
	// values of Variant.Cells whose sums the board then keeps, evaluate
	// instead.
	weights *[NumFeatures]int32
	values  *CellValues
	lines   *LineValues // the line values added to the evaluation (Variant.Lines)
	policy  *CellValues // the move-ordering values (candidates)
}

// settings returns what v asks of a searcher.
func (v Variant) settings() settings {
	prune := !v.NoPruning && !v.Plain
	out := settings{
		useThreats: !v.NoThreatSearch && !v.Plain,
		plain:      v.Plain,
		prune:      prune,
		pruneWidth: v.pruneWidth,
		reduce:     prune && !v.noReductions,
		symmetric:  !v.Plain && !v.noSymmetry,
		weights:    &defaultWeights,
		values:     v.Cells,
		lines:      v.Lines,
		policy:     defaultPolicy,
	}
	if v.Weights != nil {
		out.weights = v.Weights
	}
	if v.Cells != nil {
		out.weights = nil
	}
	if v.Policy != nil {
		out.policy = v.Policy
	}
	return out
}

// DefaultWeights returns the weights the search evaluates with unless
// Variant.Weights or Variant.Cells replace them (weights.go).
func DefaultWeights() [NumFeatures]int32 { return defaultWeights }

// DefaultPolicy returns the values the search orders the candidates of
// quiet nodes by unless Variant.Policy replaces them: the cell score of the
// mover's combination (comboOf) plus candidateDefenceEighths/8 of the
// opponent's.
func DefaultPolicy() CellValues { return *defaultPolicy }

// defaultPolicy is the move-ordering values (see DefaultPolicy).
var defaultPolicy = handPolicy()

// handPolicy returns the values of DefaultPolicy.
func handPolicy() *CellValues {
	v := new(CellValues)
	for k := range v {
		score := combos[k].score
		v[k] = [2]int32{score, score * candidateDefenceEighths / 8}
	}
	return v
}
