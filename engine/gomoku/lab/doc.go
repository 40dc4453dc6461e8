// Package lab holds what the Gomoku tools measure and fit beside the
// engine's own search: the evaluation's weights in the form
// cmd/gomokutune writes them, with their feature names; the cell table
// (a value for each combination of four line patterns at an empty cell),
// the line table (a value for each arrangement of the stones within four
// cells of an empty cell along a line) and the policy table (the move
// ordering's values), with their JSON forms and the views of a position
// their fits read; and the experiments' switches (Options: the threat
// search, the move-count pruning and the threat knowledge turned off).
//
// cmd/arena, cmd/gomokutune and their tests import it; the server does
// not. A lab setting reaches a search through the engine's hook,
// gomoku.Options.Variant (Options.Variant builds one), in the manner of
// CounterGo's NewEngine(evalBuilder): the engine takes the tables in its
// own terms (gomoku.CellValues, gomoku.LineValues) and keeps their sums as
// it plays, so a variant's search costs no call per node and the engine's
// own search is as it was. How the tables were fitted and what they
// played is in docs/gomoku.md and docs/gomoku-experiments.md.
package lab
