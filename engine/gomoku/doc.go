// Package gomoku plays Gomoku (five in a row) on square boards of 9x9 to
// 19x19 under the freestyle rule (five or more in a row wins), the
// standard rule (exactly five wins; an overline is an ordinary line) or
// the renju rule (black wins by exactly five and may not play a double
// three, a double four or an overline; white wins by five or more;
// renju.go). Game registers as "gomoku" with the options "rule" and
// "size"; State implements engine.State and engine.Searcher, and
// engine.PartialAnalyzer (the multipv best candidates, multipv.go),
// engine.LevelDepther and engine.LevelNoder (weaker levels graded by
// nodes), and engine.Forbidder (renju's forbidden points).
//
// Board representation and patterns (board.go, undolog.go, pattern.go,
// combo.go):
//
//   - A padded one-dimensional board: wall cells around the edge, so that
//     line walks need no bounds checks.
//   - Incremental line keys: for every cell and each of the four directions,
//     the two-bit contents of the five cells on each side (four under
//     freestyle, whose patterns never depend on the fifth). Playing or
//     undoing a stone updates the 40 (32) keys it appears in, O(1) per move.
//   - A pattern table built once per rule, mapping a key to what each
//     colour makes by playing at its centre: five, open four (two winning
//     cells), four, open three (one move from an open four, split threes
//     included), closed three, open two, two, one. The standard rule's is
//     indexed by the whole key (1 MiB); freestyle's by the inner eight
//     fields (64 KiB, cache-resident).
//   - Per empty cell, the table's byte of each direction and, per colour,
//     the index of the combination of its four line patterns in a
//     precomputed table (combo.go) that gives the cell's move-ordering
//     score, strongest line, number of fours and class (open four or double
//     four, four-three, four, double three, open three, ...), so that
//     scoring a move is one load.
//   - Per colour, a count of every pattern and of every cell class over the
//     empty cells, kept up to date by the same updates, so that "does the
//     opponent have a four / an open three", the wins that need no search
//     and the static evaluation are O(1)
//     (https://www.chessprogramming.org/Incremental_Updates).
//   - During a search, an undo log (undolog.go): each move records the
//     counts and the line bytes it changed, and undo puts them back instead
//     of looking the patterns up again.
//   - Zobrist hashing with the side to move
//     (https://www.chessprogramming.org/Zobrist_Hashing).
//
// Search (search.go, searcher.go, root.go, pvs.go, moves.go, quiesce.go,
// movegen.go, threat.go, smp.go; every tuned constant in params.go). The
// design, and the study of Rapfi it comes from, are in
// docs/gomoku-search.md: threats are spent as move order, not as width.
//
//   - Openings without search: the centre on an empty board, and the
//     diagonal neighbour (towards the centre) of a lone stone (depth 0).
//   - Threat-space search at the root with its own table
//     (https://en.wikipedia.org/wiki/Threat_space_search, L.V. Allis,
//     "Go-Moku and Threat-Space Search", 1993): VCF (victory by continuous
//     fours: every attacking move a four, the reply forced) and VCT (fours
//     and open threes, every defence against a three tried: the cells that
//     leave no open three, and the defender's own fours), at bounded node
//     budgets and a quarter of the time to the deadline (engine.ShareOf).
//   - The opponent's VCF detected at the root (by a null move): only the
//     root moves after which it fails are searched.
//   - Symmetric positions (symmetry.go): when a symmetry of the board (a
//     mirror or a rotation) leaves the position as it is, only the first
//     root move in order of each set it maps together is searched, the
//     others having the same value; the analysis lists them once.
//   - Principal variation search with iterative deepening and aspiration
//     windows, widened in a step after a fail before the full window
//     (https://www.chessprogramming.org/Principal_Variation_Search,
//     https://www.chessprogramming.org/Aspiration_Windows), fail-soft, with
//     mate-distance pruning and win scores stored relative to the node.
//   - Fractional depth (onePly units): reductions and extensions are
//     fractions of a ply, so that a move's depth follows its rank.
//   - Late-move reductions at every node, not only quiet ones
//     (https://www.chessprogramming.org/Late_Move_Reductions): from the
//     second move, ln(plies left)*ln(rank)*reductionScale plies, less at
//     principal-variation nodes, for a move making or stopping an open
//     three or a four and at a node answering a threat, more where the
//     side to move is not improving; a move keeps a ply at least and is
//     searched again at full depth when it beats alpha. Root moves are not
//     reduced. A lone forced reply (the block of a four) is searched a
//     quarter ply deeper than its node.
//   - Move-count pruning at every node but the root
//     (https://www.chessprogramming.org/Futility_Pruning#MoveCountBasedPruning),
//     once a move that does not lose is found: past 3 + (plies left)^1.3
//     moves, half as many when not improving, and near the horizon the
//     moves that make nothing for either side. Where the side to move has
//     four or more four-making cells (a quiet move may set up continuous
//     fours) nothing is pruned, and from eight none is reduced.
//   - Razoring (https://www.chessprogramming.org/Razoring) into the
//     quiescence search, and futility pruning on the static value, at
//     null-window nodes that answer no threat.
//   - At a principal-variation node, once a move raises alpha, the rest
//     are searched a ply shallower.
//   - Quiescence search of fours, as Rapfi's: past the horizon the side to
//     move blocks the opponent's four, else stands on its static value or
//     plays one of its fours (every four at the first ply, then only those
//     that make a three or an open two besides, the two best-ordered); an
//     open three is priced by the evaluation, not answered.
//   - Wins that need no search, from the cell classes: an open four or a
//     double four to make wins in 3 plies; a four-three or a double three
//     wins in 5 when the opponent cannot make a four.
//   - Transposition table (engine.Table) with the table move searched
//     first; its depths are whole plies.
//   - Move generation by threat: the only block when the opponent has a
//     four; the defences and own fours when it has an open three;
//     otherwise every empty cell within two of a stone, ordered by the
//     patterns both sides make there (attack plus defence), the killer
//     moves and the history heuristic
//     (https://www.chessprogramming.org/Killer_Heuristic,
//     https://www.chessprogramming.org/History_Heuristic).
//   - A static evaluation that weighs, for each side, the count of every
//     line pattern and of every cell class (four-three, double three, ...)
//     over the empty cells (eval.go), with weights fitted to self-play
//     results by cmd/gomokutune (Texel's tuning method,
//     https://www.chessprogramming.org/Texel%27s_Tuning_Method; weights.go).
//   - An iteration cut short by the deadline keeps a root move it found
//     better than the last complete iteration's.
//   - When every move loses, the move a search without the threat search
//     prefers, for the most stubborn defence.
//   - Deadline from the context, polled every 256 nodes in both searches; a
//     node limit (engine.Limits.MaxNodes) for reproducible tools and tests. The
//     first iteration always completes.
//   - No allocation per node: one move stack shared by every ply, reused
//     searchers with their tables.
//   - Lazy SMP for tools on the clock (Options.Threads, smp.go;
//     https://www.chessprogramming.org/Lazy_SMP): helper goroutines run the
//     main search's iterations, every other one a ply ahead, on copies of
//     the board, sharing its transposition table (lockless entries,
//     engine.Table); the main search's answer benefits through the table.
//     Not used by Search (engine.Limits.Threads), whose answers stay
//     reproducible.
//   - A table kept from move to move for players of one game (Session,
//     session.go; engine.Table.Carry): the position after the player's move
//     and the reply was mostly searched in the last search, whose entries
//     then order and cut the next one. Not used by Search either, whose
//     answer depends on the request alone.
//   - A hook for the tools' experiments (Options.Variant, variant.go; in
//     the manner of CounterGo's NewEngine(evalBuilder)): another evaluation
//     (weights, cell values, line values whose sums the board keeps as it
//     plays), another move ordering, the threat search, the threat
//     knowledge or the pruning turned off. engine/gomoku/lab owns the
//     tables, their JSON forms, their fits' views of a position (view.go)
//     and the experiments' names; the arena and the tuner import it, the
//     server does not, and Search uses the engine's own search.
//
// A proved result is reported as engine.OutcomeWin or OutcomeLoss with its
// distance. Threat-space proofs try every relevant defence; a result proved
// by the main search considers defences within two cells of a stone, as the
// move generator does.
package gomoku
